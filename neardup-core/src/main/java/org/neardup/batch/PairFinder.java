package org.neardup.batch;

import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.PairResult;
import org.neardup.batch.corpus.Progress;
import org.neardup.batch.exact.ExactJoin;
import org.neardup.batch.lsh.LshPairPhase;
import org.neardup.config.MemoryBudget;
import org.neardup.config.PipelineConfig;
import org.neardup.internal.concurrent.ParallelRange;
import org.neardup.verify.Jaccard;
import org.neardup.verify.SimilarPair;
import org.neardup.verify.Verifier;
import org.neardup.verify.VerifyMode;

/**
 * Finds the pairs of a {@link Corpus} whose similarity is at least the configured threshold: with
 * LSH banding then verification, or with an exact all-pairs join. Stateless and thread-safe.
 */
public final class PairFinder {
  private PairFinder() {}

  /**
   * LSH: every band's bucket keys are sorted, so that the documents of a bucket meet ({@link
   * LshPairPhase}); each pair of documents sharing a bucket is examined once and confirmed by the
   * config's {@link Verifier} (in {@link VerifyMode#EXACT}: the signature-agreement filter, then
   * exact Jaccard of the shingle sets), the same verification as the online index. Memory follows
   * the corpus's {@link MemoryBudget}.
   */
  public static PairResult withLsh(Corpus corpus, Progress progress) {
    try (LshPairPhase phase = LshPairPhase.group(corpus, progress)) {
      return phase.find(progress);
    }
  }

  /**
   * Exact all-pairs join by prefix filtering ({@link ExactJoin}, which runs {@code
   * PrefixFilterJoin}): the same pairs as {@link #bruteForce}, far faster, within the corpus's
   * {@link MemoryBudget} (sets the corpus did not keep are read again). Needs shingle sets ({@link
   * VerifyMode#EXACT}).
   *
   * @throws IllegalStateException in {@link VerifyMode#ESTIMATE}, which keeps no shingle sets
   */
  public static PairResult exact(Corpus corpus, Progress progress) {
    return ExactJoin.run(corpus, progress);
  }

  /** Every shingle set, by ordinal, read (and sorted) once, in parallel. */
  static long[][] allSets(Corpus corpus) {
    if (corpus.config().verify() != VerifyMode.EXACT) {
      throw new IllegalStateException("the exact join needs shingle sets (verify mode EXACT)");
    }
    long[][] sets = new long[corpus.size()][];
    ParallelRange.forEach(
        sets.length, corpus.config().threads(), i -> sets[i] = corpus.shingles(i));
    return sets;
  }

  /**
   * Exact all-pairs join by brute force: documents sorted by set size, each compared with every
   * larger one that the size bound (J &lt;= |small| / |large|) does not rule out. Needs shingle
   * sets ({@link VerifyMode#EXACT}).
   *
   * @throws IllegalStateException in {@link VerifyMode#ESTIMATE}, which keeps no shingle sets
   */
  public static PairResult bruteForce(Corpus corpus, Progress progress) {
    PipelineConfig config = corpus.config();
    long[][] sets = allSets(corpus);
    int n = sets.length;
    double threshold = config.threshold();
    int[] setSizes = new int[n];
    for (int d = 0; d < n; d++) {
      setSizes[d] = sets[d].length;
    }
    int[] bySize = ExactJoin.bySize(setSizes);
    int[] sizes = new int[n]; // by position
    for (int p = 0; p < n; p++) {
      sizes[p] = setSizes[bySize[p]];
    }
    LongAdder compared = new LongAdder();
    progress.start("comparing all pairs", n);
    List<SimilarPair> pairs =
        ParallelRange.pairs(
            n,
            config.threads(),
            progress::advance,
            (p, out) -> {
              long[] small = sets[bySize[p]];
              double maxLarge = sizes[p] / threshold * (1 + 1e-12);
              long count = 0;
              for (int q = p + 1; q < n && sizes[q] <= maxLarge; q++) {
                count++;
                double similarity = Jaccard.similarityAtLeast(small, sets[bySize[q]], threshold);
                if (similarity >= threshold) {
                  out.add(SimilarPair.of(bySize[p], bySize[q], similarity));
                }
              }
              compared.add(count);
            });
    progress.finish();
    return new PairResult(pairs, compared.sum(), compared.sum(), null);
  }
}
