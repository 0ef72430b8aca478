package org.neardup.batch.spill;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.neardup.sort.SpillFile;

class IntLogTest {
  @Test
  void givesBackEveryIntInOrderFromMemoryAndFromDisk() {
    for (long budget : new long[] {0, 1 << 20, Long.MAX_VALUE}) {
      long before = SpillFile.bytesInUse();
      SplittableRandom random = new SplittableRandom(budget);
      int[] expected = random.ints(400_000).toArray();
      try (IntLog log = new IntLog(budget, null)) {
        for (int from = 0; from < expected.length; ) {
          int length = Math.min(expected.length - from, random.nextInt(1, 5000));
          int[] chunk = java.util.Arrays.copyOfRange(expected, from, from + length);
          log.append(chunk, length);
          from += length;
        }
        assertThat(log.size()).isEqualTo(expected.length);
        if (budget == 0) {
          assertThat(log.spilledBytes()).isPositive();
        }
        if (budget == Long.MAX_VALUE) {
          assertThat(log.spilledBytes()).isZero();
        }
        IntLog.Reader reader = log.reader();
        for (int value : expected) {
          assertThat(reader.hasNext()).isTrue();
          assertThat(reader.next()).isEqualTo(value);
        }
        assertThat(reader.hasNext()).isFalse();
      }
      assertThat(SpillFile.bytesInUse()).isEqualTo(before);
    }
  }
}
