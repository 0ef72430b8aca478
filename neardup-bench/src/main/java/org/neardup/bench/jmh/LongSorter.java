package org.neardup.bench.jmh;

import it.unimi.dsi.fastutil.longs.LongArrays;
import java.util.Arrays;
import org.neardup.sort.LongSort;

/**
 * The ways to sort a {@code long[]} of shingle hashes that {@link LongSortBenchmark} and {@link
 * ShingleSetBenchmark} compare. {@code Arrays.parallelSort} is not one: below 8,192 elements it is
 * {@code Arrays.sort} itself, and above that it would take the cores the pipeline already keeps
 * busy with one document each.
 */
public enum LongSorter {
  /**
   * neardup's counting sort on the top bits plus insertion sort ({@link LongSort}); its set is
   * {@link LongSort#sortedDistinct}, repeats dropped during the insertion pass, as {@code
   * Shingler.toSet} makes it.
   */
  LONG_SORT {
    @Override
    void sort(long[] values) {
      LongSort.sort(values);
    }

    @Override
    long[] toSet(long[] values) {
      return values.length < 2 ? values : LongSort.sortedDistinct(values, values.length);
    }
  },

  /** The JDK's dual-pivot quicksort ({@link Arrays#sort(long[])}). */
  ARRAYS_SORT {
    @Override
    void sort(long[] values) {
      Arrays.sort(values);
    }
  },
  /** fastutil's LSD radix sort ({@link LongArrays#radixSort(long[])}). */
  FASTUTIL_RADIX_SORT {
    @Override
    void sort(long[] values) {
      LongArrays.radixSort(values);
    }
  };

  /** Sorts {@code values} in place, in signed order. */
  abstract void sort(long[] values);

  /**
   * {@code values} sorted in place by this sort, repeats dropped: what {@code Shingler.toSet} does
   * with its own sort.
   */
  long[] toSet(long[] values) {
    if (values.length < 2) {
      return values;
    }
    sort(values);
    return LongSort.dropRepeats(values, values.length);
  }
}
