package org.neardup.search;

import java.io.Serializable;
import java.util.Objects;
import org.neardup.lsh.LshParams;

/**
 * How a top-k query reaches below the threshold: an anytime search over two bandings of the same
 * signature.
 *
 * <ol>
 *   <li>The threshold banding (the index's own) first. Every document with J &gt;= threshold is
 *       among its candidates with probability at least the target recall, so when the k best
 *       verified candidates all reach the threshold they are the answer, and the search stops.
 *   <li>Otherwise the floor banding, chosen for the floor f by {@link LshParams#optimal} exactly as
 *       {@code pairs} chooses its banding for a threshold (at f = 0.3 from 128 values: 64 bands of
 *       2 rows, P(candidate) = 1 − (1 − s²)^64 &gt;= 0.997 for every s &gt;= 0.3). Its candidates
 *       come with the number of bands m they share with the query, m ~ Binomial(b, J^r): a free
 *       estimate of J. They are verified most bands first, and the search stops when even the
 *       {@link #upperBound(int) upper confidence bound} of J given m falls below the k-th best
 *       similarity found: the rest cannot beat it, except with probability {@value #PRUNE_ERROR}
 *       each.
 * </ol>
 *
 * Every similarity returned is the exact Jaccard of the shingle sets, and only documents with J
 * &gt;= f are returned. Below f nothing is promised: the S-curve of the floor banding falls (at
 * 0.2: 0.93; at 0.1: 0.47), and a floor lower still needs more bands, 1 row (a scan) or longer
 * signatures. Immutable and thread-safe.
 */
public final class TopKPlan implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The probability of pruning a document that would have made the top k, per document. */
  public static final double PRUNE_ERROR = 1e-4;

  /**
   * How far below its expectation a candidate's signature agreement may fall, in standard
   * deviations.
   */
  public static final double FILTER_SIGMAS = 4;

  /**
   * How far below its expectation the common shingles of a floor candidate's first merged part may
   * fall, in standard deviations ({@link org.neardup.verify.Jaccard#plausiblyAtLeast}).
   */
  public static final double MERGE_SIGMAS = 4.5;

  private final double floor;
  private final LshParams banding;
  private final double targetRecall;
  private final double[] upperBounds; // by hits

  private TopKPlan(double floor, LshParams banding, double targetRecall) {
    this.floor = floor;
    this.banding = Objects.requireNonNull(banding, "banding");
    this.targetRecall = targetRecall;
    this.upperBounds = new double[banding.bands() + 1];
    for (int hits = 0; hits <= banding.bands(); hits++) {
      upperBounds[hits] = computeUpperBound(hits);
    }
  }

  /**
   * The plan for {@code floor} from {@code numPermutations} signature values and {@code
   * targetRecall}.
   *
   * @throws IllegalArgumentException for a floor outside (0, 1)
   */
  public static TopKPlan forFloor(double floor, int numPermutations, double targetRecall) {
    if (!(floor > 0 && floor < 1)) {
      throw new IllegalArgumentException("top-k floor must be in (0, 1), got " + floor);
    }
    return new TopKPlan(
        floor, LshParams.optimal(floor, numPermutations, targetRecall), targetRecall);
  }

  /** The lowest similarity returned and promised. */
  public double floor() {
    return floor;
  }

  /** The floor banding. */
  public LshParams banding() {
    return banding;
  }

  public double targetRecall() {
    return targetRecall;
  }

  /** P(candidate of the floor banding | J = s) = 1 − (1 − s^r)^b. */
  public double candidateProbability(double similarity) {
    return banding.candidateProbability(similarity);
  }

  /**
   * The highest J a candidate sharing {@code hits} floor bands with the query plausibly has: the s
   * at which P(Binomial(b, s^r) &lt;= hits) = {@value #PRUNE_ERROR}.
   */
  public double upperBound(int hits) {
    return upperBounds[Math.max(0, Math.min(hits, banding.bands()))];
  }

  /**
   * The fewest floor bands a candidate must share with the query to plausibly reach {@code bar}:
   * the least hits whose {@link #upperBound} is at least the bar (candidates sharing fewer are
   * never looked at by a search at that bar or above).
   */
  public int minimumHits(double bar) {
    int hits = 0;
    while (hits < banding.bands() && upperBound(hits) < bar) {
      hits++;
    }
    return hits;
  }

  private double computeUpperBound(int hits) {
    if (hits >= banding.bands()) {
      return 1;
    }
    double low = 0;
    double high = 1;
    for (int step = 0; step < 60; step++) {
      double middle = (low + high) / 2;
      if (Binomial.cdf(banding.bands(), Math.pow(middle, banding.rows()), hits) > PRUNE_ERROR) {
        low = middle;
      } else {
        high = middle;
      }
    }
    return high;
  }

  /**
   * The fewest signature values (of {@code n}) a document of similarity &gt;= {@code similarity}
   * plausibly agrees on: n·s − {@value #FILTER_SIGMAS}·sqrt(n·s·(1 − s)), rounded down (for
   * n-permutation MinHash a document at s falls below it with probability about 3e-5).
   */
  public static int minimumAgreement(int n, double similarity) {
    return minimumAgreement(n, similarity, FILTER_SIGMAS);
  }

  /**
   * {@link #minimumAgreement(int, double)} at {@code sigmas} standard deviations below the mean.
   */
  public static int minimumAgreement(int n, double similarity, double sigmas) {
    double mean = n * similarity;
    double sigma = Math.sqrt(n * similarity * (1 - similarity));
    return Math.max(0, (int) Math.floor(mean - sigmas * sigma));
  }

  /**
   * {@link #minimumAgreement(int, double, double)} for {@link
   * org.neardup.minhash.Signatures#lowByteAgreement}: two values agree on their low byte when
   * equal, and by chance (1/256) otherwise, so the mean at similarity s is n·(s + (1 − s)/256).
   */
  public static int minimumLowByteAgreement(int n, double similarity, double sigmas) {
    return minimumAgreement(n, similarity + (1 - similarity) / 256, sigmas);
  }

  @Override
  public String toString() {
    return "top-k floor " + floor + ": " + banding;
  }
}
