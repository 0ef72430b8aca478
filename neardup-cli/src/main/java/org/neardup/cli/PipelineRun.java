package org.neardup.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.neardup.batch.BatchRun;
import org.neardup.batch.PairMethod;
import org.neardup.batch.PairPlanner;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.PairResult;
import org.neardup.batch.corpus.Progress;
import org.neardup.batch.reference.ReferencePairs;
import org.neardup.config.MemoryBudget;
import org.neardup.config.PipelineConfig;
import org.neardup.input.InputProblems;
import org.neardup.io.DocumentReaders;
import org.neardup.io.FileInputs;
import org.neardup.io.FormatChoice;
import org.neardup.lsh.LshParams;
import org.neardup.options.AgainstMixin;
import org.neardup.options.Formats;
import org.neardup.options.InputMixin;
import org.neardup.options.InputOptionsMixin;
import org.neardup.options.OutputMixin;
import org.neardup.options.OutputTarget;
import org.neardup.options.PipelineMixin;
import org.neardup.options.SignaturesMixin;
import org.neardup.options.UsageException;
import org.neardup.sort.SpillFile;
import org.neardup.verify.VerifyMode;
import picocli.CommandLine.Model.CommandSpec;

/**
 * One run of the pipeline as the batch commands share it: read every input into a {@link Corpus},
 * find the pairs (LSH or exact), and say on stderr what was done, unless quiet.
 */
public final class PipelineRun implements AutoCloseable {
  public final PipelineConfig config;
  public final Corpus corpus;
  public final PairResult result;
  public final InputProblems problems;

  /** The records skipped as bad, with their record indexes. */
  public final SkipLog skips;

  /** The pairs with the {@code --against} references' documents; none without references. */
  public final ReferencePairs against;

  private PipelineRun(
      PipelineConfig config,
      Corpus corpus,
      PairResult result,
      InputProblems problems,
      SkipLog skips,
      ReferencePairs against) {
    this.config = config;
    this.corpus = corpus;
    this.result = result;
    this.problems = problems;
    this.skips = skips;
    this.against = against;
  }

  /**
   * Reads the inputs and finds the pairs. Warnings (a banding below the target recall: {@link
   * RecallCheck}) and skipped records are reported on {@code err} whatever {@code quiet} says; the
   * summary only when not quiet.
   *
   * <p>Before the LSH pair phase the candidate pairs are counted. From {@link
   * PairPlanner#MINIMUM_CANDIDATES_TO_PLAN} of them (unless --lsh or --max-candidates) the {@link
   * PairPlanner} estimates the exact join from a sample, says so (unless quiet), and runs the exact
   * join instead when it costs less. For LSH ({@link CandidateCount}): above {@link
   * CandidateCount#WARNING_LIMIT} a warning says so, and above --max-candidates the run stops.
   *
   * @param pipeline the pipeline options: --exact, --lsh, --max-candidates
   * @param config the pipeline's settings ({@link PipelineMixin#config()}, checked before any work)
   * @throws UsageException when there are more candidate pairs than --max-candidates
   */
  public static PipelineRun execute(
      InputOptionsMixin input,
      PipelineMixin pipeline,
      PipelineConfig config,
      boolean quiet,
      PrintWriter err) {
    return execute(input, SignatureInputs.none(), pipeline, config, quiet, err);
  }

  /**
   * {@link #execute(InputOptionsMixin, PipelineMixin, PipelineConfig, boolean, PrintWriter)} over
   * text inputs and signature files ({@code --signatures}), whose entries join the corpus after the
   * text inputs; {@code config} comes from {@link SignatureInputs#config}.
   */
  public static PipelineRun execute(
      InputOptionsMixin input,
      SignatureInputs signatures,
      PipelineMixin pipeline,
      PipelineConfig config,
      boolean quiet,
      PrintWriter err) {
    return execute(input, signatures, RunReferences.none(), false, pipeline, config, quiet, err);
  }

