package org.neardup.verify;

/**
 * Exact Jaccard similarity of two shingle sets given as sorted arrays of distinct hashes (as {@link
 * org.neardup.shingle.Shingler} makes them): |A ∩ B| / |A ∪ B| by a linear merge. Stateless and
 * thread-safe.
 */
public final class Jaccard {
  /** Returned by {@link #similarityAtLeast} for a pair below the threshold. */
  public static final double BELOW = -1;

  /**
   * Returned by {@link #plausiblyAtLeast(long[], long[], int, double, double)} when the head of B
   * given ran out before the pair was decided.
   */
  public static final double UNDECIDED = -2;

  private static final long EMPTY_PAIR = -2;
  private static final long REJECTED = -3;

  private Jaccard() {}

  /** |A ∩ B|. */
  public static int intersectionSize(long[] a, long[] b) {
    return intersectionSize(a, b, 0);
  }

  /**
   * |A ∩ B|, or -1 as soon as it is certain to stay below {@code needed}: the one merge loop every
   * similarity here (and {@link Containment}) uses.
   */
  static int intersectionSize(long[] a, long[] b, long needed) {
    int i = 0;
    int j = 0;
    int common = 0;
    while (i < a.length && j < b.length) {
      if (common + Math.min(a.length - i, b.length - j) < needed) {
        return -1;
      }
      long x = a[i];
      long y = b[j];
      if (x == y) {
        common++;
        i++;
        j++;
      } else if (x < y) {
        i++;
      } else {
        j++;
      }
    }
    return common < needed ? -1 : common;
  }

  /** J(A, B); two empty sets have similarity 1. */
  public static double similarity(long[] a, long[] b) {
    if (a.length == 0 && b.length == 0) {
      return 1;
    }
    int common = intersectionSize(a, b);
    return (double) common / (a.length + b.length - common);
  }

  /**
   * J(A, B) when it is at least {@code threshold}, else {@link #BELOW}. Faster than {@link
   * #similarity} on dissimilar pairs: it rejects by size first (J &lt;= min/max) and stops the
   * merge once the common elements still possible cannot reach the threshold. The comparison with
   * the threshold is on the exact value, so no pair at or above it is rejected.
   */
  public static double similarityAtLeast(long[] a, long[] b, double threshold) {
    long needed = neededOverlap(a.length, b.length, threshold);
    if (needed == EMPTY_PAIR) {
      return 1 >= threshold ? 1 : BELOW;
    }
    return needed == REJECTED
        ? BELOW
        : atLeast(a.length, b.length, intersectionSize(a, b, needed), threshold);
  }

  /**
   * Where {@link #plausiblyAtLeast} first looks at the merge (union elements seen), doubling after.
   */
  static final int FIRST_LOOK = 128;

  /**
   * {@link #similarityAtLeast(long[], long[], double)} that may also give up on a pair whose merge
   * so far makes J &gt;= {@code threshold} implausible: a filter for searches that verify many
   * low-similarity candidates (top-k below the threshold), never a different similarity.
   *
   * <p>The merge visits A ∪ B in hash order, and hashes are random, so its first c elements are a
   * uniform sample of A ∪ B (the premise of MinHash itself): the common ones among them number
   * Hypergeometric(|A ∪ B|, |A ∩ B|, c), of mean c·J and variance at most c·J·(1 − J). At c =
   * {@value #FIRST_LOOK}, 256, 512, ... (doubling) the pair is dropped when fewer than c·t − {@code
   * sigmas}·sqrt(c·t·(1 − t)) were common. A pair at J = t is dropped with probability about
   * (number of looks)·Φ(−sigmas): 3e-5 for sigmas = 4.5 and ten looks (sets of 65,000 shingles); a
   * pair above t less often. Sets of fewer than {@value #FIRST_LOOK} shingles are merged exactly as
   * {@code similarityAtLeast} does.
   */
  public static double plausiblyAtLeast(long[] a, long[] b, double threshold, double sigmas) {
    return plausiblyAtLeast(a, b, b.length, threshold, sigmas);
  }

