package org.neardup.search;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Objects;

/**
 * How containment search turns a target recall into a candidate rule, and what it promises.
 *
 * <p>A query Q of k sampled shingles ({@link ContainmentSample}) makes a stored document X a
 * candidate when X holds at least h of them, with h = {@link #minimumHits(int) h(k)} the largest
 * count such that a document with C(Q, X) = t falls short with probability at most 1 − target: the
 * sampled shingles X holds are a uniform sample of Q ∩ X, so their number is Binomial(k, C) (a
 * hypergeometric, more concentrated, in fact). Prefix filtering then finds every such X by reading
 * only the k − h + 1 shortest posting lists of Q's sampled shingles: X must hold one of them.
 *
 * <p>A query keeps at most {@link #MAX_QUERY_SAMPLE} of its sampled shingles, those of smallest
 * hash ({@link #querySample}): a uniform sample of them, since the hash that samples is another.
 * h(k)/k nears t as k grows, so more than that buys little (at 128, a document at C = t is a
 * candidate with probability 0.994 and one at t + 0.02 with 0.999, at t = 0.8), and each sampled
 * shingle costs a posting list to read (k − h + 1 of them are read, about a quarter at t = 0.8): a
 * whole document of 1,400 shingles sampled 1 in 4 read 89 lists, now 38.
 *
 * <p>The probability that X becomes a candidate depends on C(Q, X) and on the size of Q, never on
 * the size of X ({@link #candidateProbability}): that is why no partitioning by size is needed. The
 * one weakness is short queries: with few sampled shingles the rule cannot reach the target (a
 * query with no sampled shingle finds nothing). {@link #minimumQuerySize()} is the size from which
 * the target holds, as a shingle count. Immutable, thread-safe.
 */
public final class ContainmentPlan implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The largest query size {@link #minimumQuerySize()} searches. */
  private static final int MAX_QUERY_SIZE = 1 << 20;

  /** The most sampled shingles a query uses: see the class comment. */
  public static final int MAX_QUERY_SAMPLE = 128;

  /** h(k) is tabulated for k below this; computed on each call above (one call a query). */
  private static final int TABLE_SIZE = 4096;

  private final double threshold;
  private final double targetRecall;
  private final ContainmentSample sample;
  private transient volatile int[] hitsBySampled;

  /**
   * @param threshold report documents that contain at least this fraction of the query, in (0, 1]
   * @param targetRecall the candidate probability to reach at the threshold, in (0, 1)
   * @param sample the shingle sample of the stored documents
   */
  public ContainmentPlan(double threshold, double targetRecall, ContainmentSample sample) {
    if (!(threshold > 0 && threshold <= 1)) {
      throw new IllegalArgumentException(
          "containment threshold must be in (0, 1], got " + threshold);
    }
    if (!(targetRecall > 0 && targetRecall < 1)) {
      throw new IllegalArgumentException("target recall must be in (0, 1), got " + targetRecall);
    }
    this.threshold = threshold;
    this.targetRecall = targetRecall;
    this.sample = Objects.requireNonNull(sample, "sample");
  }

  public double threshold() {
    return threshold;
  }

  public double targetRecall() {
    return targetRecall;
  }

  public ContainmentSample sample() {
    return sample;
  }

  /**
   * The sampled shingles a query of shingle set {@code shingleSet} (sorted, distinct) uses: those
   * {@link #sample()} picks, at most {@link #MAX_QUERY_SAMPLE} of them (the first, in the set's
   * order), sorted.
   */
  public long[] querySample(long[] shingleSet) {
    long[] sampled = sample.of(shingleSet);
    return sampled.length > MAX_QUERY_SAMPLE ? Arrays.copyOf(sampled, MAX_QUERY_SAMPLE) : sampled;
  }

