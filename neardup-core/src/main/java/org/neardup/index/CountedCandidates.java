package org.neardup.index;

import java.util.Arrays;
import org.neardup.api.Faces;

/**
 * The documents found in at least a given number of a query's buckets, each with the number of
 * those buckets that hold it (for LSH bands: how many bands the document shares with the query),
 * most first: the order in which top-k search looks at them. Immutable: made only by {@link
 * #count}, read by position ({@link #handle}, {@link #hits(int)}) or as copies.
 */
@Faces
public final class CountedCandidates {
  /** Distinct handles, by hits descending, then ascending. */
  private final long[] handles;

  /** For each handle, the number of buckets holding it. */
  private final int[] hits;

  private CountedCandidates(long[] handles, int[] hits) {
    this.handles = handles;
    this.hits = hits;
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

  /** The {@code index}-th handle: most hits first, then ascending. */
  public long handle(int index) {
    return handles[index];
  }

  /** The number of buckets holding the {@code index}-th handle. */
  public int hits(int index) {
    return hits[index];
  }

  /** The handles, not copied: for this package's readers, which do not change them. */
  long[] sharedHandles() {
    return handles;
  }

  /** The hits, not copied: for this package's readers, which do not change them. */
  int[] sharedHits() {
    return hits;
  }

  /** The handles, most hits first, then ascending: a copy. */
  public long[] handles() {
    return handles.clone();
  }

  /** For each handle, the number of buckets holding it: a copy. */
  public int[] hits() {
    return hits.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CountedCandidates other
        && Arrays.equals(handles, other.handles)
        && Arrays.equals(hits, other.hits);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(handles) + Arrays.hashCode(hits);
  }

  @Override
  public String toString() {
    return "CountedCandidates[handles="
        + Arrays.toString(handles)
        + ", hits="
        + Arrays.toString(hits)
        + "]";
  }
}
