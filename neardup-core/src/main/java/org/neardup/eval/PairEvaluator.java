package org.neardup.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Precision, recall and F1 of found pairs against a truth, overall and by similarity band. */
public final class PairEvaluator {
  private PairEvaluator() {}

  public static Evaluation evaluate(Set<IdPair> truth, Set<IdPair> found) {
    long truePositives = found.stream().filter(truth::contains).count();
    return new Evaluation(
        truePositives, found.size() - truePositives, truth.size() - truePositives);
  }

  /**
   * Recall of {@code found} in bands of {@code width} from {@code from} up to 1, over truth pairs
   * that carry their similarity (pairs with a NaN similarity are left out). The last band is
   * closed: it includes 1.0.
   */
  public static List<BandRecall> recallByBand(
      Map<IdPair, Double> truth, Set<IdPair> found, double from, double width) {
    if (!(width > 0)) {
      throw new IllegalArgumentException("band width must be positive, got " + width);
    }
    int bandCount = Math.max(1, (int) Math.ceil((1 - from) / width - 1e-9));
    long[] truthCounts = new long[bandCount];
    long[] foundCounts = new long[bandCount];
    for (Map.Entry<IdPair, Double> entry : truth.entrySet()) {
      double similarity = entry.getValue();
      if (Double.isNaN(similarity) || similarity < from) {
        continue;
      }
      int band = Math.min(bandCount - 1, (int) ((similarity - from) / width + 1e-9));
      truthCounts[band]++;
      if (found.contains(entry.getKey())) {
        foundCounts[band]++;
      }
    }
    List<BandRecall> bands = new ArrayList<>();
    for (int b = 0; b < bandCount; b++) {
      double lower = from + b * width;
      double upper = b == bandCount - 1 ? 1.0 : from + (b + 1) * width;
      bands.add(new BandRecall(lower, upper, truthCounts[b], foundCounts[b]));
    }
    return bands;
  }
}
