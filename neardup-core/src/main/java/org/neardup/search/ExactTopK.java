package org.neardup.search;

import java.util.List;
import java.util.function.IntPredicate;
import org.neardup.verify.Jaccard;

/**
 * The exact top-k by brute force: the Jaccard similarity of a query set to every set, the k best
 * kept. The reference top-k queries are measured against. Stateless and thread-safe.
 */
public final class ExactTopK {
  private ExactTopK() {}

  /**
   * The {@code k} sets of {@code sets} (by index) most similar to {@code query}, best first (ties
   * to the lower index), leaving out the indexes {@code exclude} accepts.
   */
  public static List<TopKCollector.Found> of(
      long[][] sets, long[] query, int k, IntPredicate exclude) {
    TopKCollector collector = new TopKCollector(k);
    for (int i = 0; i < sets.length; i++) {
      if (!exclude.test(i)) {
        collector.offer(i, Jaccard.similarity(query, sets[i]));
      }
    }
    return collector.results();
  }
}
