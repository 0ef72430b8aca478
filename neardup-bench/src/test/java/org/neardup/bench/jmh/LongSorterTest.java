package org.neardup.bench.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.neardup.shingle.Shingler;

class LongSorterTest {
  /** Every sorter sorts as Arrays.sort does, and its toSet is Shingler.toSet's answer. */
  @Test
  void everySorterSortsAndMakesTheSameSetAsShingler() {
    SplittableRandom random = new SplittableRandom(7);
    for (int trial = 0; trial < 200; trial++) {
      int n = random.nextInt(0, 3000);
      long[] values = new long[n];
      for (int i = 0; i < n; i++) {
        values[i] = trial % 2 == 0 ? random.nextLong() : random.nextLong(-50, 50);
      }
      long[] sorted = values.clone();
      Arrays.sort(sorted);
      long[] set = Shingler.toSet(values.clone());
      for (LongSorter sorter : LongSorter.values()) {
        long[] copy = values.clone();
        sorter.sort(copy);
        assertThat(copy).as("%s, n = %d", sorter, n).isEqualTo(sorted);
        assertThat(sorter.toSet(values.clone())).as("%s, n = %d", sorter, n).isEqualTo(set);
      }
    }
  }
}
