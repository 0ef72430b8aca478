package org.neardup.verify;

/**
 * A confirmed pair of documents by containment, by ordinal ({@code first < second}): the size of
 * their shingle sets' intersection and of each set, from which both directions follow exactly.
 *
 * @param first the lower ordinal
 * @param second the higher ordinal
 * @param intersection |A ∩ B|
 * @param firstSize |A|, the first document's shingle count
 * @param secondSize |B|
 */
public record ContainmentPair(
    int first, int second, int intersection, int firstSize, int secondSize) {
  /** Which document lies in which, at a threshold. */
  public enum Direction {
    /** The first document is contained in the second (and not the other way round). */
    FIRST_IN_SECOND,
    /** The second document is contained in the first (and not the other way round). */
    SECOND_IN_FIRST,
    /** Each contains at least the threshold of the other. */
    BOTH
  }

  public ContainmentPair {
    if (first >= second) {
      throw new IllegalArgumentException("expected first < second, got " + first + ", " + second);
    }
    if (intersection < 0 || intersection > Math.min(firstSize, secondSize)) {
      throw new IllegalArgumentException(
          "intersection "
              + intersection
              + " impossible for sets of "
              + firstSize
              + " and "
              + secondSize);
    }
  }

  /**
   * The pair of documents {@code a} and {@code b} (either order) sharing {@code intersection}
   * shingles, of sizes {@code sizeA} and {@code sizeB}.
   */
  public static ContainmentPair of(int a, int b, int intersection, int sizeA, int sizeB) {
    return a < b
        ? new ContainmentPair(a, b, intersection, sizeA, sizeB)
        : new ContainmentPair(b, a, intersection, sizeB, sizeA);
  }

  /** C(A, B) = |A ∩ B| / |A|: how much of the first lies in the second. */
  public double firstInSecond() {
    return firstSize == 0 ? 1 : (double) intersection / firstSize;
  }

  /** C(B, A) = |A ∩ B| / |B|: how much of the second lies in the first. */
  public double secondInFirst() {
    return secondSize == 0 ? 1 : (double) intersection / secondSize;
  }

  /** The larger of the two directions: the one that makes this a pair. */
  public double containment() {
    return Math.max(firstInSecond(), secondInFirst());
  }

  /** Which way the containment at or above {@code threshold} goes. */
  public Direction direction(double threshold) {
    boolean firstIn = firstInSecond() >= threshold;
    boolean secondIn = secondInFirst() >= threshold;
    if (firstIn && secondIn) {
      return Direction.BOTH;
    }
    return firstInSecond() >= secondInFirst()
        ? Direction.FIRST_IN_SECOND
        : Direction.SECOND_IN_FIRST;
  }
}
