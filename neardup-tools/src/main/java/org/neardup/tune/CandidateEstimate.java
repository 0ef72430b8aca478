package org.neardup.tune;

/**
 * What a banding is expected to do on a whole corpus, estimated from a {@link PairSample}: every
 * figure is a sum over the sampled pairs, scaled by (all pairs) / (sampled pairs). Exact, with a
 * standard error of 0, when the sample is every pair ({@link #exhaustive()}).
 *
 * @param totalPairs n (n - 1) / 2 for n documents
 * @param sampledPairs pairs in the sample
 * @param exhaustive whether the sample is every pair (then the figures are exact)
 * @param candidates expected candidate pairs: sum of P(candidate | s) over all pairs
 * @param candidatesStandardError the standard error of {@code candidates} (sampling with
 *     replacement)
 * @param pairsAtThreshold pairs with similarity &gt;= the threshold
 * @param falseCandidates expected candidates below the threshold (verified, then dropped)
 * @param missedPairs expected pairs at or above the threshold that do not become candidates
 * @param mergeSteps expected verification work: the sum over candidates of |A| + |B|, the length of
 *     the merge of two shingle sets (an upper bound: verification often stops early)
 */
public record CandidateEstimate(
    long totalPairs,
    int sampledPairs,
    boolean exhaustive,
    double candidates,
    double candidatesStandardError,
    double pairsAtThreshold,
    double falseCandidates,
    double missedPairs,
    double mergeSteps) {

  /** The mean merge length of a candidate, |A| + |B|; 0 when no candidate is expected. */
  public double meanMergeLength() {
    return candidates > 0 ? mergeSteps / candidates : 0;
  }
}
