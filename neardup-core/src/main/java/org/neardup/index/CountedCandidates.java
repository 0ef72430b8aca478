package org.neardup.index;

import java.util.Arrays;

/**
 * The documents found in at least a given number of a query's buckets, each with the number of
 * those buckets that hold it (for LSH bands: how many bands the document shares with the query),
 * most first: the order in which top-k search looks at them.
 *
 * @param handles distinct handles, by hits descending, then ascending
 * @param hits for each handle, the number of buckets holding it
 */
// Shares its arrays (no copy: a carrier between the pipeline's steps); equals and hashCode
// compare them by identity, which no caller relies on.
@SuppressWarnings("ArrayRecordComponent")
public record CountedCandidates(long[] handles, int[] hits) {
  public CountedCandidates {
    if (handles.length != hits.length) {
      throw new IllegalArgumentException("handles and hits of different lengths");
    }
  }

  /**
   * The handles repeated at least {@code minimumHits} times among the first {@code size} of {@code
   * handles} (one entry a bucket holding the handle), with their counts; sorts {@code handles}.
   */
  public static CountedCandidates count(long[] handles, int size, int minimumHits) {
    Arrays.sort(handles, 0, size);
    return countSorted(handles, size, minimumHits);
  }

  /** {@link #count} of handles already sorted. */
  static CountedCandidates countSorted(long[] sorted, int size, int minimumHits) {
    long[] distinct = new long[size];
    int[] hits = new int[size];
    int count = 0;
    for (int i = 0; i < size; ) {
      int end = i + 1;
      while (end < size && sorted[end] == sorted[i]) {
        end++;
      }
      if (end - i >= minimumHits) {
        distinct[count] = sorted[i];
        hits[count++] = end - i;
      }
      i = end;
    }
    return mostHitsFirst(distinct, hits, count);
  }

  /**
   * The first {@code count} of these ascending handles and their hits, by hits descending and
   * ascending within equal hits (a stable counting sort on the hits).
   */
  private static CountedCandidates mostHitsFirst(long[] handles, int[] hits, int count) {
    int most = 0;
    for (int i = 0; i < count; i++) {
      most = Math.max(most, hits[i]);
    }
    int[] start = new int[most + 2];
    for (int i = 0; i < count; i++) {
      start[most - hits[i] + 1]++;
    }
    for (int rank = 1; rank < start.length; rank++) {
      start[rank] += start[rank - 1];
    }
    long[] orderedHandles = new long[count];
    int[] orderedHits = new int[count];
    for (int i = 0; i < count; i++) {
      int at = start[most - hits[i]]++;
      orderedHandles[at] = handles[i];
      orderedHits[at] = hits[i];
    }
    return new CountedCandidates(orderedHandles, orderedHits);
  }

  public int size() {
    return handles.length;
  }
}
