package org.neardup.verify;

/** How candidate pairs are confirmed. */
public enum VerifyMode {
  /**
   * Exact Jaccard on the shingle-hash sets: precision 1.0, pairs carry their true similarity. Keeps
   * every document's shingle set (in memory, or spilled to disk past a budget).
   */
  EXACT,
  /**
   * The signature estimate (fraction of agreeing values): no shingle sets kept, less memory, but
   * false positives and negatives near the threshold.
   */
  ESTIMATE
}
