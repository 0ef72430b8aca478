package org.neardup.tune;

import java.util.Objects;
import java.util.SplittableRandom;
import org.neardup.batch.corpus.Corpus;
import org.neardup.lsh.LshParams;
import org.neardup.verify.Jaccard;

/**
 * Exact Jaccard similarities of document pairs drawn uniformly at random, with replacement, from
 * the n (n - 1) / 2 pairs of a {@link Corpus}; or of every pair, when there are no more of them
 * than the sample size asked for. Deterministic for a seed. Immutable.
 */
public final class PairSample {
  private final long totalPairs;
  private final boolean exhaustive;
  private final double[] similarities;
  private final int[] mergeLengths;

  private PairSample(
      long totalPairs, boolean exhaustive, double[] similarities, int[] mergeLengths) {
    this.totalPairs = totalPairs;
    this.exhaustive = exhaustive;
    this.similarities = similarities;
    this.mergeLengths = mergeLengths;
  }

  /**
   * Draws {@code size} pairs of distinct documents with {@code SplittableRandom(seed)} and computes
   * their exact similarity; takes every pair instead when there are at most {@code size}.
   *
   * @throws IllegalArgumentException if the corpus keeps no shingle sets ({@link
   *     org.neardup.verify.VerifyMode#ESTIMATE}) or {@code size} &lt; 1
   */
  public static PairSample draw(Corpus corpus, int size, long seed) {
    Objects.requireNonNull(corpus, "corpus");
    if (size < 1) {
      throw new IllegalArgumentException("sample size must be at least 1, got " + size);
    }
    int n = corpus.size();
    if (n > 0 && corpus.shingles(0) == null) {
      throw new IllegalArgumentException("a pair sample needs shingle sets (verify mode EXACT)");
    }
    long total = (long) n * (n - 1) / 2;
    if (total <= size) {
      return every(corpus, total);
    }
    SplittableRandom random = new SplittableRandom(seed);
    double[] similarities = new double[size];
    int[] mergeLengths = new int[size];
    for (int k = 0; k < size; k++) {
      int i = random.nextInt(n);
      int j = random.nextInt(n - 1);
      if (j >= i) {
        j++;
      }
      record(corpus, i, j, k, similarities, mergeLengths);
    }
    return new PairSample(total, false, similarities, mergeLengths);
  }

  private static PairSample every(Corpus corpus, long total) {
    double[] similarities = new double[(int) total];
    int[] mergeLengths = new int[(int) total];
    int k = 0;
    for (int i = 0; i < corpus.size(); i++) {
      for (int j = i + 1; j < corpus.size(); j++) {
        record(corpus, i, j, k++, similarities, mergeLengths);
      }
    }
    return new PairSample(total, true, similarities, mergeLengths);
  }

  private static void record(
      Corpus corpus, int i, int j, int k, double[] similarities, int[] mergeLengths) {
    long[] a = corpus.shingles(i);
    long[] b = corpus.shingles(j);
    similarities[k] = Jaccard.similarity(a, b);
    mergeLengths[k] = a.length + b.length;
  }

  /** n (n - 1) / 2: all pairs of the corpus. */
  public long totalPairs() {
    return totalPairs;
  }

  /** Whether the sample is every pair of the corpus, each once. */
  public boolean exhaustive() {
    return exhaustive;
  }

  /** Pairs in the sample. */
  public int size() {
    return similarities.length;
  }

  /** The exact similarity of sampled pair {@code k}. */
  public double similarity(int k) {
    return similarities[k];
  }

  /** How many corpus pairs one sampled pair stands for: total / sampled (1 when exhaustive). */
  public double scale() {
    return similarities.length == 0 ? 0 : (double) totalPairs / similarities.length;
  }

  /** The sampled similarities in {@code bins} bins over [0, 1] (the last bin holds 1.0). */
  public Histogram histogram(int bins) {
    return Histogram.of(similarities, 0, 1, bins);
  }

  /**
   * Expected candidate pairs of the whole corpus whose similarity falls in each of {@code bins}
   * bins over [0, 1], under {@code params}.
   */
  public double[] expectedCandidatesByBin(LshParams params, int bins) {
    double[] candidates = new double[bins];
    for (double similarity : similarities) {
      candidates[Histogram.binOf(similarity, 0, 1, bins)] +=
          params.candidateProbability(similarity);
    }
    double scale = scale();
    for (int b = 0; b < bins; b++) {
      candidates[b] *= scale;
    }
    return candidates;
  }

  /** What {@code params} is expected to do on the whole corpus, for pairs at {@code threshold}. */
  public CandidateEstimate estimate(LshParams params, double threshold) {
    int m = similarities.length;
    double sum = 0;
    double sumOfSquares = 0;
    long atThreshold = 0;
    double falseCandidates = 0;
    double missed = 0;
    double mergeSteps = 0;
    for (int k = 0; k < m; k++) {
      double s = similarities[k];
      double p = params.candidateProbability(s);
      sum += p;
      sumOfSquares += p * p;
      mergeSteps += p * mergeLengths[k];
      if (s >= threshold) {
        atThreshold++;
        missed += 1 - p;
      } else {
        falseCandidates += p;
      }
    }
    double scale = scale();
    double standardError = 0;
    if (!exhaustive && m > 1) {
      double mean = sum / m;
      double variance = Math.max(0, (sumOfSquares - m * mean * mean) / (m - 1));
      standardError = totalPairs * Math.sqrt(variance / m);
    }
    return new CandidateEstimate(
        totalPairs,
        m,
        exhaustive,
        sum * scale,
        standardError,
        atThreshold * scale,
        falseCandidates * scale,
        missed * scale,
        mergeSteps * scale);
  }
}
