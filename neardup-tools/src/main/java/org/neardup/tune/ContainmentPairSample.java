package org.neardup.tune;

import java.util.Objects;
import java.util.SplittableRandom;
import org.neardup.batch.corpus.Corpus;
import org.neardup.search.ContainmentPlan;
import org.neardup.search.ContainmentQuery;
import org.neardup.verify.Containment;

/**
 * Ordered document pairs (Q, X) drawn uniformly at random, with replacement, from the n (n − 1)
 * ordered pairs of a {@link Corpus} (every pair when there are no more than the sample size), each
 * with its exact containment C(Q, X) and whether the sample join makes X a candidate of Q: what
 * {@code tune --measure containment} shows. Deterministic for a seed. Immutable.
 */
public final class ContainmentPairSample {
  private final long totalPairs;
  private final boolean exhaustive;
  private final double[] containments;
  private final boolean[] candidates;

  private ContainmentPairSample(
      long totalPairs, boolean exhaustive, double[] containments, boolean[] candidates) {
    this.totalPairs = totalPairs;
    this.exhaustive = exhaustive;
    this.containments = containments;
    this.candidates = candidates;
  }

  /**
   * Draws {@code size} ordered pairs of distinct documents with {@code SplittableRandom(seed)}.
   *
   * @throws IllegalArgumentException without shingle sets or for {@code size} &lt; 1
   */
  public static ContainmentPairSample draw(
      Corpus corpus, ContainmentPlan plan, int size, long seed) {
    Objects.requireNonNull(corpus, "corpus");
    if (size < 1) {
      throw new IllegalArgumentException("sample size must be at least 1, got " + size);
    }
    int n = corpus.size();
    if (n > 0 && corpus.shingles(0) == null) {
      throw new IllegalArgumentException("a pair sample needs shingle sets (verify mode EXACT)");
    }
    long total = (long) n * (n - 1);
    boolean exhaustive = total <= size;
    int count = (int) (exhaustive ? total : size);
    double[] containments = new double[count];
    boolean[] candidates = new boolean[count];
    if (exhaustive) {
      int k = 0;
      for (int q = 0; q < n; q++) {
        for (int x = 0; x < n; x++) {
          if (q != x) {
            record(corpus, plan, q, x, k++, containments, candidates);
          }
        }
      }
    } else {
      SplittableRandom random = new SplittableRandom(seed);
      for (int k = 0; k < count; k++) {
        int query = random.nextInt(n);
        int other = random.nextInt(n - 1);
        record(
            corpus, plan, query, other >= query ? other + 1 : other, k, containments, candidates);
      }
    }
    return new ContainmentPairSample(total, exhaustive, containments, candidates);
  }

  private static void record(
      Corpus corpus,
      ContainmentPlan plan,
      int query,
      int other,
      int k,
      double[] containments,
      boolean[] candidates) {
    long[] a = corpus.shingles(query);
    long[] b = corpus.shingles(other);
    containments[k] = Containment.of(a, b);
    candidates[k] =
        b.length >= Containment.neededOverlap(a.length, plan.threshold())
            && new ContainmentQuery(plan, a).holdsEnoughSampled(b);
  }

  /** n (n − 1): all ordered pairs of the corpus. */
  public long totalPairs() {
    return totalPairs;
  }

  /** Whether every pair was taken (the figures are then counts, not estimates). */
  public boolean exhaustive() {
    return exhaustive;
  }

  public int size() {
    return containments.length;
  }

  /** Pairs of the corpus a sampled pair stands for. */
  public double scale() {
    return (double) totalPairs / containments.length;
  }

  /** The sampled containments in {@code bins} bins of equal width over [0, 1]. */
  public Histogram histogram(int bins) {
    return Histogram.of(containments, 0, 1, bins);
  }

  /** Sampled pairs in each of {@code bins} bins that are candidates of the sample join. */
  public int[] candidatesByBin(int bins) {
    int[] counts = new int[bins];
    for (int k = 0; k < containments.length; k++) {
      if (candidates[k]) {
        counts[Math.min(bins - 1, (int) (containments[k] * bins))]++;
      }
    }
    return counts;
  }

  /**
   * Sampled pairs with C &gt;= {@code threshold} that are not candidates: misses of the sample
   * join.
   */
  public int missed(double threshold) {
    int missed = 0;
    for (int k = 0; k < containments.length; k++) {
      if (containments[k] >= threshold && !candidates[k]) {
        missed++;
      }
    }
    return missed;
  }
}
