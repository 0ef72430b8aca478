package org.neardup.sort;

import java.util.Arrays;
import org.neardup.api.Faces;

/**
 * Sorts {@code long[]} of hash values in signed order: one counting-sort pass on the top bits
 * (about log2(n) + 1 of them, so buckets hold half a value on average), then one insertion pass,
 * which moves values only within their bucket. Uniformly random 64-bit hashes — what shingle hashes
 * are — make the buckets small, so this is linear in practice; a bucket that is nonetheless large
 * is sorted with {@link Arrays#sort}, so no input is quadratic. Small arrays go to {@link
 * Arrays#sort} directly. Thread-safe; {@link #sort} allocates its scratch array and histogram per
 * call, {@link #sortedDistinct} keeps them per thread.
 *
 * <p>Kept over {@link Arrays#sort(long[])} and fastutil's {@code LongArrays.radixSort} because it
 * is about twice as fast on JDK 17 where shingle sets are, hundreds to a few thousand values; on
 * JDK 22 and later, whose {@code Arrays.sort} uses AVX-512, the two are even. Measured by
 * neardup-bench's {@code LongSortBenchmark} and {@code ShingleSetBenchmark}; the figures are in
 * docs/benchmarks.md.
 */
@Faces
public final class LongSort {
  private static final int SMALL = 48;
  private static final int LARGE_BUCKET = 32;

  private LongSort() {}

  /** Sorts {@code values} in place, in signed order. */
  public static void sort(long[] values) {
    sort(values, values.length);
  }

  /**
   * Sorts the first {@code n} of {@code values} in place, in signed order; the rest is untouched.
   */
  public static void sort(long[] values, int n) {
    if (n < SMALL) {
      Arrays.sort(values, 0, n);
      return;
    }
    System.arraycopy(sortedCopy(values, n), 0, values, 0, n);
  }

  /** The first {@code n} of {@code values} sorted, in a new array; {@code values} is untouched. */
  private static long[] sortedCopy(long[] values, int n) {
    if (n < SMALL) {
      long[] copy = Arrays.copyOf(values, n);
      Arrays.sort(copy);
      return copy;
    }
    int buckets = 1 << bucketBits(n);
    int[] next = new int[buckets + 1];
    long[] sorted = new long[n];
    if (scatter(values, n, sorted, next, buckets) <= LARGE_BUCKET) {
      // Buckets are in order and small: one insertion pass over everything only moves values within
      // theirs.
      insertionSort(sorted, 0, n);
    } else {
      sortBuckets(sorted, next, buckets);
    }
    return sorted;
  }

  /**
   * The distinct values among the first {@code n} of {@code values}, sorted, in a new array of
   * their number; {@code values} is untouched. The same as {@code dropRepeats(sortedCopy(values,
   * n), n)}, with the repeats dropped during the insertion pass rather than in a pass of their own,
   * and (up to {@value #SCRATCH_LIMIT} values) the histogram and the sorting done in arrays the
   * thread keeps, so that the answer is the one array allocated.
   */
  public static long[] sortedDistinct(long[] values, int n) {
    if (n < SMALL) {
      return dropRepeats(sortedCopy(values, n), n);
    }
    int buckets = 1 << bucketBits(n);
    Scratch scratch = n <= SCRATCH_LIMIT ? SCRATCH.get() : new Scratch();
    int[] next = scratch.histogram(buckets + 1);
    long[] sorted = scratch.values(n);
    if (scatter(values, n, sorted, next, buckets) > LARGE_BUCKET) {
      sortBuckets(sorted, next, buckets);
      return dropRepeats(Arrays.copyOf(sorted, n), n);
    }
    return Arrays.copyOf(sorted, insertDistinct(sorted, n));
  }

  /** Most values {@link #sortedDistinct} sorts in the thread's arrays (1 MiB a thread at most). */
  private static final int SCRATCH_LIMIT = 1 << 16;

  private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

  /** A thread's work arrays, grown as needed. */
  private static final class Scratch {
    private int[] histogram = new int[0];
    private long[] values = new long[0];

    /** A zeroed histogram of {@code length} counts. */
    int[] histogram(int length) {
      if (histogram.length < length) {
        histogram = new int[length];
      } else {
        Arrays.fill(histogram, 0, length, 0);
      }
      return histogram;
    }

    long[] values(int n) {
      if (values.length < n) {
        values = new long[n];
      }
      return values;
    }
  }

  /**
   * Counting sort on the top bits into {@code buckets} buckets: fills {@code sorted} bucket by
   * bucket ({@code next} holds at least {@code buckets + 1} zeros); returns the largest bucket.
   */
  private static int scatter(long[] values, int n, long[] sorted, int[] next, int buckets) {
    int shift = 64 - Integer.numberOfTrailingZeros(buckets);
    for (int i = 0; i < n; i++) {
      next[bucket(values[i], shift) + 1]++;
    }
    int largest = 0;
    for (int b = 1; b <= buckets; b++) {
      largest = Math.max(largest, next[b]);
      next[b] += next[b - 1];
    }
    for (int i = 0; i < n; i++) {
      long v = values[i];
      sorted[next[bucket(v, shift)]++] = v;
    }
    // next[b] is now the end of bucket b, the start of bucket b + 1
    return largest;
  }

  /**
   * Sorts each of the {@code buckets} buckets of {@code sorted} (ends in {@code next}) on its own.
   */
  private static void sortBuckets(long[] sorted, int[] next, int buckets) {
    for (int b = 0, from = 0; b < buckets; b++) {
      int to = next[b];
      if (to - from > LARGE_BUCKET) {
        Arrays.sort(sorted, from, to);
      } else {
        insertionSort(sorted, from, to);
      }
      from = to;
    }
  }

  /** About log2(n) + 1 bits: buckets hold half a value on average. */
  private static int bucketBits(int n) {
    return Math.max(4, Math.min(20, 32 - Integer.numberOfLeadingZeros(n)));
  }

  /**
   * The first {@code n} of {@code sorted} (ascending) with repeats dropped: {@code sorted} itself
   * when it has none and {@code n} is its length, else a new, shorter array.
   */
  public static long[] dropRepeats(long[] sorted, int n) {
    if (n < 2) {
      return n == sorted.length ? sorted : Arrays.copyOf(sorted, n);
    }
    int distinct = 1;
    for (int i = 1; i < n; i++) {
      long v = sorted[i];
      sorted[distinct] = v;
      distinct += v != sorted[distinct - 1] ? 1 : 0;
    }
    return distinct == sorted.length ? sorted : Arrays.copyOf(sorted, distinct);
  }

  /** The top bits of {@code value} with the sign bit flipped, so buckets follow signed order. */
  private static int bucket(long value, int shift) {
    return (int) ((value ^ Long.MIN_VALUE) >>> shift);
  }

  /**
   * Insertion sort of {@code a[0, n)} that keeps each value once: the distinct values end in {@code
   * a[0, returned)}. A value equal to one already placed is dropped, the values moved up for it
   * moved back.
   */
  private static int insertDistinct(long[] a, int n) {
    int distinct = 0;
    for (int i = 0; i < n; i++) {
      long v = a[i];
      int j = distinct - 1;
      while (j >= 0 && a[j] > v) {
        a[j + 1] = a[j];
        j--;
      }
      if (j >= 0 && a[j] == v) {
        System.arraycopy(a, j + 2, a, j + 1, distinct - 1 - j);
      } else {
        a[j + 1] = v;
        distinct++;
      }
    }
    return distinct;
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
