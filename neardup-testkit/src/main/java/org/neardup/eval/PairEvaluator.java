package org.neardup.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Precision, recall and F1 of found pairs against a truth, overall and by similarity band. */
public final class PairEvaluator {
  /** Similarities are compared in millionths: neardup writes them with 6 decimals. */
  private static final double MICROS = 1_000_000;

  private PairEvaluator() {}

  public static Evaluation evaluate(Set<IdPair> truth, Set<IdPair> found) {
    long truePositives = found.stream().filter(truth::contains).count();
    return new Evaluation(
        truePositives, found.size() - truePositives, truth.size() - truePositives);
  }

  /**
   * Recall of {@code found} in bands of {@code width} from {@code from} up to 1, over truth pairs
   * that carry their similarity (pairs with a NaN similarity are left out). Band b is [from + b
   * width, from + (b + 1) width); the last band is closed: it includes 1.0. Similarities, {@code
   * from} and {@code width} are compared rounded to 6 decimals, in integers, so a similarity on a
   * band edge (such as 0.85 with width 0.05) always falls in the band it starts.
   *
   * @throws IllegalArgumentException for a width below 0.000001 or above 1, or {@code from} outside
   *     [0, 1]
   */
  public static List<BandRecall> recallByBand(
      Map<IdPair, Double> truth, Set<IdPair> found, double from, double width) {
    long widthMicros = micros(width);
    long fromMicros = micros(from);
    if (!(width > 0) || widthMicros < 1 || widthMicros > MICROS) {
      throw new IllegalArgumentException("band width must be in [0.000001, 1], got " + width);
    }
    if (!(from >= 0 && from <= 1)) {
      throw new IllegalArgumentException("band start must be in [0, 1], got " + from);
    }
    long span = (long) MICROS - fromMicros;
    int bandCount = (int) Math.max(1, (span + widthMicros - 1) / widthMicros);
    long[] truthCounts = new long[bandCount];
    long[] foundCounts = new long[bandCount];
    for (Map.Entry<IdPair, Double> entry : truth.entrySet()) {
      double similarity = entry.getValue();
      if (Double.isNaN(similarity)) {
        continue;
      }
      long similarityMicros = micros(similarity);
      if (similarityMicros < fromMicros) {
        continue;
      }
      int band = (int) Math.min(bandCount - 1, (similarityMicros - fromMicros) / widthMicros);
      truthCounts[band]++;
      if (found.contains(entry.getKey())) {
        foundCounts[band]++;
      }
    }
    List<BandRecall> bands = new ArrayList<>();
    for (int b = 0; b < bandCount; b++) {
      double lower = (fromMicros + b * widthMicros) / MICROS;
      double upper = b == bandCount - 1 ? 1.0 : (fromMicros + (b + 1) * widthMicros) / MICROS;
      bands.add(new BandRecall(lower, upper, truthCounts[b], foundCounts[b]));
    }
    return bands;
  }

  /**
   * The start of the band that holds {@code lowest}: {@code lowest} rounded down to a multiple of
   * {@code width}, computed at 6 decimals like {@link #recallByBand} (so 0.85 with width 0.05 gives
   * 0.85, not 0.8500000000000001).
   */
  public static double lowestBandStart(double lowest, double width) {
    long widthMicros = Math.max(1, micros(width));
    return (micros(lowest) / widthMicros) * widthMicros / MICROS;
  }

  private static long micros(double value) {
    return Math.round(value * MICROS);
  }
}
