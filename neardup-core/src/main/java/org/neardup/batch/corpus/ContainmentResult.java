package org.neardup.batch.corpus;

import java.util.List;
import org.neardup.verify.ContainmentPair;

/**
 * The pairs of a containment run, sorted by (first, second) ordinal, and what it cost.
 *
 * @param pairs the pairs where one document holds at least the threshold of the other's shingles
 * @param candidatePairs directed candidates examined (a query and a document it may lie in)
 * @param verifiedPairs candidates whose exact intersection was computed (for the sample join, those
 *     holding enough of the query's sampled shingles)
 * @param sampleRate the shingle sample of the sample join (one in this many), or 0 for an exact
 *     join
 */
public record ContainmentResult(
    List<ContainmentPair> pairs, long candidatePairs, long verifiedPairs, int sampleRate) {
  public ContainmentResult {
    pairs = List.copyOf(pairs);
  }
}
