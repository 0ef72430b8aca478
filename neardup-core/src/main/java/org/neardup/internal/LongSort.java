package org.neardup.internal;

import java.util.Arrays;

/**
 * Sorts {@code long[]} in signed order, by LSD radix sort (8 passes of 8 bits) for arrays large
 * enough to repay the counting, {@link Arrays#sort} below that. Shingle-hash arrays are uniformly
 * random 64-bit values, which is where radix sort beats comparison sorting. Stateless and
 * thread-safe; allocates one scratch array per call.
 */
public final class LongSort {
  private static final int RADIX_THRESHOLD = 96;

  private LongSort() {}

  /** Sorts {@code values} in place, in signed order. */
  public static void sort(long[] values) {
    int n = values.length;
    if (n < RADIX_THRESHOLD) {
      Arrays.sort(values);
      return;
    }
    long[] from = values;
    long[] to = new long[n];
    int[] counts = new int[256];
    for (int shift = 0; shift < 64; shift += 8) {
      Arrays.fill(counts, 0);
      boolean last = shift == 56;
      for (long v : from) {
        counts[digit(v, shift, last)]++;
      }
      if (counts[digit(from[0], shift, last)] == n) {
        continue; // every value has this digit: the pass would not move anything
      }
      int offset = 0;
      for (int d = 0; d < 256; d++) {
        int c = counts[d];
        counts[d] = offset;
        offset += c;
      }
      for (long v : from) {
        to[counts[digit(v, shift, last)]++] = v;
      }
      long[] swap = from;
      from = to;
      to = swap;
    }
    if (from != values) {
      System.arraycopy(from, 0, values, 0, n);
    }
  }

  private static int digit(long value, int shift, boolean signed) {
    int d = (int) (value >>> shift) & 0xFF;
    return signed ? d ^ 0x80 : d;
  }
}