  /**
   * {@link #execute(InputOptionsMixin, SignatureInputs, PipelineMixin, PipelineConfig, boolean,
   * PrintWriter)}, then the pairs of the documents with {@code references}' ({@code --against}).
   * The corpus keeps every shingle set (in memory or spilled) when there are references or {@code
   * keepSets} asks for them (a signature file of the kept documents).
   */
  public static PipelineRun execute(
      InputOptionsMixin input,
      SignatureInputs signatures,
      RunReferences references,
      boolean keepSets,
      PipelineMixin pipeline,
      PipelineConfig config,
      boolean quiet,
      PrintWriter err) {
    if (input.paths().isEmpty() && signatures.isEmpty()) {
      throw new UsageException("missing INPUT");
    }
    boolean exact = pipeline.exact;
    if (!exact) {
      warn(err, RecallCheck.warning(config));
    }
    pipeline.warnBandingUnusedByExact(err);
    SkipLog skips = new SkipLog(input.verbose, err);
    InputProblems problems = skips.problems(input.onErrorPolicy());
    Progress progress = StageTimes.wrap(TerminalProgress.create(quiet), err);
    long started = System.nanoTime();
    sayHowInputsAreRead(input, quiet, err);
    FileInputs files = files(input, signatures.files());
    Corpus corpus =
        references.isEmpty() && !keepSets
            ? BatchRun.read(config, files, problems, progress)
            : BatchRun.readKeepingSets(config, files, problems, progress, MemoryBudget.defaults());
    try {
      long read = System.nanoTime();
      if (!quiet) {
        summarizeReading(err, config, corpus, (read - started) / 1e9);
      }
      warnShortDocuments(err, config, corpus);
      skips.print(problems);
      PairResult result =
          exact
              ? BatchRun.pairs(corpus, PairMethod.EXACT, progress, BatchRun.Listener.NONE)
              : BatchRun.pairs(
                  corpus,
                  pipeline.lsh || pipeline.maxCandidates() != null
                      ? PairMethod.LSH
                      : PairMethod.PLANNED,
                  labelled(progress),
                  new Listener(config, pipeline.maxCandidates(), quiet, err));
      long done = System.nanoTime();
      ReferencePairs against = ReferencePairs.none();
      if (!references.isEmpty()) {
        try {
          against = BatchRun.against(corpus, references.references.references(), progress);
        } catch (IllegalArgumentException e) {
          throw new UsageException(e.getMessage());
        }
        references.printSkips();
      }
      long probed = System.nanoTime();
      PipelineRun run = new PipelineRun(config, corpus, result, problems, skips, against);
      if (!quiet) {
        run.summarizePairs(err, (done - read) / 1e9);
        if (!references.isEmpty()) {
          run.summarizeAgainst(err, references, (probed - done) / 1e9);
        }
      }
      warn(err, nearMisses(config, result));
      return run;
    } catch (RuntimeException | Error e) {
      corpus.close();
      throw e;
    }
  }

  /**
   * The inputs of a run as files core reads (and reads again): text inputs, then signature files.
   */
  public static FileInputs files(InputOptionsMixin input, List<Path> signatureFiles) {
    List<FileInputs.TextInput> texts = new ArrayList<>();
    for (Path path : input.paths()) {
      texts.add(
          new FileInputs.TextInput(path, input.options(path), input.qualifiesRecordNumbers(path)));
    }
    return FileInputs.of(texts, signatureFiles);
  }

  /**
   * What the run says between grouping LSH's buckets and the pair phase: the {@link PairPlanner}'s
   * plan (unless quiet), and for LSH ({@link CandidateCount}) a warning above {@link
   * CandidateCount#WARNING_LIMIT} and a stop above --max-candidates.
   */
  private static final class Listener implements BatchRun.Listener {
    private final PipelineConfig config;
    private final Long maxCandidates;
    private final boolean quiet;
    private final PrintWriter err;
    private boolean planPrinted;

