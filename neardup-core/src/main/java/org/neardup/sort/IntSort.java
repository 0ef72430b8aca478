package org.neardup.sort;

import java.util.Arrays;
import org.neardup.api.Faces;

/**
 * Sorts {@code int[]} of non-negative values that need few bits, such as the handles of an index
 * (dense, below its size): a least-significant-digit radix sort in as few passes of at most {@value
 * #MAX_DIGIT_BITS} bits as the largest value needs, each pass a histogram and a scatter. A top-k
 * query sorts the hundreds to thousands of floor-bucket entries it meets this way, where {@link
 * Arrays#sort(int[])} spent most of the time of counting them (a comparison sort of random values
 * mispredicts a branch a comparison). Small arrays go to {@link Arrays#sort} directly. Thread-safe;
 * allocates a scratch array of {@code n} values and a histogram per pass.
 */
@Faces
public final class IntSort {
  private static final int SMALL = 64;
  private static final int MAX_DIGIT_BITS = 11;

  private IntSort() {}

  /**
   * Sorts the first {@code n} values of {@code values} in place.
   *
   * @throws IllegalArgumentException for a negative value
   */
  public static void sortNonNegative(int[] values, int n) {
    if (n < SMALL) {
      Arrays.sort(values, 0, n);
      return;
    }
    int all = 0;
    for (int i = 0; i < n; i++) {
      all |= values[i];
    }
    if (all < 0) {
      throw new IllegalArgumentException("a negative value among those to sort");
    }
    int bits = 32 - Integer.numberOfLeadingZeros(all);
    int passes = Math.max(1, (bits + MAX_DIGIT_BITS - 1) / MAX_DIGIT_BITS);
    int digitBits = Math.max(1, (bits + passes - 1) / passes);
    int mask = (1 << digitBits) - 1;
    int[] from = values;
    int[] to = new int[n];
    for (int shift = 0; shift < bits; shift += digitBits) {
      int[] start = new int[mask + 2];
      for (int i = 0; i < n; i++) {
        start[((from[i] >>> shift) & mask) + 1]++;
      }
      for (int digit = 1; digit < start.length; digit++) {
        start[digit] += start[digit - 1];
      }
      for (int i = 0; i < n; i++) {
        int value = from[i];
        to[start[(value >>> shift) & mask]++] = value;
      }
      int[] swap = from;
      from = to;
      to = swap;
    }
    if (from != values) {
      System.arraycopy(from, 0, values, 0, n);
    }
  }
}
