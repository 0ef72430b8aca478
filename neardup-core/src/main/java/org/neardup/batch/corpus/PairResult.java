package org.neardup.batch.corpus;

import java.util.List;
import org.neardup.lsh.LshParams;
import org.neardup.verify.SimilarPair;

/**
 * The confirmed pairs of a run, sorted by (first, second) ordinal, and what it cost.
 *
 * @param pairs the pairs with similarity &gt;= the threshold
 * @param candidatePairs distinct candidate pairs examined (for the exact join: pairs that passed
 *     the prefix, length and positional filters)
 * @param verifiedPairs candidate pairs whose exact similarity was computed (LSH: those that passed
 *     the signature-agreement filter)
 * @param lshParams the banding used, or null for an exact join
 * @param nearMisses verified candidates whose similarity is below the threshold by less than {@link
 *     org.neardup.verify.Verifier#NEAR_MISS_BAND} (LSH; a lower bound on such pairs, as not every
 *     one is a candidate), or -1 when not counted (the exact join, which never looks below the
 *     threshold)
 */
public record PairResult(
    List<SimilarPair> pairs,
    long candidatePairs,
    long verifiedPairs,
    LshParams lshParams,
    long nearMisses) {
  public PairResult {
    pairs = List.copyOf(pairs);
  }

  /** A result that did not count near misses. */
  public PairResult(
      List<SimilarPair> pairs, long candidatePairs, long verifiedPairs, LshParams lshParams) {
    this(pairs, candidatePairs, verifiedPairs, lshParams, -1);
  }
}
