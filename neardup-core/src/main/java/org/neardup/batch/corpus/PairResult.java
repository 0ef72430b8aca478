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
 */
public record PairResult(
    List<SimilarPair> pairs, long candidatePairs, long verifiedPairs, LshParams lshParams) {
  public PairResult {
    pairs = List.copyOf(pairs);
  }
}
