package org.neardup.minhash;

/** Operations on signatures of one {@link MinHashConfig}. */
public final class Signatures {
  private Signatures() {}

  /**
   * The MinHash estimate of the Jaccard similarity: the fraction of positions where the two
   * signatures agree.
   *
   * @throws IllegalArgumentException if the lengths differ
   */
  public static double estimateSimilarity(int[] a, int[] b) {
    if (a.length != b.length) {
      throw new IllegalArgumentException(
          "signatures of different lengths: " + a.length + " and " + b.length);
    }
    int equal = 0;
    for (int i = 0; i < a.length; i++) {
      if (a[i] == b[i]) equal++;
    }
    return (double) equal / a.length;
  }
}
