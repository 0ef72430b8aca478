package org.neardup.minhash;

import java.io.Serializable;

/**
 * The signature-agreement filter for one similarity bar: whether two signatures agree on enough
 * values for their sets to plausibly reach the bar, so that a candidate that does not is dropped
 * without reading its sets. Two minimums, by what the signatures say of their sets:
 *
 * <ul>
 *   <li><b>Binomial</b> ({@link #binomialMinimum()}): when each signature is well filled, holding
 *       at least 3/4·n distinct values (counted by their low bits, {@link #wellFilled}). A
 *       one-permutation signature's distinct values are about its non-empty bins (an empty bin
 *       borrows another bin's value), so each set has at least ~1.4·n elements and few or no empty
 *       bins; then the agreement count of a pair of similarity J spreads no more than Binomial(n,
 *       J) (one-permutation hashing samples the union without replacement, Li, Owen and Zhang, NIPS
 *       2012; k-permutation MinHash is binomial). The minimum is the largest m with P(Binomial(n,
 *       bar) &lt; m) &lt;= {@value #MISS}: a pair at exactly the bar is dropped with probability at
 *       most that, a pair above it less often.
 *   <li><b>Loose</b> ({@link #looseMinimum()}, {@link Signatures#minimumAgreement}, 7σ): otherwise.
 *       Small sets leave bins empty, densification copies values between bins, and the agreements
 *       are correlated: with 9 to 45 shingles in 128 bins the count's variance is 1.2 to 1.5 times
 *       the binomial one ({@code AgreementFilterTest}) and its lower tail heavier (of 100,000 pairs
 *       of 9-shingle sets at J = 0.8, 2 agreed on fewer than the binomial minimum's 79 values,
 *       about 40 times the binomial rate of 5.6e-7; none on fewer than 70). Of 3 million pairs of
 *       216-shingle sets at J = 0.8 whose signatures qualify, 11 agreed on fewer than 84 values
 *       (the binomial rate gives 138) and none on fewer than 79.
 * </ul>
 *
 * Immutable and thread-safe.
 */
public final class AgreementFilter implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The most a pair at exactly the bar may be dropped with, when the binomial minimum applies. */
  public static final double MISS = 1e-6;

  private final int length;
  private final double bar;
  private final int looseMinimum;
  private final int binomialMinimum;

  /**
   * @param length the signature length n
   * @param bar the similarity a pair must plausibly reach, in [0, 1]
   */
  public AgreementFilter(int length, double bar) {
    if (length < 1) {
      throw new IllegalArgumentException("signature length must be at least 1, got " + length);
    }
    if (!(bar >= 0 && bar <= 1)) {
      throw new IllegalArgumentException("bar must be in [0, 1], got " + bar);
    }
    this.length = length;
    this.bar = bar;
    this.looseMinimum = Signatures.minimumAgreement(length, bar);
    this.binomialMinimum = Math.max(looseMinimum, binomialMinimum(length, bar, MISS));
  }

  /** The similarity the filter is for. */
  public double bar() {
    return bar;
  }

  /** The minimum for signatures of which one has fewer distinct values (and for any pre-filter). */
  public int looseMinimum() {
    return looseMinimum;
  }

  /** The minimum for signatures that are each well filled ({@link #wellFilled}). */
  public int binomialMinimum() {
    return binomialMinimum;
  }

  /** Whether the two signatures (of this filter's length) agree enough. */
  public boolean passes(int[] a, int[] b) {
    return passes(a, 0, b, 0);
  }

  /**
   * {@link #passes(int[], int[])} for signatures stored at {@code a[offsetA]} and {@code
   * b[offsetB]} (signatures kept one after the other in one array).
   */
  public boolean passes(int[] a, int offsetA, int[] b, int offsetB) {
    if (binomialMinimum == 0) {
      return true;
    }
    // one pass: it stops at the binomial minimum's agreements or past the loose minimum's misses,
    // so that most candidates cost what the loose test alone did
    int equal =
        Signatures.agreementsUntil(
            a, offsetA, b, offsetB, length, binomialMinimum, length - looseMinimum);
    return passes(equal, fillDecides(equal) && wellFilled(a, offsetA) && wellFilled(b, offsetB));
  }

  /**
   * Whether a pair whose signatures agree on {@code agreements} values passes, given whether both
   * are {@link #wellFilled well filled}: what {@link #passes(int[], int[])} decides from the
   * signatures. A count that may overstate the agreement (of signatures kept in fewer bits, which
   * agree wherever the full ones do) passes every pair the full signatures pass. {@code
   * bothWellFilled} matters only where {@link #fillDecides} is true, so a caller may test the
   * signatures there alone.
   */
  public boolean passes(int agreements, boolean bothWellFilled) {
    return agreements >= binomialMinimum || (agreements >= looseMinimum && !bothWellFilled);
  }

  /**
   * Whether {@code agreements} lies between the two minimums, where whether both signatures are
   * well filled decides (only small sets' signatures pass there): elsewhere the count alone does.
   */
  public boolean fillDecides(int agreements) {
    return agreements >= looseMinimum && agreements < binomialMinimum;
  }

  /**
   * Whether the signature at {@code values[offset]} is well filled: its values show at least 3/4 of
   * its length distinct patterns of their low bits (as many bits as index a table of 8·n, rounded
   * up to a power of two). Two equal values share their pattern, so this counts at most the
   * distinct values (a few fewer, where different values share low bits): a signature it calls well
   * filled holds at least 3/4·n distinct values. One pass, no sorting: it runs for every candidate
   * whose agreement falls between the two minimums.
   */
  public boolean wellFilled(int[] values, int offset) {
    return distinctLowBits(values, offset, length) * 4 >= 3 * length;
  }

  /**
   * The number of distinct low-bit patterns (see {@link #wellFilled}) among the {@code length}
   * values at {@code values[offset]}.
   */
  static int distinctLowBits(int[] values, int offset, int length) {
    int bits = Math.max(64, Integer.highestOneBit(Math.max(1, 8 * length - 1)) << 1);
    int mask = bits - 1;
    long[] seen = new long[bits >>> 6];
    int distinct = 0;
    for (int i = offset; i < offset + length; i++) {
      int slot = values[i] & mask;
      long bit = 1L << slot;
      long word = seen[slot >>> 6];
      distinct += (word & bit) == 0 ? 1 : 0;
      seen[slot >>> 6] = word | bit;
    }
    return distinct;
  }

  /**
   * The largest m with P(X &lt; m) &lt;= {@code miss} for X ~ Binomial(n, p): the lower tail summed
   * from 0 up, each term from the one before in log space, so that no n under- or overflows.
   */
  static int binomialMinimum(int n, double p, double miss) {
    if (p <= 0) {
      return 0;
    }
    if (p >= 1) {
      return n;
    }
    double logRatio = Math.log(p) - Math.log1p(-p);
    double logTerm = n * Math.log1p(-p); // ln P(X = 0)
    double below = 0; // P(X < k)
    for (int k = 0; k <= n; k++) {
      double next = below + Math.exp(logTerm);
      if (next > miss) {
        return k;
      }
      below = next;
      logTerm += Math.log((double) (n - k) / (k + 1)) + logRatio;
    }
    return n;
  }
}
