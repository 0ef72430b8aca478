package org.neardup.tune;

import org.neardup.search.ContainmentPlan;
import org.neardup.search.ContainmentQuery;
import org.neardup.verify.Containment;
import org.neardup.verify.Jaccard;

/**
 * Why a pair of documents is or is not a containment pair: both directions of containment, and for
 * each document as the query, its sampled shingles, how many of them the other holds, how many it
 * must hold, and so whether it becomes a candidate.
 *
 * @param sizeA |A|
 * @param sizeB |B|
 * @param intersection |A ∩ B|
 * @param aAsQuery A as the query, B as the document searched
 * @param bAsQuery B as the query, A as the document searched
 */
public record ContainmentExplanation(
    int sizeA, int sizeB, int intersection, Direction aAsQuery, Direction bAsQuery) {
  /**
   * One direction: a query and a document.
   *
   * @param containment C(query, document) = |Q ∩ X| / |Q|, exact
   * @param sampled the query's sampled shingles, k
   * @param held how many of them the document holds
   * @param needed h(k): how many it must hold to be a candidate
   */
  public record Direction(double containment, int sampled, int held, int needed) {
    /** Whether the document becomes a candidate of the query. */
    public boolean candidate() {
      return sampled > 0 && held >= needed;
    }
  }

  /** Explains sets {@code a} and {@code b} (sorted distinct shingle hashes) under {@code plan}. */
  public static ContainmentExplanation of(long[] a, long[] b, ContainmentPlan plan) {
    return new ContainmentExplanation(
        a.length,
        b.length,
        Jaccard.intersectionSize(a, b),
        direction(a, b, plan),
        direction(b, a, plan));
  }

  private static Direction direction(long[] query, long[] other, ContainmentPlan plan) {
    ContainmentQuery q = new ContainmentQuery(plan, query);
    long[] sampled = q.sampled();
    int held = Jaccard.intersectionSize(sampled, other);
    return new Direction(Containment.of(query, other), sampled.length, held, q.minimumHits());
  }
}
