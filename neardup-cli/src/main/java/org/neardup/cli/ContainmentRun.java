package org.neardup.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.neardup.batch.ContainmentFinder;
import org.neardup.batch.corpus.ContainmentResult;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.Progress;
import org.neardup.config.PipelineConfig;
import org.neardup.input.InputProblems;
import org.neardup.options.Formats;
import org.neardup.options.InputMixin;
import org.neardup.options.MeasureMixin;
import org.neardup.options.PipelineMixin;
import org.neardup.options.UsageException;
import org.neardup.search.ContainmentPlan;
import org.neardup.verify.VerifyMode;

/**
 * One run of {@code pairs --measure containment}: read every input into a {@link Corpus}, find the
 * pairs by containment (sample join, or exact with {@code --exact}), and say on stderr what was
 * done, unless quiet.
 */
public final class ContainmentRun implements AutoCloseable {
  /** Why the banding options do nothing for containment. */
  public static final String NO_BANDING =
      "containment finds candidates by a sample of shingles, not by banding signatures";

  public final PipelineConfig config;
  public final Corpus corpus;
  public final ContainmentResult result;

  private ContainmentRun(PipelineConfig config, Corpus corpus, ContainmentResult result) {
    this.config = config;
    this.corpus = corpus;
    this.result = result;
  }

  /**
   * Runs it over text inputs.
   *
   * @throws UsageException without inputs, with {@code --estimate} (containment needs shingle sets)
   */
  public static ContainmentRun execute(
      InputMixin input,
      PipelineMixin pipeline,
      PipelineConfig config,
      MeasureMixin measure,
      boolean quiet,
      PrintWriter err) {
    if (input.paths().isEmpty()) {
      throw new UsageException("missing INPUT");
    }
    pipeline.warnUnused(
        err,
        "pairs --measure containment",
        NO_BANDING,
        "--bands",
        "--rows",
        "--lsh",
        "--max-candidates");
    if (pipeline.estimate()) {
      throw new UsageException(
          "--measure containment needs shingle sets: --estimate does not go with it");
    }
    ContainmentPlan plan = measure.plan(config.threshold(), config.targetRecall());
    SkipLog skips = new SkipLog(input.verbose, err);
    InputProblems problems = skips.problems(input.onErrorPolicy());
    Progress progress = TerminalProgress.create(quiet);
    long started = System.nanoTime();
    Corpus corpus =
        PipelineRun.read(
            input,
            config.toBuilder().verify(VerifyMode.EXACT).build(),
            problems,
            progress,
            quiet,
            err);
    long read = System.nanoTime();
    PipelineRun.warnShortDocuments(err, config, corpus);
    ContainmentResult result;
    try {
      result =
          pipeline.exact
              ? ContainmentFinder.exact(corpus, config.threshold(), progress)
              : ContainmentFinder.withSample(corpus, plan, progress);
    } catch (RuntimeException | Error e) {
      corpus.close();
      throw e;
    }
    long done = System.nanoTime();
    skips.print(problems);
    if (!quiet) {
      String threshold = Formats.plain(config.threshold());
      err.printf(
          Locale.ROOT,
          "neardup: %,d documents read in %.1f s (shingle %s)%n",
          corpus.size(),
          (read - started) / 1e9,
          config.shingle());
      if (pipeline.exact) {
        err.printf(
            Locale.ROOT,
            "neardup: exact containment join (prefix filter): %,d candidates verified, %,d pairs"
                + " with containment >= %s in %.1f s%n",
            result.candidatePairs(),
            result.pairs().size(),
            threshold,
            (done - read) / 1e9);
      } else {
        err.printf(
            Locale.ROOT,
            "neardup: containment sample 1 in %d, P(candidate | C=%s) >= %s for passages of %d+"
                + " shingles; %,d candidates, %,d verified, %,d pairs with containment >= %s in"
                + " %.1f s%n",
            plan.sample().rate(),
            threshold,
            Formats.plain(config.targetRecall()),
            plan.minimumQuerySize(),
            result.candidatePairs(),
            result.verifiedPairs(),
            result.pairs().size(),
            threshold,
            (done - read) / 1e9);
      }
      err.flush();
    }
    return new ContainmentRun(config, corpus, result);
  }

  @Override
  public void close() {
    corpus.close();
  }
}
