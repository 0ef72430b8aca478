package org.neardup.verify;

import java.io.Serializable;
import java.util.Objects;
import java.util.function.Supplier;
import org.neardup.minhash.AgreementFilter;
import org.neardup.minhash.Signatures;

/**
 * Confirms candidate pairs: the one verification every face of neardup uses (the batch pair finder,
 * the online index, the Spark job). In {@link VerifyMode#EXACT} a candidate whose signatures agree
 * on too few values ({@link AgreementFilter} at the threshold) is dropped without reading its
 * shingle sets (a pair at exactly the threshold with probability at most {@value
 * AgreementFilter#MISS}); the rest get the exact Jaccard of their sets. In {@link
 * VerifyMode#ESTIMATE} the signature agreement is the similarity. Immutable, thread-safe and
 * serializable.
 */
public final class Verifier implements Serializable {
  private static final long serialVersionUID = 1L;

  private final double threshold;
  private final VerifyMode mode;
  private final AgreementFilter filter;

  /**
   * @param threshold report pairs with similarity &gt;= this, in (0, 1]
   * @param numPermutations signature length n
   * @param mode exact or estimate
   */
  public Verifier(double threshold, int numPermutations, VerifyMode mode) {
    if (!(threshold > 0 && threshold <= 1)) {
      throw new IllegalArgumentException("threshold must be in (0, 1], got " + threshold);
    }
    this.threshold = threshold;
    this.mode = Objects.requireNonNull(mode, "mode");
    this.filter = new AgreementFilter(numPermutations, threshold);
  }

  public double threshold() {
    return threshold;
  }

  public VerifyMode mode() {
    return mode;
  }

  /** Whether the shingle sets are needed at all (they are not in estimate mode). */
  public boolean needsSets() {
    return mode == VerifyMode.EXACT;
  }

  /**
   * Whether a candidate with these signatures is worth reading its sets for: always true in
   * estimate mode (there are no sets), otherwise the signature-agreement filter.
   */
  public boolean passesFilter(int[] signatureA, int[] signatureB) {
    return mode == VerifyMode.ESTIMATE || filter.passes(signatureA, signatureB);
  }

  /** The agreement filter at the threshold (exact mode's). */
  public AgreementFilter filter() {
    return filter;
  }

  /**
   * The similarity of a candidate that {@link #passesFilter passed the filter}: the exact Jaccard
   * of the sorted shingle sets (sets supplied only in exact mode, and only asked for then), or the
   * signature estimate; {@link Jaccard#BELOW} when below the threshold.
   */
  public double similarity(
      int[] signatureA, int[] signatureB, Supplier<long[]> setA, Supplier<long[]> setB) {
    if (mode == VerifyMode.ESTIMATE) {
      double estimate = Signatures.estimateSimilarity(signatureA, signatureB);
      return estimate >= threshold ? estimate : Jaccard.BELOW;
    }
    return Jaccard.similarityAtLeast(setA.get(), setB.get(), threshold);
  }

  /**
   * {@link #similarity} of two documents given by their shingle hashes in any order, repeats
   * allowed, as the shingler makes them (a sorted set is such an array too): the same answer, with
   * no set sorted ({@link JaccardTable}, the calling thread's; B is put in its table and kept
   * there, so give the member that repeats over consecutive pairs as B).
   */
  public double similarityOfHashes(
      int[] signatureA, int[] signatureB, Supplier<long[]> hashesA, Supplier<long[]> hashesB) {
    if (mode == VerifyMode.ESTIMATE) {
      return similarity(signatureA, signatureB, null, null);
    }
    return JaccardTable.similarityAtLeast(hashesA.get(), hashesB.get(), threshold);
  }

  /**
   * The width of the near-miss band below the threshold: verification that counts near misses
   * ({@link #similarityOfHashesDownTo}) tells the similarities in [threshold - this, threshold).
   */
  public static final double NEAR_MISS_BAND = 0.1;

  /** The bottom of the near-miss band: {@link #NEAR_MISS_BAND} below the threshold, at least 0. */
  public double nearMissFloor() {
    // in decimal, so that 0.8 gives 0.7 and not 0.7000000000000001
    return Math.max(
        0,
        java.math.BigDecimal.valueOf(threshold)
            .subtract(java.math.BigDecimal.valueOf(NEAR_MISS_BAND))
            .doubleValue());
  }

  /**
   * {@link #similarityOfHashes}, exact down to {@code floor} (at most the threshold) rather than
   * the threshold: the similarity when it is at least {@code floor}, else {@link Jaccard#BELOW}.
   * The candidates that a run verifies anyway then also tell how many pairs sit just below the
   * threshold, at the cost of merges that stop a little later.
   */
  public double similarityOfHashesDownTo(
      int[] signatureA,
      int[] signatureB,
      Supplier<long[]> hashesA,
      Supplier<long[]> hashesB,
      double floor) {
    if (mode == VerifyMode.ESTIMATE) {
      double estimate = Signatures.estimateSimilarity(signatureA, signatureB);
      return estimate >= floor ? estimate : Jaccard.BELOW;
    }
    return JaccardTable.similarityAtLeast(hashesA.get(), hashesB.get(), floor);
  }

  /**
   * {@link #passesFilter} then {@link #similarity}: the similarity of a candidate pair, or {@link
   * Jaccard#BELOW}.
   */
  public double verify(
      int[] signatureA, int[] signatureB, Supplier<long[]> setA, Supplier<long[]> setB) {
    return passesFilter(signatureA, signatureB)
        ? similarity(signatureA, signatureB, setA, setB)
        : Jaccard.BELOW;
  }
}
