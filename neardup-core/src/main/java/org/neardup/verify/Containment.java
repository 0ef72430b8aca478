package org.neardup.verify;

import java.util.Arrays;

/**
 * Exact containment of one shingle set in another, C(Q, X) = |Q ∩ X| / |Q|: how much of Q is in X.
 * Asymmetric, unlike Jaccard: a quoted passage Q lies wholly in its source X (C = 1) however long X
 * is, while their Jaccard similarity is at most |Q| / |X|. Sets are sorted arrays of distinct
 * hashes as {@link org.neardup.shingle.Shingler} makes them. Stateless and thread-safe.
 */
public final class Containment {
  /** Returned by {@link #atLeast} for a pair below the threshold. */
  public static final double BELOW = -1;

  private Containment() {}

  /** C(Q, X) = |Q ∩ X| / |Q|; an empty Q is contained in everything (1). */
  public static double of(long[] query, long[] other) {
    return query.length == 0 ? 1 : (double) Jaccard.intersectionSize(query, other) / query.length;
  }

  /**
   * The fewest common shingles C(Q, X) &gt;= {@code threshold} needs for |Q| = {@code querySize}:
   * ⌈t·|Q|⌉, computed so that rounding never raises it above the exact bound.
   */
  public static int neededOverlap(int querySize, double threshold) {
    long needed = (long) Math.ceil(threshold * querySize * (1 - 1e-12));
    return (int) Math.max(0, Math.min(querySize, needed));
  }

  /**
   * C(Q, X) when it is at least {@code threshold}, else {@link #BELOW}. Rejects by size first (X
   * must hold ⌈t·|Q|⌉ shingles), then merges with an early exit once the shingles of Q still to
   * come cannot reach that overlap; the final comparison is on the exact value.
   */
  public static double atLeast(long[] query, long[] other, double threshold) {
    if (query.length == 0) {
      return 1 >= threshold ? 1 : BELOW;
    }
    int needed = neededOverlap(query.length, threshold);
    if (other.length < needed) {
      return BELOW;
    }
    int common = overlapAtLeast(query, other, needed);
    if (common < 0) {
      return BELOW;
    }
    double containment = (double) common / query.length;
    return containment >= threshold ? containment : BELOW;
  }

  /**
   * |Q ∩ X| if it is at least {@code needed}, else -1 (as soon as that is certain). When X is much
   * larger than Q it gallops (exponential then binary search in X for each element of Q), so that a
   * short passage is checked against a long document in about |Q|·log(|X| / |Q|) steps.
   */
  public static int overlapAtLeast(long[] query, long[] other, int needed) {
    if (other.length > 16L * query.length) {
      return gallop(query, other, needed);
    }
    return Jaccard.intersectionSize(query, other, needed);
  }

  private static int gallop(long[] query, long[] other, int needed) {
    int common = 0;
    int from = 0;
    for (int i = 0; i < query.length; i++) {
      if (common + (query.length - i) < needed) {
        return -1;
      }
      long x = query[i];
      int step = 1;
      int hi = from;
      while (hi < other.length && other[hi] < x) {
        from = hi + 1;
        hi = from + step;
        step <<= 1;
      }
      int at = Arrays.binarySearch(other, from, Math.min(hi + 1, other.length), x);
      if (at >= 0) {
        common++;
        from = at + 1;
      } else {
        from = -at - 1;
      }
      if (from >= other.length) {
        break;
      }
    }
    return common < needed ? -1 : common;
  }
}
