package org.neardup.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.neardup.internal.SpillFile;

class HeldSketchesTest {
  @Test
  void setsPastTheBudgetWaitInTheFileAndComeBackTheSame() {
    long before = SpillFile.bytesInUse();
    SplittableRandom random = new SplittableRandom(4);
    long[][] sets = new long[200][];
    try (HeldSketches held = new HeldSketches(20_000, null)) {
      for (int i = 0; i < sets.length; i++) {
        sets[i] = LongStream.generate(random::nextLong).limit(random.nextInt(1, 300)).sorted().distinct().toArray();
        held.hold(i, sets[i], new int[] {i});
      }
      assertThat(held.spilledSets()).isGreaterThan(150);
      for (int i = sets.length - 1; i >= 0; i--) {
        assertThat(held.set(i)).as("set %d", i).containsExactly(sets[i]);
        assertThat(held.signature(i)).containsExactly(i);
        held.release(i);
      }
      assertThatThrownBy(() -> held.set(3)).isInstanceOf(IllegalStateException.class);
    }
    assertThat(SpillFile.bytesInUse()).isEqualTo(before);
  }
}