    Listener(PipelineConfig config, Long maxCandidates, boolean quiet, PrintWriter err) {
      this.config = config;
      this.maxCandidates = maxCandidates;
      this.quiet = quiet;
      this.err = err;
    }

    @Override
    public void planned(PairPlanner.Plan plan) {
      planPrinted = plan.estimated() && !quiet;
      if (planPrinted) {
        err.println("neardup: plan: " + plan.describe());
        err.flush();
      }
    }

    @Override
    public void lshChosen(long candidateUpperBound, PairPlanner.Plan plan) {
      // a printed plan has said how many candidates; a plan has found the exact join dearer (or
      // impossible), so the warning suggests it only when there was no plan
      checkCandidates(
          candidateUpperBound, config, maxCandidates, planPrinted ? null : err, plan == null);
    }
  }

  /**
   * Warns when the LSH candidates are many (on {@code err}, unless null), stops when they are too
   * many.
   */
  private static void checkCandidates(
      long candidates, PipelineConfig config, Long max, PrintWriter err, boolean suggestExact) {
    LshParams banding = config.lshParams();
    if (candidates > CandidateCount.WARNING_LIMIT && err != null) {
      warn(err, CandidateCount.warning(candidates, banding, config.threshold(), suggestExact));
    }
    if (max != null && candidates > max) {
      throw new UsageException(
          String.format(
              Locale.ROOT,
              "stopped before the pair phase: %s banding would examine up to %,d candidate pairs,"
                  + " more than --max-candidates %d",
              banding,
              candidates,
              max));
    }
  }

  /**
   * {@code progress} with the size of the work in the name of the verifying stage: the pairs it
   * verifies, the "verified" count of the summary (the bound on candidates is said only by the
   * warning about many candidates, and a short label leaves the bar its width).
   */
  static Progress labelled(Progress progress) {
    if (progress == Progress.NONE) {
      return progress;
    }
    return new Progress() {
      @Override
      public void start(String stage, long total) {
        progress.start(
            stage.startsWith("verifying")
                ? String.format(
                    Locale.ROOT,
                    "verifying %,d pairs%s",
                    total,
                    stage.substring("verifying".length()))
                : stage,
            total);
      }

      @Override
      public void advance(long steps) {
        progress.advance(steps);
      }

      @Override
      public void finish() {
        progress.finish();
      }
    };
  }

  /**
   * When more of the candidates verified sit just below the threshold (in the near-miss band of
   * {@link org.neardup.verify.Verifier#nearMissFloor()}) than at or above it, what they are and the
   * threshold that takes them in; else null. From what the run verified anyway: candidates of the
   * LSH banding, so a lower bound (the exact join looks at no pair below the threshold).
   */
  static String nearMisses(PipelineConfig config, PairResult result) {
    long near = result.nearMisses();
    long found = result.pairs().size();
    if (near <= found) {
      return null;
    }
    String floor = Formats.plain(config.verifier().nearMissFloor());
    String threshold = Formats.plain(config.threshold());
    return String.format(
        Locale.ROOT,
        "%s with similarity >= %s, but %s just below it, in [%s, %s) (at least: those that were"
            + " candidates): -t %s takes them in, and 'neardup tune' with the same options shows"
            + " the similarities",
        Formats.count(found, "pair"),
        threshold,
        near == 1 ? "1 pair sits" : String.format(Locale.ROOT, "%,d pairs sit", near),
        floor,
        threshold,
        floor);
  }

  /** Prints {@code neardup: warning: message} unless {@code message} is null. */
  static void warn(PrintWriter err, String message) {
    if (message != null) {
      err.println("neardup: warning: " + message);
      err.flush();
    }
  }

  /** Writes what a run found to an open output. */
  @FunctionalInterface
  public interface ResultWriter {
    void write(PipelineRun run, java.io.Writer out) throws IOException;
  }

