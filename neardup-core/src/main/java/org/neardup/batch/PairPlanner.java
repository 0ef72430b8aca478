package org.neardup.batch;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Locale;
import java.util.SplittableRandom;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.Resketch;
import org.neardup.batch.exact.ExactJoin;
import org.neardup.batch.lsh.LshPairPhase;
import org.neardup.config.PipelineConfig;
import org.neardup.verify.VerifyMode;

/**
 * Chooses between LSH and the exact join before the pair phase, by what each would examine. LSH's
 * count is known exactly once its buckets are grouped ({@link LshPairPhase#candidateUpperBound()}).
 * The exact join's is estimated: the join is run on a uniform sample of {@value #SAMPLE} documents
 * (fixed seed) and the pairs it examines there are scaled by n(n − 1) / (m(m − 1)), as {@code tune}
 * estimates from a sample. The exact join is chosen when its estimated cost is below LSH's:
 *
 * <ul>
 *   <li>an exact-join pair costs {@value #EXACT_PAIR_COST} LSH pair visits (the ratio of their
 *       costs a pair where both examine the same number of pairs; docs/design.md);
 *   <li>when the corpus did not keep its shingle sets, the exact join makes every document's set
 *       again, about {@value #RESKETCH_COST} pair visits a document.
 * </ul>
 *
 * <p>Below {@value #MINIMUM_CANDIDATES_TO_PLAN} LSH candidate pairs (a few seconds of work), and
 * below {@value #RESKETCH_COST} a document when the sets were not kept (the exact join could not
 * win), LSH is taken without an estimate; so it is in {@link VerifyMode#ESTIMATE}, which has no
 * sets to join, and when the sets can be neither found nor read again. Stateless.
 */
public final class PairPlanner {
  /** LSH candidate pairs below which LSH is taken without estimating the exact join. */
  public static final long MINIMUM_CANDIDATES_TO_PLAN = 20_000_000L;

  /** Documents sampled to estimate the exact join. */
  static final int SAMPLE = 4_000;

  /** What an exact-join pair costs, in LSH pair visits. */
  static final double EXACT_PAIR_COST = 1.1;

  /** What making a document's set again costs, in LSH pair visits. */
  static final double RESKETCH_COST = 100;

  private static final long SEED = 0x5eed_1e55L;

  private PairPlanner() {}

  /**
   * The choice and the figures behind it.
   *
   * @param exact whether the exact join was chosen
   * @param lshCandidates LSH's (bucket, pair) visits: an upper bound on its candidate pairs
   * @param exactEstimate the pairs the exact join would examine, estimated; -1 when not estimated
   * @param sampled documents in the sample (0 when not estimated)
   */
  public record Plan(boolean exact, long lshCandidates, long exactEstimate, int sampled) {
    /**
     * Whether the exact join was estimated (LSH's candidates reached {@link
     * #MINIMUM_CANDIDATES_TO_PLAN}).
     */
    public boolean estimated() {
      return exactEstimate >= 0;
    }

    /** One line for the user: the choice and both figures. */
    public String describe() {
      if (!estimated()) {
        return String.format(
            Locale.ROOT,
            "LSH, up to %,d candidate pairs (the exact join not estimated)",
            lshCandidates);
      }
      return String.format(
          Locale.ROOT,
          "%s: LSH would examine up to %,d candidate pairs, the exact join about %,d (estimated"
              + " from %,d documents)%s",
          exact ? "the exact join" : "LSH",
          lshCandidates,
          exactEstimate,
          sampled,
          exact ? "; --lsh forces LSH" : "; --exact forces the exact join");
    }
  }

  /** LSH, without an estimate. */
  static Plan lsh(long lshCandidates) {
    return new Plan(false, lshCandidates, -1, 0);
  }

  /**
   * Plans the pair phase of {@code corpus}, whose LSH buckets give {@code lshCandidates}. May read
   * the inputs again (once, for the sample) when the corpus did not keep its sets.
   */
  public static Plan plan(Corpus corpus, long lshCandidates) {
    PipelineConfig config = corpus.config();
    boolean kept = corpus.keepsShingleSets();
    int n = corpus.size();
    if (!worthEstimating(lshCandidates, kept, n)
        || config.verify() != VerifyMode.EXACT
        || (!kept && corpus.sketchSource().isEmpty())
        || n < 2) {
      return lsh(lshCandidates);
    }
    int[] sample = sample(n, Math.min(n, SAMPLE));
    long[][] sets = sets(corpus, sample);
    long examined = ExactJoin.examinedPairs(sets, config.threshold(), config.threads());
    int m = sample.length;
    double scale = (double) n * (n - 1) / ((double) m * (m - 1));
    long estimate = (long) Math.min(Long.MAX_VALUE, examined * scale);
    return new Plan(exactIsCheaper(estimate, kept, n, lshCandidates), lshCandidates, estimate, m);
  }

  /**
   * Whether the exact join could win at all: from {@link #MINIMUM_CANDIDATES_TO_PLAN} LSH
   * candidates, and, when the sets were not kept, more than the {@value #RESKETCH_COST} pair visits
   * a document that making them all again costs the exact join before it examines a pair (then
   * sampling, which reads the inputs once more, is not paid for nothing).
   */
  static boolean worthEstimating(long lshCandidates, boolean setsKept, int documents) {
    return lshCandidates >= MINIMUM_CANDIDATES_TO_PLAN
        && (setsKept || lshCandidates > RESKETCH_COST * documents);
  }

  /** The cost model: whether the exact join, examining {@code exactEstimate} pairs, costs less. */
  static boolean exactIsCheaper(
      long exactEstimate, boolean setsKept, int documents, long lshCandidates) {
    return EXACT_PAIR_COST * exactEstimate + (setsKept ? 0 : RESKETCH_COST * documents)
        < lshCandidates;
  }

  /** {@code m} distinct ordinals of [0, n), uniformly at random (Floyd's algorithm), ascending. */
  static int[] sample(int n, int m) {
    SplittableRandom random = new SplittableRandom(SEED);
    BitSet chosen = new BitSet(n);
    for (int j = n - m; j < n; j++) {
      int t = random.nextInt(j + 1);
      chosen.set(chosen.get(t) ? j : t);
    }
    return chosen.stream().toArray();
  }

  /** The shingle sets of the sampled ordinals, from the corpus or read again. */
  private static long[][] sets(Corpus corpus, int[] sample) {
    long[][] sets = new long[sample.length][];
    if (corpus.keepsShingleSets()) {
      for (int i = 0; i < sample.length; i++) {
        sets[i] = corpus.shingles(sample[i]);
      }
      return sets;
    }
    BitSet wanted = new BitSet(corpus.size());
    for (int ordinal : sample) {
      wanted.set(ordinal);
    }
    Resketch.sets(
        corpus, wanted::get, (ordinal, set) -> sets[Arrays.binarySearch(sample, ordinal)] = set);
    return sets;
  }
}
