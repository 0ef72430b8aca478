package org.neardup.eval;

/**
 * Found pairs scored against a truth.
 *
 * @param truePositives found pairs that are in the truth
 * @param falsePositives found pairs that are not
 * @param falseNegatives truth pairs not found
 */
public record Evaluation(long truePositives, long falsePositives, long falseNegatives) {
  /** TP / (TP + FP); 1 when nothing was found. */
  public double precision() {
    long found = truePositives + falsePositives;
    return found == 0 ? 1 : (double) truePositives / found;
  }

  /** TP / (TP + FN); 1 when the truth is empty. */
  public double recall() {
    long truth = truePositives + falseNegatives;
    return truth == 0 ? 1 : (double) truePositives / truth;
  }

  /** Harmonic mean of precision and recall. */
  public double f1() {
    double p = precision();
    double r = recall();
    return p + r == 0 ? 0 : 2 * p * r / (p + r);
  }
}
