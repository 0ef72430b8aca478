package org.neardup.sort;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LongSortTest {
  /** Property over seeded random arrays of every size class, value range and sign mix. */
  @Test
  void sortsLikeArraysSortForAnyValues() {
    SplittableRandom random = new SplittableRandom(0x50f7);
    for (int trial = 0; trial < 500; trial++) {
      int n = random.nextInt(0, 2000);
      long[] values = new long[n];
      int kind = trial % 4;
      for (int i = 0; i < n; i++) {
        values[i] =
            kind == 0
                ? random.nextLong()
                : kind == 1
                    ? random.nextLong(-1000, 1000) // few distinct, both signs
                    : kind == 2
                        ? random.nextLong() & 0xFFFF_FFFFL // high bytes all equal: passes skipped
                        : Long.MIN_VALUE + random.nextInt(3); // extremes
      }
      long[] expected = values.clone();
      Arrays.sort(expected);
      LongSort.sort(values);
      assertThat(values).isEqualTo(expected);
    }
  }

  @Test
  void handlesTheExtremesAroundZero() {
    long[] values = new long[200];
    for (int i = 0; i < values.length; i++) {
      values[i] = i % 4 == 0 ? Long.MAX_VALUE : i % 4 == 1 ? Long.MIN_VALUE : i % 4 == 2 ? -1 : 0;
    }
    LongSort.sort(values);
    assertThat(values[0]).isEqualTo(Long.MIN_VALUE);
    assertThat(values[199]).isEqualTo(Long.MAX_VALUE);
    assertThat(values).isSorted();
  }

  @Test
  void sortsAPrefixAndLeavesTheRest() {
    SplittableRandom random = new SplittableRandom(7);
    for (int n : new int[] {0, 5, 47, 48, 1000, 5000}) {
      long[] values = random.longs(n + 20).toArray();
      long[] tail = Arrays.copyOfRange(values, n, n + 20);
      long[] expected = Arrays.copyOf(values, n);
      Arrays.sort(expected);
      LongSort.sort(values, n);
      assertThat(Arrays.copyOf(values, n)).isEqualTo(expected);
      assertThat(Arrays.copyOfRange(values, n, n + 20)).isEqualTo(tail);
    }
  }

  @Test
  void sortedDistinctIsTheSortedSetOfAnyValues() {
    SplittableRandom random = new SplittableRandom(0x5e7);
    for (int trial = 0; trial < 800; trial++) {
      int length = random.nextInt(0, 3000);
      int n = random.nextInt(0, length + 1);
      long[] values = new long[length];
      long[] pool =
          random.longs(1 + random.nextInt(length + 1)).toArray(); // repeats from few to none
      for (int i = 0; i < length; i++) {
        values[i] =
            switch (trial % 4) {
              case 0 -> pool[random.nextInt(pool.length)]; // random hashes, repeated
              case 1 -> random.nextLong(-50, 50); // few distinct around zero: large buckets
              case 2 -> random.nextLong();
              default -> random.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE - random.nextInt(3);
            };
      }
      long[] before = values.clone();
      long[] expected = Arrays.stream(values, 0, n).sorted().distinct().toArray();
      assertThat(LongSort.sortedDistinct(values, n))
          .as("trial %d, n %d", trial, n)
          .isEqualTo(expected);
      assertThat(values).isEqualTo(before);
    }
    // past the thread's work arrays, at their limit, and small again after large (histogram zeroed)
    for (int n : new int[] {70_000, 65_536, 100, 5_000, 48}) {
      long[] pool = random.longs(n / 2 + 1).toArray();
      long[] values =
          random.ints(n, 0, pool.length).mapToLong(i -> pool[i]).toArray(); // hashes, repeated
      assertThat(LongSort.sortedDistinct(values, n))
          .as("n %d", n)
          .isEqualTo(Arrays.stream(values).sorted().distinct().toArray());
    }
  }

  @Test
  void dropRepeatsKeepsEachValueOnceInOrder() {
    SplittableRandom random = new SplittableRandom(0xd0b);
    for (int trial = 0; trial < 500; trial++) {
      int length = random.nextInt(0, 300);
      int n = random.nextInt(0, length + 1);
      long[] sorted = random.longs(length, -20, 20).toArray(); // many repeats
      Arrays.sort(sorted, 0, n);
      long[] expected = Arrays.stream(sorted, 0, n).distinct().toArray();
      long[] result = LongSort.dropRepeats(sorted.clone(), n);
      assertThat(result).as("trial %d", trial).isEqualTo(expected);
    }
    long[] distinct = {1, 2, 3};
    assertThat(LongSort.dropRepeats(distinct, 3)).isSameAs(distinct);
  }
}
