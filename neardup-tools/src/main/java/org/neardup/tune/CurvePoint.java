package org.neardup.tune;

import java.util.ArrayList;
import java.util.List;
import org.neardup.lsh.LshParams;

/**
 * One point of a banding's S-curve: a similarity and the probability that a pair of that similarity
 * becomes a candidate, {@link LshParams#candidateProbability}.
 *
 * @param similarity Jaccard similarity, in [0, 1]
 * @param probability P(candidate) at that similarity
 */
public record CurvePoint(double similarity, double probability) {
  /** Offsets from the threshold at which {@link #around} evaluates the curve. */
  private static final double[] OFFSETS = {-0.2, -0.1, -0.05, 0, 0.05, 0.1};

  /**
   * The curve of {@code params} at t - 0.2, t - 0.1, t - 0.05, t, t + 0.05 and t + 0.1, clipped to
   * [0, 1], increasing, without repeats (near 0 or 1 some offsets clip to the same similarity).
   * Offsets are rounded to 1e-9 so that 0.8 - 0.05 is 0.75, not 0.75000000000000001.
   */
  public static List<CurvePoint> around(LshParams params, double threshold) {
    List<CurvePoint> points = new ArrayList<>();
    for (double offset : OFFSETS) {
      double similarity = Math.min(1, Math.max(0, Math.round((threshold + offset) * 1e9) / 1e9));
      if (points.isEmpty() || points.get(points.size() - 1).similarity() < similarity) {
        points.add(new CurvePoint(similarity, params.candidateProbability(similarity)));
      }
    }
    return points;
  }

  /** The curve at {@code steps + 1} evenly spaced similarities from 0 to 1 (for plotting). */
  public static List<CurvePoint> sampled(LshParams params, int steps) {
    if (steps < 1) {
      throw new IllegalArgumentException("steps must be at least 1, got " + steps);
    }
    List<CurvePoint> points = new ArrayList<>(steps + 1);
    for (int i = 0; i <= steps; i++) {
      double similarity = (double) i / steps;
      points.add(new CurvePoint(similarity, params.candidateProbability(similarity)));
    }
    return points;
  }
}
