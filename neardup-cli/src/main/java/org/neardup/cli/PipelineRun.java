package org.neardup.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.neardup.cli.options.InputOptionsMixin;
import org.neardup.cli.options.PipelineMixin;
import org.neardup.input.Document;
import org.neardup.input.InputProblem;
import org.neardup.input.InputProblems;
import org.neardup.io.DocumentReader;
import org.neardup.io.DocumentReaders;
import org.neardup.lsh.LshParams;
import org.neardup.pipeline.Corpus;
import org.neardup.pipeline.CorpusBuilder;
import org.neardup.pipeline.PairFinder;
import org.neardup.pipeline.PairResult;
import org.neardup.pipeline.PipelineConfig;
import org.neardup.pipeline.Progress;

/**
 * One run of the pipeline as the batch commands share it: read every input into a {@link Corpus},
 * find the pairs (LSH or exact), and say on stderr what was done, unless quiet.
 */
public final class PipelineRun implements AutoCloseable {
  public final PipelineConfig config;
  public final Corpus corpus;
  public final PairResult result;
  public final InputProblems problems;

  private PipelineRun(PipelineConfig config, Corpus corpus, PairResult result, InputProblems problems) {
    this.config = config;
    this.corpus = corpus;
    this.result = result;
    this.problems = problems;
  }

  /**
   * Reads the inputs and finds the pairs.
   *
   * @param config the pipeline's settings ({@link PipelineMixin#config()}, checked before any work)
   * @param exact whether to use the exact join instead of LSH
   */
  public static PipelineRun execute(InputOptionsMixin input, PipelineConfig config, boolean exact, boolean quiet,
      PrintWriter err) {
    InputProblems problems = new InputProblems(input.onErrorPolicy());
    Progress progress = TerminalProgress.create(quiet);
    long started = System.nanoTime();
    Corpus corpus = read(input, config, problems, progress);
    long read = System.nanoTime();
    PairResult result =
        exact ? PairFinder.exact(corpus, progress) : PairFinder.withLsh(corpus, progress);
    long done = System.nanoTime();
    PipelineRun run = new PipelineRun(config, corpus, result, problems);
    if (!quiet) {
      run.summarize(err, (read - started) / 1e9, (done - read) / 1e9);
    }
    return run;
  }

  /** Releases the corpus (deletes its spill file, if any). */
  @Override
  public void close() {
    corpus.close();
  }

  public static Corpus read(InputOptionsMixin input, PipelineConfig config, InputProblems problems, Progress progress) {
    progress.start("reading", -1);
    try (CorpusBuilder builder = new CorpusBuilder(config, problems, progress)) {
      for (Path path : input.paths()) {
        try (DocumentReader reader = DocumentReaders.open(path, input.options(path), problems)) {
          for (Document document; (document = reader.next()) != null; ) {
            builder.add(document);
          }
        }
      }
      return builder.build();
    } finally {
      progress.finish();
    }
  }

  private void summarize(PrintWriter err, double readSeconds, double pairSeconds) {
    err.printf(Locale.ROOT, "neardup: %s read in %.1f s (shingle %s, %d-value signatures)%n",
        Formats.count(corpus.size(), "document"), readSeconds, config.shingle(), config.minHash().numPermutations());
    if (corpus.spilledSets() > 0) {
      err.printf(Locale.ROOT, "neardup: %d shingle sets spilled to a temporary file (memory budget reached)%n",
          corpus.spilledSets());
    }
    if (corpus.shortDocuments() > 0) {
      err.printf(Locale.ROOT, "neardup: %s shorter than k=%d, each taken as one shingle%n",
          Formats.count(corpus.shortDocuments(), "document"), config.shingle().size());
    }
    printSkipped(problems, err);
    LshParams lsh = result.lshParams();
    if (lsh == null) {
      err.printf(Locale.ROOT, "neardup: exact join (prefix filter): %s verified, %s with similarity >= %s in %.1f s%n",
          Formats.count(result.candidatePairs(), "candidate pair"), Formats.count(result.pairs().size(), "pair"),
          threshold(), pairSeconds);
    } else {
      err.printf(Locale.ROOT,
          "neardup: %s, P(candidate | J=%s) = %.4f; %s, %d verified, %s with similarity >= %s in %.1f s%n",
          lsh, threshold(), lsh.candidateProbability(config.threshold()),
          Formats.count(result.candidatePairs(), "candidate pair"), result.verifiedPairs(),
          Formats.count(result.pairs().size(), "pair"), threshold(), pairSeconds);
    }
    err.flush();
  }

  /** One line on {@code err} for each kind of skipped record. */
  public static void printSkipped(InputProblems problems, PrintWriter err) {
    for (Map.Entry<InputProblem, Long> skipped : problems.skipped().entrySet()) {
      err.printf(Locale.ROOT, "neardup: skipped %s: %s%n", Formats.count(skipped.getValue(), "record"),
          skipped.getKey().description());
    }
    err.flush();
  }

  private String threshold() {
    return Formats.plain(config.threshold());
  }
}