  /**
   * The batch commands' run over text inputs and signature files, against references: settings
   * checked (with the signature files' and the references' sketch params), inputs checked, the
   * output checked against every input and reference and opened, all before any work; then the run,
   * {@code writer} on its result, and the output committed.
   */
  public static void toOutput(
      CommandSpec spec,
      InputMixin input,
      SignaturesMixin signatures,
      AgainstMixin against,
      PipelineMixin pipeline,
      OutputMixin output,
      ResultWriter writer)
      throws IOException {
    PrintWriter err = spec.commandLine().getErr();
    SignatureInputs signatureInputs = SignatureInputs.open(signatures.files);
    PipelineConfig base = signatureInputs.config(pipeline, err);
    try (RunReferences references = RunReferences.open(against, input, err)) {
      PipelineConfig config = references.config(pipeline, base, !signatureInputs.isEmpty());
      input.checkInputs();
      List<Path> inputs = new ArrayList<>(input.paths());
      inputs.addAll(signatures.files);
      inputs.addAll(references.paths());
      try (OutputTarget target = output.open(spec, inputs);
          PipelineRun run =
              execute(
                  input, signatureInputs, references, false, pipeline, config, output.quiet, err)) {
        output.warnIfNamedForAnotherFormat(err, spec.name());
        writer.write(run, target.writer());
        target.commit();
      }
    }
  }

  /** Releases the corpus (deletes its spill file, if any). */
  @Override
  public void close() {
    corpus.close();
  }

  /**
   * Reads every input into a corpus, keeping every shingle set, for the commands that visit them
   * all. Says on {@code err} which of the CSV and JSON options an input's format ignores. Numbers
   * the records of CSV inputs without --id-field {@code FILE#N} when there are several inputs; the
   * readers report ids and texts that break the rules of {@link org.neardup.input.DocumentId} and
   * {@link org.neardup.input.DocumentText} to {@code problems}, and so does this for {@code FILE#N}
   * ids.
   */
  public static Corpus read(
      InputOptionsMixin input,
      PipelineConfig config,
      InputProblems problems,
      Progress progress,
      boolean quiet,
      PrintWriter err) {
    sayHowInputsAreRead(input, quiet, err);
    return BatchRun.readKeepingSets(
        config, files(input, List.of()), problems, progress, MemoryBudget.defaults());
  }

  /**
   * Says, unless quiet, the format of each input whose content decided it (no --format, no name
   * that says it), and warns of the options given that an input's format ignores.
   */
  public static void sayHowInputsAreRead(InputOptionsMixin input, boolean quiet, PrintWriter err) {
    for (Path path : input.paths()) {
      FormatChoice choice = input.formatChoice(path);
      if (choice.guessed() && !quiet) {
        err.printf(
            Locale.ROOT,
            "neardup: %s: read as %s (%s; --format says otherwise)%n",
            DocumentReaders.isStandardInput(path) ? "standard input" : path,
            choice.format().name(),
            choice.reason());
      }
      List<String> ignored = input.ignoredOptions(path);
      if (!ignored.isEmpty()) {
        String names =
            ignored.size() == 1
                ? ignored.get(0)
                : String.join(", ", ignored.subList(0, ignored.size() - 1))
                    + " and "
                    + ignored.get(ignored.size() - 1);
        err.printf(
            Locale.ROOT,
            "neardup: warning: %s %s ignored for %s (format %s)%n",
            names,
            ignored.size() == 1 ? "is" : "are",
            path,
            input.format(path).name());
      }
    }
    err.flush();
  }

