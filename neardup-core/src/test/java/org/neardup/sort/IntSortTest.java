package org.neardup.sort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class IntSortTest {
  /**
   * Property over 400 seeded arrays: sizes 0 to 5,000 (below and above the size sorted directly),
   * values below bounds from 1 to 2^31 (one pass to three, many repeats to none), and a tail past n
   * left alone: the first n values end as Arrays.sort leaves them.
   */
  @Test
  void sortsAsArraysSortDoes() {
    SplittableRandom random = new SplittableRandom(0x1275);
    int[] bounds = {
      1,
      2,
      7,
      100,
      2_500,
      4_096,
      1 << 11,
      (1 << 11) + 1,
      1 << 20,
      1 << 22,
      (1 << 22) + 3,
      Integer.MAX_VALUE
    };
    for (int trial = 0; trial < 400; trial++) {
      int n = random.nextInt(4) == 0 ? random.nextInt(64) : random.nextInt(5_000);
      int bound = bounds[random.nextInt(bounds.length)];
      int[] values = new int[n + random.nextInt(3)];
      for (int i = 0; i < values.length; i++) {
        values[i] = random.nextInt(bound);
      }
      int[] expected = values.clone();
      Arrays.sort(expected, 0, n);
      IntSort.sortNonNegative(values, n);
      assertThat(values).as("n=%d, bound=%d", n, bound).containsExactly(expected);
    }
  }

  @Test
  void refusesNegativeValues() {
    int[] values = new int[100];
    values[57] = -3;
    assertThatThrownBy(() -> IntSort.sortNonNegative(values, 100))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
