package org.neardup.tune;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.neardup.lsh.LshParams;

/**
 * A banding and what it promises at a threshold, for comparing bandings side by side.
 *
 * @param params the bands and rows
 * @param atThreshold P(candidate) at the threshold
 * @param falseCandidateRate {@link LshParams#falseCandidateRate}: the mean P(candidate) for
 *     similarities spread uniformly below the threshold
 */
public record BandingOption(LshParams params, double atThreshold, double falseCandidateRate) {
  /** {@code params} evaluated at {@code threshold}. */
  public static BandingOption of(LshParams params, double threshold) {
    return new BandingOption(
        params, params.candidateProbability(threshold), params.falseCandidateRate(threshold));
  }

  /** Whether P(candidate) at the threshold reaches {@code targetRecall}. */
  public boolean meets(double targetRecall) {
    return atThreshold >= targetRecall;
  }

  /**
   * Up to {@code count} alternatives to {@code chosen}: the row counts nearest to its r (ties: the
   * smaller r first), each with b = floor(n / r) bands as {@link LshParams#optimal} builds them, r
   * in [1, n], r != chosen.rows(). Sorted by rows.
   *
   * @param numPermutations n, the signature length
   */
  public static List<BandingOption> alternatives(
      LshParams chosen, double threshold, int numPermutations, int count) {
    if (numPermutations < 1) {
      throw new IllegalArgumentException(
          "numPermutations must be at least 1, got " + numPermutations);
    }
    List<Integer> rows = new ArrayList<>();
    for (int distance = 1;
        rows.size() < count && distance < numPermutations + chosen.rows();
        distance++) {
      for (int r : new int[] {chosen.rows() - distance, chosen.rows() + distance}) {
        if (r >= 1 && r <= numPermutations && rows.size() < count) {
          rows.add(r);
        }
      }
    }
    List<BandingOption> options = new ArrayList<>();
    for (int r : rows) {
      options.add(of(LshParams.of(numPermutations / r, r), threshold));
    }
    options.sort(Comparator.comparingInt(o -> o.params().rows()));
    return options;
  }
}
