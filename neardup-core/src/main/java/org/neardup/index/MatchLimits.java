package org.neardup.index;

/**
 * How much of its near-duplicates a query or an add answers, so that the answer and its work stay
 * bounded however many copies of a text the index holds: at most {@code listed} matches, best
 * first, found among at most {@code compared} candidates (the documents sharing a band with it,
 * earliest added first). What lies beyond is counted ({@link FoundMatches}): exactly for matches
 * found but not listed, as a lower bound for candidates not compared. Without limits ({@link
 * #NONE}) every candidate is compared and every match listed.
 *
 * @param listed matches listed at most, at least 1
 * @param compared candidates compared at most, at least {@code listed}
 */
public record MatchLimits(int listed, int compared) {
  /** Every candidate compared, every match listed. */
  public static final MatchLimits NONE = new MatchLimits(Integer.MAX_VALUE, Integer.MAX_VALUE);

  public MatchLimits {
    if (listed < 1) {
      throw new IllegalArgumentException("listed must be at least 1, got " + listed);
    }
    if (compared < listed) {
      throw new IllegalArgumentException(
          "compared (" + compared + ") must be at least listed (" + listed + ")");
    }
  }

  /** At most {@code listed} matches, every candidate compared. */
  public static MatchLimits listing(int listed) {
    return new MatchLimits(listed, Integer.MAX_VALUE);
  }

  /** These limits with every candidate compared (what deciding a unique write needs). */
  MatchLimits comparingAll() {
    return compared == Integer.MAX_VALUE ? this : listing(listed);
  }
}
