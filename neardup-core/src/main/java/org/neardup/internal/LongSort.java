package org.neardup.internal;

import java.util.Arrays;

/**
 * Sorts {@code long[]} of hash values in signed order: one counting-sort pass on the top bits
 * (about log2(n) of them, so buckets hold two values on average), then insertion sort inside each
 * bucket. Uniformly random 64-bit hashes — what shingle hashes are — make the buckets small, so
 * this is linear in practice; a bucket that is nonetheless large is sorted with {@link
 * Arrays#sort}, so no input is quadratic. Small arrays go to {@link Arrays#sort} directly.
 * Stateless and thread-safe; allocates a scratch array and a histogram per call.
 */
public final class LongSort {
  private static final int SMALL = 48;
  private static final int LARGE_BUCKET = 32;

  private LongSort() {}

  /** Sorts {@code values} in place, in signed order. */
  public static void sort(long[] values) {
    int n = values.length;
    if (n < SMALL) {
      Arrays.sort(values);
      return;
    }
    int bits = Math.max(4, Math.min(20, 31 - Integer.numberOfLeadingZeros(n) - 1));
    int shift = 64 - bits;
    int[] starts = new int[(1 << bits) + 1];
    for (long v : values) {
      starts[bucket(v, shift) + 1]++;
    }
    for (int b = 1; b < starts.length; b++) {
      starts[b] += starts[b - 1];
    }
    long[] sorted = new long[n];
    int[] fill = Arrays.copyOf(starts, starts.length - 1);
    for (long v : values) {
      sorted[fill[bucket(v, shift)]++] = v;
    }
    for (int b = 0; b < starts.length - 1; b++) {
      int from = starts[b];
      int to = starts[b + 1];
      if (to - from > LARGE_BUCKET) {
        Arrays.sort(sorted, from, to);
      } else {
        insertionSort(sorted, from, to);
      }
    }
    System.arraycopy(sorted, 0, values, 0, n);
  }

  /** The top bits of {@code value} with the sign bit flipped, so buckets follow signed order. */
  private static int bucket(long value, int shift) {
    return (int) ((value ^ Long.MIN_VALUE) >>> shift);
  }

  private static void insertionSort(long[] a, int from, int to) {
    for (int i = from + 1; i < to; i++) {
      long v = a[i];
      int j = i - 1;
      while (j >= from && a[j] > v) {
        a[j + 1] = a[j];
        j--;
      }
      a[j + 1] = v;
    }
  }
}