  /**
   * {@link #plausiblyAtLeast(long[], long[], double, double)} of A and a set B of {@code sizeB}
   * hashes of which only the smallest, {@code headB}, are given: the same merge, the same looks and
   * the same answer as with the whole of B, or {@link #UNDECIDED} when the merge needs a hash of B
   * past its head. The looks come at 128, 256, 512 ... union elements, which hold at most as many
   * elements of B, so a head of a few hundred hashes decides most pairs that the looks drop (a
   * store copies a few KB instead of the whole set), and the rest are merged again with the whole
   * set.
   */
  public static double plausiblyAtLeast(
      long[] a, long[] headB, int sizeB, double threshold, double sigmas) {
    long needed = neededOverlap(a.length, sizeB, threshold);
    if (needed == EMPTY_PAIR) {
      return 1 >= threshold ? 1 : BELOW;
    }
    if (needed == REJECTED) {
      return BELOW;
    }
    int i = 0;
    int j = 0;
    int common = 0;
    int look = FIRST_LOOK;
    while (i < a.length && j < sizeB) {
      int seen = i + j - common; // union elements merged so far
      if (seen >= look) {
        double mean = look * threshold;
        if (common < mean - sigmas * Math.sqrt(mean * (1 - threshold))) {
          return BELOW;
        }
        look = look > Integer.MAX_VALUE / 2 ? Integer.MAX_VALUE : look << 1;
      }
      if (common + Math.min(a.length - i, sizeB - j) < needed) {
        return BELOW;
      }
      if (j == headB.length) {
        return UNDECIDED;
      }
      long x = a[i];
      long y = headB[j];
      if (x == y) {
        common++;
        i++;
        j++;
      } else if (x < y) {
        i++;
      } else {
        j++;
      }
    }
    return atLeast(a.length, sizeB, common, threshold);
  }

  /**
   * The overlap a pair of these sizes needs to reach the threshold, lowered by one to stay
   * conservative under floating-point rounding (the exact check comes last): J &gt;= t ⟺ |A ∩ B|
   * &gt;= t / (1 + t) · (|A| + |B|). {@link #EMPTY_PAIR} for two empty sets, {@link #REJECTED} when
   * the sizes alone rule the pair out (J &lt;= min/max).
   */
  private static long neededOverlap(int sizeA, int sizeB, double threshold) {
    if (sizeA == 0 && sizeB == 0) {
      return EMPTY_PAIR;
    }
    if (Math.min(sizeA, sizeB) < threshold * Math.max(sizeA, sizeB) * (1 - 1e-12)) {
      return REJECTED;
    }
    return Math.max(0, (long) Math.ceil(threshold / (1 + threshold) * (sizeA + sizeB)) - 1);
  }

  /** The exact similarity from the intersection size (-1: stopped early), if at least t. */
  private static double atLeast(int sizeA, int sizeB, int common, double threshold) {
    if (common < 0) {
      return BELOW;
    }
    double similarity = (double) common / (sizeA + sizeB - common);
    return similarity >= threshold ? similarity : BELOW;
  }

  /**
   * {@link #similarityAtLeast(long[], long[], double)} for sets given as sorted distinct {@code
   * int}s (such as shingle ranks): the same result for the same sets, half the memory traffic.
   */
  public static double similarityAtLeast(int[] a, int[] b, double threshold) {
    int sizeA = a.length;
    int sizeB = b.length;
    long needed = neededOverlap(sizeA, sizeB, threshold);
    if (needed == EMPTY_PAIR) {
      return 1 >= threshold ? 1 : BELOW;
    }
    if (needed == REJECTED) {
      return BELOW;
    }
    int i = 0;
    int j = 0;
    int common = 0;
    while (i < sizeA && j < sizeB) {
      if (common + Math.min(sizeA - i, sizeB - j) < needed) {
        return BELOW;
      }
      int x = a[i];
      int y = b[j];
      if (x == y) {
        common++;
        i++;
        j++;
      } else if (x < y) {
        i++;
      } else {
        j++;
      }
    }
    return atLeast(sizeA, sizeB, common, threshold);
  }
}
