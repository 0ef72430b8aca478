package org.neardup.batch;

import java.util.List;
import java.util.Objects;
import java.util.function.IntFunction;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.CorpusBuilder;
import org.neardup.batch.corpus.PairResult;
import org.neardup.batch.corpus.Progress;
import org.neardup.batch.corpus.SketchSource;
import org.neardup.batch.lsh.LshPairPhase;
import org.neardup.batch.reference.Reference;
import org.neardup.batch.reference.ReferencePairs;
import org.neardup.batch.reference.ReferenceProbe;
import org.neardup.config.MemoryBudget;
import org.neardup.config.PipelineConfig;
import org.neardup.input.InputProblems;
import org.neardup.shingle.ShingleUnit;

/**
 * The batch job in two calls, the one path of {@code ./neardup pairs} and of {@link
 * org.neardup.NearDup#pairs}: {@link #read} reads a {@link BatchInput} into a {@link Corpus} within
 * the memory budget, and {@link #pairs} finds its pairs as the {@link PairMethod} says, the {@link
 * PairPlanner} choosing between LSH and the exact join by default. Stateless and thread-safe.
 */
public final class BatchRun {
  private BatchRun() {}

  /** What a caller hears between grouping LSH's buckets and finding the pairs. Default: nothing. */
  public interface Listener {
    /** Hears nothing. */
    Listener NONE = new Listener() {};

    /** The plan made ({@link PairMethod#PLANNED} only), before either path runs. */
    default void planned(PairPlanner.Plan plan) {}

    /**
     * LSH was chosen and will examine up to {@code candidateUpperBound} candidate pairs; an
     * exception thrown here stops the run before the pair phase.
     *
     * @param plan the plan that chose LSH; null when LSH was asked for
     */
    default void lshChosen(long candidateUpperBound, PairPlanner.Plan plan) {}
  }

  /**
   * Reads every document of {@code input} into a corpus. When the input can be read again and its
   * shingle sets would not fit the {@linkplain MemoryBudget#defaults() memory budget}, none are
   * kept (rather than some for a while): verification reads again the documents of candidate pairs.
   * Progress is in bytes of the input.
   */
  public static Corpus read(
      PipelineConfig config, BatchInput input, InputProblems problems, Progress progress) {
    MemoryBudget budget = MemoryBudget.defaults();
    BatchInput rereader = input.rereadable() ? input : null;
    if (rereader != null
        && expectedSetBytes(config, input.textBytes()) > budget.shingleSetBytes()) {
      budget = budget.withShingleSetBytes(0);
    }
    return read(config, input, problems, progress, budget, rereader);
  }

  /**
   * Reads every document of {@code input} into a corpus within {@code budget}, keeping every
   * shingle set (in memory or spilled), for the stages that visit them all.
   */
  public static Corpus readKeepingSets(
      PipelineConfig config,
      BatchInput input,
      InputProblems problems,
      Progress progress,
      MemoryBudget budget) {
    return read(config, input, problems, progress, budget, null);
  }

  private static Corpus read(
      PipelineConfig config,
      BatchInput input,
      InputProblems problems,
      Progress progress,
      MemoryBudget budget,
      SketchSource rereader) {
    Objects.requireNonNull(config, "config");
    progress.startBytes("reading", input.bytes());
    try (CorpusBuilder builder =
        new CorpusBuilder(config, problems, Progress.NONE, budget, rereader)) {
      input.readInto(builder, problems, progress::advance);
      return builder.build();
    } finally {
      progress.finish();
    }
  }

  /**
   * Finds the pairs of {@code corpus} as {@code method} says. With {@link PairMethod#PLANNED} LSH's
   * buckets are grouped first and the {@link PairPlanner} runs the exact join instead when it costs
   * less; {@code listener} hears the plan and LSH's candidate count before the pair phase.
   */
  public static PairResult pairs(
      Corpus corpus, PairMethod method, Progress progress, Listener listener) {
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(listener, "listener");
    if (method == PairMethod.EXACT) {
      return PairFinder.exact(corpus, progress);
    }
    try (LshPairPhase phase = LshPairPhase.group(corpus, progress)) {
      long candidates = phase.candidateUpperBound();
      PairPlanner.Plan plan =
          method == PairMethod.PLANNED ? PairPlanner.plan(corpus, candidates) : null;
      if (plan != null) {
        listener.planned(plan);
      }
      if (plan == null || !plan.exact()) {
        listener.lshChosen(candidates, plan);
        return phase.find(progress);
      }
    }
    return PairFinder.exact(
        corpus, progress); // the bucket groups closed first: their files are gone
  }

  /**
   * {@link #pairs(Corpus, PairMethod, Progress, Listener)} with {@link PairMethod#PLANNED}, heard
   * by no one.
   */
  public static PairResult pairs(Corpus corpus, Progress progress) {
    return pairs(corpus, PairMethod.PLANNED, progress, Listener.NONE);
  }

  /**
   * The pairs of {@code corpus}'s documents with the documents of {@code references}, which are
   * kept by definition ({@code --against}): by the corpus's banding, verified as its own pairs are,
   * so exactly those {@link #pairs} over both would report between them (with LSH). For {@link
   * org.neardup.cluster.KeptSet#choose(int, Iterable, int[], Iterable)}. In exact verification the
   * corpus must keep its shingle sets ({@link #readKeepingSets}).
   *
   * @throws IllegalArgumentException when a reference's settings are not the corpus's, naming it
   */
  public static ReferencePairs against(
      Corpus corpus, List<? extends Reference> references, Progress progress) {
    return ReferenceProbe.find(corpus, references, progress);
  }

  /**
   * {@link #against(Corpus, List, Progress)} under {@code config} (the corpus's sketch params; its
   * threshold, banding and verification rule), for a corpus read without shingle sets (in estimate
   * mode) whose documents' sets {@code sets} makes again when a candidate needs one: for documents
   * held as texts, too many to keep every set, probed against references read in pieces.
   *
   * @throws IllegalArgumentException when a reference's settings or the corpus's sketch params are
   *     not {@code config}'s, naming it
   */
  public static ReferencePairs against(
      Corpus corpus,
      PipelineConfig config,
      IntFunction<long[]> sets,
      List<? extends Reference> references,
      Progress progress) {
    return ReferenceProbe.find(corpus, config, sets, references, progress);
  }

  /**
   * Refuses {@code reference} when its sketches or matches are not comparable with a run's of
   * {@code config}, as {@link #against} does first: for a face that reads a reference in another
   * form (an index copied into a signature file) and checks it before.
   *
   * @throws IllegalArgumentException naming the reference and what differs
   */
  public static void checkReference(PipelineConfig config, Reference reference) {
    ReferenceProbe.check(config, reference);
  }

  /**
   * Roughly the heap the shingle hashes of {@code textBytes} of text take: 8 bytes a shingle, a
   * shingle a character (char shingles) or a word (word shingles, a word and its space taken as 6
   * characters).
   */
  static long expectedSetBytes(PipelineConfig config, long textBytes) {
    return config.shingle().unit() == ShingleUnit.CHAR ? 8 * textBytes : 8 * textBytes / 6;
  }
}
