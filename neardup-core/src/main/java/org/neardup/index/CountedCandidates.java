package org.neardup.index;

import java.util.Arrays;

/**
 * The documents found in any of a query's buckets, each with the number of those buckets that hold
 * it (for LSH bands: how many bands the document shares with the query).
 *
 * @param handles distinct handles, ascending
 * @param hits for each handle, the number of buckets holding it (&gt;= 1)
 */
public record CountedCandidates(long[] handles, int[] hits) {
  public CountedCandidates {
    if (handles.length != hits.length) {
      throw new IllegalArgumentException("handles and hits of different lengths");
    }
  }

  /** Counts the repeats of {@code handles} (one entry a bucket holding the handle); sorts it. */
  public static CountedCandidates count(long[] handles, int size) {
    Arrays.sort(handles, 0, size);
    return countSorted(handles, size);
  }

  /** {@link #count} of handles already sorted. */
  static CountedCandidates countSorted(long[] sorted, int size) {
    long[] distinct = new long[size];
    int[] hits = new int[size];
    int count = 0;
    for (int i = 0; i < size; i++) {
      if (count > 0 && distinct[count - 1] == sorted[i]) {
        hits[count - 1]++;
      } else {
        distinct[count] = sorted[i];
        hits[count++] = 1;
      }
    }
    return new CountedCandidates(Arrays.copyOf(distinct, count), Arrays.copyOf(hits, count));
  }

  public int size() {
    return handles.length;
  }
}
