package org.neardup.bench.contender;

import org.neardup.lsh.LshParams;

/**
 * The banding datasketch's {@code MinHashLSH} chooses by default ({@code _optimal_param} with
 * weights (0.5, 0.5)), reimplemented faithfully: over every b in [1, n] and r in [1, n / b], the
 * (b, r) with the smallest {@code fpWeight * FP + fnWeight * FN}, where FP = ∫₀ᵗ P(s) ds and FN =
 * ∫ₜ¹ (1 − P(s)) ds for the S-curve P(s) = 1 − (1 − sʳ)ᵇ; the first minimum in that order wins. The
 * integrals use datasketch's own fallback rule (midpoint sums of step 0.001, the loop {@code while
 * x < b: area += f(x + p/2) * p; x += p}); with SciPy installed datasketch uses {@code quad}
 * instead, which agrees to about 1e-6 and so picks the same (b, r) unless two are that close. Note
 * that b * r may be less than n: the remaining values go unused, as in datasketch.
 */
public final class DatasketchParams {
  private static final double PRECISION = 0.001;

  private DatasketchParams() {}

  /** datasketch's default: equal weights. */
  public static LshParams optimal(double threshold, int numPermutations) {
    return optimal(threshold, numPermutations, 0.5, 0.5);
  }

  /** The (b, r) minimizing the weighted false positive and false negative areas. */
  public static LshParams optimal(
      double threshold,
      int numPermutations,
      double falsePositiveWeight,
      double falseNegativeWeight) {
    double minError = Double.POSITIVE_INFINITY;
    LshParams best = null;
    for (int b = 1; b <= numPermutations; b++) {
      int maxR = numPermutations / b;
      for (int r = 1; r <= maxR; r++) {
        LshParams params = LshParams.of(b, r);
        double fp = integrate(params, false, 0.0, threshold);
        double fn = integrate(params, true, threshold, 1.0);
        double error = fp * falsePositiveWeight + fn * falseNegativeWeight;
        if (error < minError) {
          minError = error;
          best = params;
        }
      }
    }
    return best;
  }

  /** ∫ P(s) ds (or ∫ 1 − P(s) ds) over [from, to], as datasketch's {@code _integration}. */
  private static double integrate(LshParams params, boolean complement, double from, double to) {
    double area = 0;
    for (double x = from; x < to; x += PRECISION) {
      double p = params.candidateProbability(x + 0.5 * PRECISION);
      area += (complement ? 1 - p : p) * PRECISION;
    }
    return area;
  }
}
