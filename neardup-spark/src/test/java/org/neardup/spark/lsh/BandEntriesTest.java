package org.neardup.spark.lsh;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BandEntriesTest {
  @Test
  void sortsByBucketContentAndOrdinalAcrossBatchesAndKeepsTheBandZeroMark() {
    SplittableRandom random = new SplittableRandom(7);
    List<BandEntries> batches = new ArrayList<>();
    List<long[]> expected = new ArrayList<>();
    for (int b = 0; b < 5; b++) {
      BandEntries batch = new BandEntries();
      for (int i = 0; i < 3000; i++) {
        // few keys (some buckets of hundreds of entries), a key the minimum long, and copies
        long key = random.nextInt(10) == 0 ? Long.MIN_VALUE : random.nextLong(-40, 40) * 977;
        long content = random.nextInt(20);
        long ordinal = random.nextLong(1L << 40);
        int band = (int) Math.floorMod(key, 3);
        batch.add(key, content, ordinal, band);
        expected.add(new long[] {key, content, ordinal, band == 0 ? 1 : 0});
      }
      batches.add(batch.trimmed());
    }
    expected.sort(
        Comparator.<long[]>comparingLong(e -> e[0])
            .thenComparingLong(e -> e[1])
            .thenComparingLong(e -> e[2]));

    BandEntries sorted = BandEntries.sortedUnion(batches);

    assertThat(sorted.size()).isEqualTo(15_000);
    for (int i = 0; i < sorted.size(); i++) {
      long[] e = expected.get(i);
      assertThat(new long[] {sorted.key(i), sorted.content(i), sorted.ordinal(i)})
          .as("entry %d", i)
          .containsExactly(e[0], e[1], e[2]);
      assertThat(sorted.isBandZero(i)).isEqualTo(e[3] == 1);
    }
  }
}