  private static void summarizeReading(
      PrintWriter err, PipelineConfig config, Corpus corpus, double seconds) {
    err.printf(
        Locale.ROOT,
        "neardup: %s read in %.1f s (shingle %s, %d-value signatures)%n",
        Formats.count(corpus.size(), "document"),
        seconds,
        config.shingle(),
        config.minHash().numPermutations());
    if (corpus.spilledSets() > 0) {
      err.printf(
          Locale.ROOT,
          "neardup: %,d shingle sets spilled to a temporary file (memory budget reached)%n",
          corpus.spilledSets());
    }
    if (!corpus.keepsShingleSets() && config.verify() == VerifyMode.EXACT) {
      long kept = corpus.budget().shingleSetBytes();
      err.printf(
          Locale.ROOT,
          "neardup: shingle sets not kept %s: verification reads the inputs again for the"
              + " documents in candidate pairs%n",
          kept == 0
              ? "(they would not fit the memory budget)"
              : "past " + Formats.bytes(kept) + " (memory budget)");
    }
    if (!corpus.keepsFullSignatures()) {
      err.printf(
          Locale.ROOT,
          "neardup: full signatures not kept past %s (memory budget): candidates are sorted"
              + " out by 4 bits a value, and verification signs them again%n",
          Formats.bytes(corpus.budget().signatureBytes()));
    }
    if (corpus.shortDocuments() > 0) {
      err.printf(
          Locale.ROOT,
          "neardup: %s shorter than k=%d, each taken as one shingle%n",
          Formats.count(corpus.shortDocuments(), "document"),
          config.shingle().size());
    }
    err.flush();
  }

  /**
   * The warning, whatever --quiet says, when so many documents are shorter than k that shingles
   * cannot compare them ({@link ShingleAdvice}): for every command that reads a corpus and does not
   * show the shingles itself (tune and explain do).
   */
  public static void warnShortDocuments(PrintWriter err, PipelineConfig config, Corpus corpus) {
    ShingleAdvice.degenerate(config.shingle(), corpus.shortDocuments(), corpus.size())
        .ifPresent(
            warning -> {
              err.println(warning);
              err.flush();
            });
  }

  private void summarizePairs(PrintWriter err, double pairSeconds) {
    LshParams lsh = result.lshParams();
    if (lsh == null) {
      err.printf(
          Locale.ROOT,
          "neardup: exact join (prefix filter): %s verified, %s with similarity >= %s in %.1f s%n",
          Formats.count(result.candidatePairs(), "candidate pair"),
          Formats.count(result.pairs().size(), "pair"),
          threshold(),
          pairSeconds);
    } else {
      err.printf(
          Locale.ROOT,
          "neardup: %s, P(candidate | J=%s) = %.4f; %s, %,d verified, %s with similarity >= %s in"
              + " %.1f s%n",
          lsh,
          threshold(),
          lsh.candidateProbability(config.threshold()),
          Formats.count(result.candidatePairs(), "candidate pair"),
          result.verifiedPairs(),
          Formats.count(result.pairs().size(), "pair"),
          threshold(),
          pairSeconds);
    }
    if (SpillFile.peakBytes() > 0) {
      err.printf(
          Locale.ROOT,
          "neardup: temporary files: %s at most, deleted%n",
          Formats.bytes(SpillFile.peakBytes()));
    }
    err.flush();
  }

  private void summarizeAgainst(PrintWriter err, RunReferences references, double seconds) {
    List<String> done = new ArrayList<>();
    if (against.documentsRead() > 0 || against.lookups() == 0) {
      done.add(
          Formats.count(against.documentsRead(), "document")
              + " read, "
              + Formats.count(against.candidates(), "candidate pair")
              + " examined");
    }
    if (against.lookups() > 0) {
      done.add(
          String.format(
              Locale.ROOT,
              "%s looked up among %,d",
              Formats.count(against.lookups(), "document"),
              against.documentsHeld()));
    }
    err.printf(
        Locale.ROOT,
        "neardup: against %s: %s; %s with similarity >= %s in %.1f s%n",
        Formats.count(references.references.references().size(), "reference"),
        String.join("; ", done),
        Formats.count(against.size(), "pair"),
        threshold(),
        seconds);
    err.flush();
  }

  private String threshold() {
    return Formats.plain(config.threshold());
  }
}
