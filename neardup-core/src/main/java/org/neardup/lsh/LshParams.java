package org.neardup.lsh;

import java.io.Serializable;

/**
 * LSH banding: a signature is cut into {@code bands} bands of {@code rows} values; two documents
 * become candidates when all rows of at least one band agree. For a pair of Jaccard similarity s
 * the probability of that is {@code 1 - (1 - s^rows)^bands} (the S-curve).
 *
 * @param bands b, at least 1
 * @param rows r, at least 1
 */
public record LshParams(int bands, int rows) implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The default target: catch at least 99% of the pairs at every similarity >= threshold. */
  public static final double DEFAULT_TARGET_RECALL = 0.99;

  public LshParams {
    if (bands < 1) {
      throw new IllegalArgumentException("bands must be at least 1, got " + bands);
    }
    if (rows < 1) {
      throw new IllegalArgumentException("rows must be at least 1, got " + rows);
    }
  }

  /** Explicit (b, r), overriding the optimizer. */
  public static LshParams of(int bands, int rows) {
    return new LshParams(bands, rows);
  }

  /** Signature values this banding uses: b * r. */
  public int signatureLength() {
    return bands * rows;
  }

  /** Probability that a pair of similarity s becomes a candidate: 1 - (1 - s^r)^b. */
  public double candidateProbability(double similarity) {
    return 1 - Math.pow(1 - Math.pow(similarity, rows), bands);
  }

  /**
   * Expected fraction of dissimilar pairs that become candidates, for similarities spread uniformly
   * over [0, threshold): the mean of the S-curve below the threshold.
   */
  public double falseCandidateRate(double threshold) {
    if (threshold <= 0) {
      return 0;
    }
    int steps = 1000;
    double sum = 0;
    for (int i = 0; i < steps; i++) {
      sum += candidateProbability((i + 0.5) * threshold / steps);
    }
    return sum / steps;
  }

  /**
   * The banding for {@code threshold} from n = {@code numPermutations} signature values. Every r in
   * [1, n] is tried with b = floor(n / r) bands, so that no computed value goes unused (more bands
   * only raise the S-curve); among those whose candidate probability at the threshold — and so, the
   * S-curve being increasing, at every similarity above it — is at least {@code targetRecall}, the
   * one with the fewest expected false candidates ({@link #falseCandidateRate}) wins. When none
   * reaches the target, the one with the highest probability at the threshold.
   *
   * @throws IllegalArgumentException for a threshold outside (0, 1], a target outside (0, 1) or n
   *     &lt; 1
   */
  public static LshParams optimal(double threshold, int numPermutations, double targetRecall) {
    if (!(threshold > 0 && threshold <= 1)) {
      throw new IllegalArgumentException("threshold must be in (0, 1], got " + threshold);
    }
    if (!(targetRecall > 0 && targetRecall < 1)) {
      throw new IllegalArgumentException("target recall must be in (0, 1), got " + targetRecall);
    }
    if (numPermutations < 1) {
      throw new IllegalArgumentException(
          "numPermutations must be at least 1, got " + numPermutations);
    }
    LshParams best = null;
    double bestFalseRate = Double.POSITIVE_INFINITY;
    LshParams mostSensitive = null;
    for (int rows = 1; rows <= numPermutations; rows++) {
      LshParams candidate = new LshParams(numPermutations / rows, rows);
      double atThreshold = candidate.candidateProbability(threshold);
      if (mostSensitive == null || atThreshold > mostSensitive.candidateProbability(threshold)) {
        mostSensitive = candidate;
      }
      if (atThreshold >= targetRecall) {
        double falseRate = candidate.falseCandidateRate(threshold);
        if (falseRate < bestFalseRate) {
          best = candidate;
          bestFalseRate = falseRate;
        }
      }
    }
    return best != null ? best : mostSensitive;
  }

  @Override
  public String toString() {
    return "bands=" + bands + " rows=" + rows;
  }
}