  /**
   * h(k): how many of a query's k sampled shingles a document must hold to be a candidate. The
   * largest h &gt;= 1 with P(Binomial(k, t) &lt; h) &lt;= 1 − target, or 1 when even h = 1 misses
   * more often than that (k too small).
   */
  public int minimumHits(int sampled) {
    if (sampled < 1) {
      return 1;
    }
    if (sampled >= TABLE_SIZE) {
      return computeMinimumHits(sampled);
    }
    int[] table = hitsBySampled;
    if (table == null || sampled >= table.length) {
      table = table(Math.min(TABLE_SIZE, Math.max(64, 2 * sampled + 1)));
      hitsBySampled = table; // a race computes the same values twice: harmless
    }
    return table[sampled];
  }

  private int[] table(int size) {
    int[] table = new int[size];
    table[0] = 1;
    for (int k = 1; k < size; k++) {
      table[k] = computeMinimumHits(k);
    }
    return table;
  }

  private int computeMinimumHits(int sampled) {
    double allowed = 1 - targetRecall;
    double[] cdf = Binomial.cdfs(sampled, threshold);
    int hits = 1;
    while (hits < sampled && cdf[hits] <= allowed) {
      hits++; // P(X < hits + 1) = cdf[hits] is still small enough: require one more
    }
    return hits;
  }

  /**
   * The probability that a document X with C(Q, X) = {@code containment} becomes a candidate of a
   * query of {@code querySize} shingles: each of the ⌈C·|Q|⌉ shared shingles and of the others is
   * sampled with probability 1/rate, independently (the hash decides), and X is a candidate when
   * the shared ones sampled reach h(k) of all k sampled. Past {@link #MAX_QUERY_SAMPLE} sampled,
   * the query keeps a uniform subset of that many, so the shared ones it keeps are hypergeometric.
   */
  public double candidateProbability(double containment, int querySize) {
    if (querySize < 1) {
      return 0;
    }
    int shared = (int) Math.min(querySize, Math.ceil(containment * querySize * (1 - 1e-12)));
    int others = querySize - shared;
    double p = 1.0 / sample.rate();
    double[] othersAtMost = Binomial.cdfs(others, p);
    double probability = 0;
    // the most sampled non-shared shingles still allowed, for the current hits (at most the cap)
    int misses = Math.min(others, MAX_QUERY_SAMPLE);
    for (int hits = Math.min(shared, MAX_QUERY_SAMPLE); hits >= 1; hits--) {
      while (misses >= 0 && minimumHits(hits + misses) > hits) {
        misses--;
      }
      if (misses < 0) {
        break; // fewer hits allow even fewer misses
      }
      // at most MAX_QUERY_SAMPLE sampled in all here; more are counted below
      probability +=
          Binomial.pmf(shared, p, hits) * othersAtMost[Math.min(misses, MAX_QUERY_SAMPLE - hits)];
    }
    double capped = 1 - Binomial.cdf(querySize, p, MAX_QUERY_SAMPLE);
    if (capped > 0) {
      probability +=
          capped
              * Binomial.hypergeometricTail(
                  querySize, shared, MAX_QUERY_SAMPLE, minimumHits(MAX_QUERY_SAMPLE));
    }
    return Math.min(1, probability);
  }

  /**
   * The smallest query size (in shingles) from which a document containing a fraction t of the
   * query becomes a candidate with probability at least the target, for every larger size too.
   */
  public int minimumQuerySize() {
    int from = -1;
    for (int size = 1; size <= MAX_QUERY_SIZE; size = size < 512 ? size + 1 : size + size / 64) {
      boolean meets = candidateProbability(threshold, size) >= targetRecall;
      if (meets && from < 0) {
        from = size;
      } else if (!meets) {
        from = -1;
      }
      if (from > 0 && size >= 4L * from + 64) {
        return from;
      }
    }
    return from < 0 ? MAX_QUERY_SIZE : from;
  }

  @Override
  public String toString() {
    return "containment >= " + threshold + ", sample " + sample + ", target recall " + targetRecall;
  }
}
