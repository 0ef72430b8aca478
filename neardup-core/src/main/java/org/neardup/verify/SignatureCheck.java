package org.neardup.verify;

/**
 * What the signatures of a candidate pair settle, the first step of {@link Verifier}: the pair is
 * {@linkplain Outcome#REJECTED rejected} by the signature filter (its sets are never read), or
 * {@linkplain Outcome#DONE done} with its similarity (estimate mode: the signature estimate, or
 * {@link Jaccard#BELOW} under the threshold), or it {@linkplain Outcome#NEEDS_SETS needs its sets}
 * for the exact step ({@link Verifier#exact}, {@link Verifier#exactOfHashes}). Immutable; the
 * results without a similarity are shared instances, so that a check allocates nothing in exact
 * mode.
 */
public final class SignatureCheck {
  /** The three ways a signature check ends. */
  public enum Outcome {
    /** The signatures agree too little: not a pair (exact mode's filter). */
    REJECTED,
    /** The signatures settle the pair: its similarity is known (estimate mode). */
    DONE,
    /** The pair passed the filter: its exact similarity needs the shingle sets. */
    NEEDS_SETS
  }

  static final SignatureCheck REJECTED = new SignatureCheck(Outcome.REJECTED, Jaccard.BELOW);
  static final SignatureCheck NEEDS_SETS = new SignatureCheck(Outcome.NEEDS_SETS, Double.NaN);

  /** Done, below the threshold. */
  static final SignatureCheck DONE_BELOW = new SignatureCheck(Outcome.DONE, Jaccard.BELOW);

  private final Outcome outcome;
  private final double similarity;

  private SignatureCheck(Outcome outcome, double similarity) {
    this.outcome = outcome;
    this.similarity = similarity;
  }

  /** Done with {@code similarity}, at least the threshold. */
  static SignatureCheck done(double similarity) {
    return new SignatureCheck(Outcome.DONE, similarity);
  }

  public Outcome outcome() {
    return outcome;
  }

  /** Whether the signature filter rejected the pair. */
  public boolean rejected() {
    return outcome == Outcome.REJECTED;
  }

  /** Whether the exact step, over the shingle sets, is still to come. */
  public boolean needsSets() {
    return outcome == Outcome.NEEDS_SETS;
  }

  /**
   * Whether the pair may still reach the threshold: it needs its sets, or it is done at or above
   * the threshold.
   */
  public boolean mayBePair() {
    return outcome == Outcome.NEEDS_SETS
        || (outcome == Outcome.DONE && similarity != Jaccard.BELOW);
  }

  /**
   * The similarity the signatures settle: {@link Jaccard#BELOW} when rejected or done under the
   * threshold, else the estimate.
   *
   * @throws IllegalStateException when the pair {@linkplain #needsSets() needs its sets}
   */
  public double similarity() {
    if (outcome == Outcome.NEEDS_SETS) {
      throw new IllegalStateException("the pair needs its shingle sets for its similarity");
    }
    return similarity;
  }

  @Override
  public String toString() {
    return outcome == Outcome.DONE ? "DONE(" + similarity + ")" : outcome.name();
  }
}
