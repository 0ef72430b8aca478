package org.neardup.verify;

/**
 * A confirmed pair of documents, by ordinal ({@code first < second}), with its similarity (exact
 * Jaccard, or the signature estimate in estimate-only mode).
 */
public record SimilarPair(int first, int second, double similarity) {
  public SimilarPair {
    if (first >= second) {
      throw new IllegalArgumentException("expected first < second, got " + first + ", " + second);
    }
  }

  /** The pair of two ordinals in either order. */
  public static SimilarPair of(int a, int b, double similarity) {
    return a < b ? new SimilarPair(a, b, similarity) : new SimilarPair(b, a, similarity);
  }
}
