package org.neardup.verify;

import java.io.Serializable;
import java.util.Objects;
import java.util.function.Supplier;
import org.neardup.minhash.AgreementFilter;
import org.neardup.minhash.Signatures;

/**
 * Confirms candidate pairs: the one verification every face of neardup uses (the batch pair finder,
 * the online index, the Spark job), in two steps. First {@link #check} the signatures ({@link
 * SignatureCheck}): in {@link VerifyMode#EXACT} a candidate whose signatures agree on too few
 * values ({@link AgreementFilter} at the threshold) is rejected without reading its shingle sets (a
 * pair at exactly the threshold with probability at most {@value AgreementFilter#MISS}), and the
 * rest need their sets; in {@link VerifyMode#ESTIMATE} the signature agreement is the similarity,
 * and the check is done. Then, for a pair that needs its sets, the {@link #exact} step: the exact
 * Jaccard of the sets. {@link #verify} does both. Immutable, thread-safe and serializable.
 */
public final class Verifier implements Serializable {
  private static final long serialVersionUID = 1L;

  private final double threshold;
  private final int numPermutations;
  private final VerifyMode mode;
  private final AgreementFilter filter;
  private final int minimumAgreement;

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
    this.numPermutations = numPermutations;
    this.filter = new AgreementFilter(numPermutations, threshold);
    this.minimumAgreement =
        mode == VerifyMode.EXACT ? filter.looseMinimum() : estimateMinimum(numPermutations);
  }

  /** The least k of n whose estimate k/n reaches the threshold. */
  private int estimateMinimum(int n) {
    int k = 0;
    while (k < n && (double) k / n < threshold) {
      k++;
    }
    return k;
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

  /** The agreement filter at the threshold (exact mode's). */
  public AgreementFilter filter() {
    return filter;
  }

  /**
   * The fewest agreeing values a pair can show and not be settled below the threshold by {@link
   * #check}: exact mode's loose filter minimum, or in estimate mode the least agreement whose
   * estimate reaches the threshold. A bound for signatures kept in fewer bits (which agree wherever
   * the full ones do): a pair agreeing on fewer is not a pair.
   */
  public int minimumAgreement() {
    return minimumAgreement;
  }

  /**
   * The first step: what the signatures of a candidate pair settle ({@link SignatureCheck}). Exact
   * mode: rejected by the filter, or the pair needs its sets; estimate mode: done, with the
   * estimate or {@link Jaccard#BELOW}.
   */
  public SignatureCheck check(int[] signatureA, int[] signatureB) {
    if (mode == VerifyMode.EXACT) {
      return filter.passes(signatureA, signatureB)
          ? SignatureCheck.NEEDS_SETS
          : SignatureCheck.REJECTED;
    }
    double estimate = Signatures.estimateSimilarity(signatureA, signatureB);
    return estimate >= threshold ? SignatureCheck.done(estimate) : SignatureCheck.DONE_BELOW;
  }

  /**
   * {@link #check(int[], int[])} for signatures of the verifier's length stored at {@code
   * valuesA[offsetA]} and {@code valuesB[offsetB]} (signatures kept one after the other in one
   * array).
   */
  public SignatureCheck check(int[] valuesA, int offsetA, int[] valuesB, int offsetB) {
    if (mode == VerifyMode.EXACT) {
      return filter.passes(valuesA, offsetA, valuesB, offsetB)
          ? SignatureCheck.NEEDS_SETS
          : SignatureCheck.REJECTED;
    }
    if (!Signatures.agreeAtLeast(
        valuesA, offsetA, valuesB, offsetB, numPermutations, minimumAgreement)) {
      return SignatureCheck.DONE_BELOW;
    }
    int agreements = Signatures.agreement(valuesA, offsetA, valuesB, offsetB, numPermutations);
    return SignatureCheck.done((double) agreements / numPermutations);
  }

  /**
   * The exact step: the Jaccard similarity of two sorted shingle sets, or {@link Jaccard#BELOW}
   * under the threshold. For a pair whose {@link #check} {@linkplain SignatureCheck#needsSets()
   * needs its sets}.
   */
  public double exact(long[] setA, long[] setB) {
    return Jaccard.similarityAtLeast(setA, setB, threshold);
  }

  /**
   * {@link #exact} of two documents given by their shingle hashes in any order, repeats allowed, as
   * the shingler makes them (a sorted set is such an array too): the same answer, with no set
   * sorted ({@link JaccardTable}, the calling thread's; B is put in its table and kept there, so
   * give the member that repeats over consecutive pairs as B).
   */
  public double exactOfHashes(long[] hashesA, long[] hashesB) {
    return JaccardTable.similarityAtLeast(hashesA, hashesB, threshold);
  }

  /**
   * The width of the near-miss band below the threshold: verification that counts near misses
   * ({@link #exactOfHashesDownTo}) tells the similarities in [threshold - this, threshold).
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
   * {@link #exactOfHashes}, exact down to {@code floor} (at most the threshold) rather than the
   * threshold: the similarity when it is at least {@code floor}, else {@link Jaccard#BELOW}. The
   * candidates that a run verifies anyway then also tell how many pairs sit just below the
   * threshold, at the cost of merges that stop a little later.
   */
  public double exactOfHashesDownTo(long[] hashesA, long[] hashesB, double floor) {
    return JaccardTable.similarityAtLeast(hashesA, hashesB, Math.min(floor, threshold));
  }

  /**
   * Both steps: {@link #check}, then {@link #exact} when the pair needs its sets (only then are
   * they asked for). The similarity of a candidate pair, or {@link Jaccard#BELOW}.
   */
  public double verify(
      int[] signatureA, int[] signatureB, Supplier<long[]> setA, Supplier<long[]> setB) {
    SignatureCheck check = check(signatureA, signatureB);
    return check.needsSets() ? exact(setA.get(), setB.get()) : check.similarity();
  }
}
