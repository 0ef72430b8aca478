package org.neardup.eval;

import java.util.List;

/**
 * Recall@k of a top-k answer against the exact top k: the share of the exact top k the answer
 * holds. Ties at the k-th similarity make "the" exact top k ambiguous, so a returned document
 * counts when its (exact) similarity is at least the exact k-th one: any such document belongs to
 * some exact top k. Stateless.
 */
public final class TopKRecall {
  private TopKRecall() {}

  /**
   * Recall@k of {@code found} (the similarities returned, exact) against {@code exact} (the exact
   * top-k similarities, best first, k of them): min(k, #found &gt;= exact k-th) / k.
   *
   * @throws IllegalArgumentException if {@code exact} is empty
   */
  public static double of(List<Double> exact, List<Double> found) {
    if (exact.isEmpty()) {
      throw new IllegalArgumentException("the exact top k is empty");
    }
    int k = exact.size();
    double kth = exact.get(k - 1);
    long hits = found.stream().filter(s -> s >= kth - 1e-12).count();
    return (double) Math.min(k, hits) / k;
  }
}
