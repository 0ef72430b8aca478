package org.neardup.eval;

/**
 * Recall within one similarity band [from, to) of the truth (the last band includes 1.0).
 *
 * @param truthPairs truth pairs whose similarity lies in the band
 * @param foundPairs how many of them were found
 */
public record BandRecall(double from, double to, long truthPairs, long foundPairs) {
  /** found / truth; 1 for an empty band. */
  public double recall() {
    return truthPairs == 0 ? 1 : (double) foundPairs / truthPairs;
  }
}
