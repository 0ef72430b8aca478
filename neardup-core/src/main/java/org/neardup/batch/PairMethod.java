package org.neardup.batch;

/** How {@link BatchRun#pairs} finds the pairs. */
public enum PairMethod {
  /**
   * LSH's buckets grouped, then the {@link PairPlanner}'s choice: the exact join when it would
   * examine far fewer pairs (at low thresholds), LSH otherwise. The default.
   */
  PLANNED,
  /** LSH banding and verification, whatever the plan would say. */
  LSH,
  /** The exact all-pairs join ({@link PairFinder#exact}). */
  EXACT
}
