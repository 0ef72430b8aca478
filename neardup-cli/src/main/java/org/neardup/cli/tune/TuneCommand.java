package org.neardup.cli.tune;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import org.neardup.batch.corpus.Corpus;
import org.neardup.cli.ContainmentRun;
import org.neardup.cli.ExitCodes;
import org.neardup.cli.PipelineRun;
import org.neardup.cli.RecallCheck;
import org.neardup.cli.ShingleAdvice;
import org.neardup.cli.SkipLog;
import org.neardup.cli.TerminalProgress;
import org.neardup.cli.report.RecordTexts;
import org.neardup.config.PipelineConfig;
import org.neardup.input.InputProblems;
import org.neardup.lsh.LshParams;
import org.neardup.options.Formats;
import org.neardup.options.MeasureMixin;
import org.neardup.options.OptionalInputMixin;
import org.neardup.options.OutputTarget;
import org.neardup.options.PipelineMixin;
import org.neardup.options.UsageException;
import org.neardup.tune.BandingOption;
import org.neardup.tune.CandidateEstimate;
import org.neardup.tune.CurvePoint;
import org.neardup.tune.Histogram;
import org.neardup.tune.PairSample;
import org.neardup.verify.VerifyMode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code neardup tune}: the banding {@code pairs} would use, what it promises, and what it would
 * cost.
 */
@Command(
    name = "tune",
    mixinStandardHelpOptions = true,
    description = {
      "Shows the LSH banding that 'pairs' would use with the same options, and what to expect of"
          + " it.",
      "Prints bands=B rows=R, the probability that a pair becomes a candidate at similarities"
          + " around the threshold, the expected false-candidate rate and neighbouring bandings."
          + " Given INPUT files, also estimates from a seeded random sample of document pairs"
          + " (exact Jaccard) the similarity distribution, the number of candidate pairs and the"
          + " verification cost: estimates, not counts."
    })
public final class TuneCommand implements Callable<Integer> {
  /** Alternatives in the table; the plot shows the nearest {@link #PLOTTED} of them. */
  private static final int ALTERNATIVES = 4;

  private static final int PLOTTED = 3;
  private static final int BUCKETS = 10;

  /** The largest --sample: its similarities are kept in memory, 12 bytes each. */
  private static final int MAX_SAMPLE = 10_000_000;

  @Spec CommandSpec spec;
  @Mixin OptionalInputMixin input;
  @Mixin PipelineMixin pipeline;
  @Mixin MeasureMixin measure;

  @Option(
      names = "--plot",
      paramLabel = "FILE",
      description =
          "Also draw the S-curves of the chosen banding and alternatives, threshold marked, to"
              + " FILE: .png or .svg.")
  Path plot;

  @Option(
      names = "--sample",
      paramLabel = "N",
      defaultValue = "20000",
      description =
          "Random document pairs to sample from INPUT (every pair when there are fewer), at most"
              + " 10000000. Default: ${DEFAULT-VALUE}.")
  int sampleSize;

  @Option(
      names = "--top-k-floor",
      paramLabel = "F",
      description =
          "Also show the floor banding of top-k queries down to Jaccard F (below the threshold),"
              + " and with INPUT how many candidates a top-k query reads at that floor and others,"
              + " against a threshold query.")
  Double topKFloor;

  @Option(
      names = "--sample-seed",
      paramLabel = "SEED",
      defaultValue = "1",
      description = "Seed of the pair sample. Default: ${DEFAULT-VALUE}.")
  long sampleSeed;

  @Override
  public Integer call() throws IOException {
    PipelineConfig config = pipeline.config();
    PrintWriter warnings = spec.commandLine().getErr();
    pipeline.warnUnused(
        warnings,
        "tune",
        "it shows the banding pairs would use, which they do not change",
        "--exact",
        "--lsh",
        "--max-candidates");
    if (measure.containment()) {
      pipeline.warnUnused(
          warnings, "tune --measure containment", ContainmentRun.NO_BANDING, "--bands", "--rows");
    }
    CurvePlot.Format plotFormat =
        plot == null ? null : CurvePlot.Format.of(plot); // a bad name fails before any work
    if (sampleSize < 1 || sampleSize > MAX_SAMPLE) {
      throw new UsageException("--sample must be in [1, " + MAX_SAMPLE + "], got " + sampleSize);
    }
    input.checkInputs();
    try (OutputTarget plotTarget =
        plot == null ? null : OutputTarget.open(plot, null, input.paths())) {
      return tune(config, plotFormat, plotTarget);
    }
  }

  private int tune(PipelineConfig config, CurvePlot.Format plotFormat, OutputTarget plotTarget)
      throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    if (measure.containment()) {
      if (topKFloor != null) {
        throw new UsageException(
            "--top-k-floor is a floor of Jaccard similarity; it does not go with --measure"
                + " containment");
      }
      return containment(config, out);
    }
    LshParams chosen = config.lshParams();
    double threshold = config.threshold();
    int n = config.minHash().numPermutations();
    TopKTune topK = null;
    if (topKFloor != null) {
      if (!(topKFloor > 0 && topKFloor < threshold)) {
        throw new UsageException(
            "--top-k-floor must be in (0, the threshold "
                + Formats.plain(threshold)
                + "), got "
                + topKFloor);
      }
      topK = new TopKTune(topKFloor, threshold, n, config.targetRecall());
    }
    out.println(chosen);
    printChoice(out, config, chosen);
    printCurve(out, chosen, threshold);
    List<BandingOption> alternatives =
        BandingOption.alternatives(chosen, threshold, n, ALTERNATIVES);
    printAlternatives(out, config, chosen, alternatives);
    if (topK != null) {
      topK.print(out);
    }
    if (!input.paths().isEmpty()) {
      printSample(out, config, chosen, topK);
    }
    if (plot != null) {
      List<LshParams> plotted = new ArrayList<>();
      BandingOption.alternatives(chosen, threshold, n, PLOTTED)
          .forEach(o -> plotted.add(o.params()));
      CurvePlot.write(CurvePlot.chart(chosen, plotted, threshold, n), plotFormat, plotTarget);
      out.printf(Locale.ROOT, "%nS-curves plotted to %s%n", plot);
    }
    out.flush();
    return ExitCodes.OK;
  }

  /** {@code --measure containment}: the containment plan instead of the banding (no plot). */
  private Integer containment(PipelineConfig config, PrintWriter out) {
    if (plot != null) {
      throw new UsageException(
          "--plot draws S-curves of Jaccard bandings; it does not go with --measure containment");
    }
    ContainmentTune tune =
        new ContainmentTune(config, measure.plan(config.threshold(), config.targetRecall()));
    tune.print(out);
    if (!input.paths().isEmpty()) {
      input.checkInputs();
      var err = spec.commandLine().getErr();
      SkipLog skips = new SkipLog(input.verbose, err);
      InputProblems problems = skips.problems(input.onErrorPolicy());
      try (Corpus corpus =
          PipelineRun.read(
              input,
              config.toBuilder().verify(VerifyMode.EXACT).build(),
              problems,
              TerminalProgress.create(false),
              false,
              err)) {
        skips.print(problems);
        tune.printSample(out, corpus, sampleSize, sampleSeed);
      }
    }
    out.flush();
    return ExitCodes.OK;
  }

  private void printChoice(PrintWriter out, PipelineConfig config, LshParams chosen) {
    String threshold = Formats.plain(config.threshold());
    String target = Formats.plain(config.targetRecall());
    int n = config.minHash().numPermutations();
    if (config.banding() != null) {
      out.printf(
          Locale.ROOT,
          "as set with --bands and --rows: %d of the %d signature values used%n",
          chosen.signatureLength(),
          n);
      if (!RecallCheck.reachesTarget(config)) {
        out.printf(
            Locale.ROOT,
            "below --target-recall %s: P(candidate | J = %s) = %.6f%n",
            target,
            threshold,
            chosen.candidateProbability(config.threshold()));
      }
    } else if (RecallCheck.reachesTarget(config)) {
      out.printf(
          Locale.ROOT,
          "chosen for threshold %s from %d signature values: P(candidate) >= %s for every J >= %s,"
              + " fewest false candidates%n",
          threshold,
          n,
          target,
          threshold);
    } else {
      double probability = chosen.candidateProbability(config.threshold());
      out.printf(
          Locale.ROOT,
          "no banding of %d signature values reaches P(candidate) >= %s at J = %s: the most"
              + " sensitive, %s, gives %.6f (a pair at J = %s is missed with probability %.6f)%n",
          n,
          target,
          threshold,
          chosen,
          probability,
          threshold,
          1 - probability);
      out.println(RecallCheck.suggestion(config));
    }
  }

  private static void printCurve(PrintWriter out, LshParams chosen, double threshold) {
    out.printf(
        Locale.ROOT,
        "%nP(candidate | J = s) = 1 - (1 - s^%d)^%d:%n",
        chosen.rows(),
        chosen.bands());
    out.println("  s       P(candidate)");
    for (CurvePoint point : CurvePoint.around(chosen, threshold)) {
      out.printf(
          Locale.ROOT,
          "  %-6s  %.6f%s%n",
          Formats.plain(point.similarity()),
          point.probability(),
          point.similarity() == threshold ? "   <- threshold" : "");
    }
    out.printf(
        Locale.ROOT,
        "expected false-candidate rate: %.6f (mean P(candidate) for similarities spread uniformly"
            + " over [0, %s))%n",
        chosen.falseCandidateRate(threshold),
        Formats.plain(threshold));
  }

  private static void printAlternatives(
      PrintWriter out, PipelineConfig config, LshParams chosen, List<BandingOption> alternatives) {
    double threshold = config.threshold();
    List<BandingOption> rows = new ArrayList<>(alternatives);
    rows.add(BandingOption.of(chosen, threshold));
    rows.sort(java.util.Comparator.comparingInt(o -> o.params().rows()));
    out.printf(
        Locale.ROOT, "%nalternatives (b = floor(%d / r)):%n", config.minHash().numPermutations());
    out.printf(
        Locale.ROOT,
        "  %5s %5s %7s %13s %20s%n",
        "bands",
        "rows",
        "values",
        "P(J=" + Formats.plain(threshold) + ")",
        "false-candidate rate");
    for (BandingOption option : rows) {
      String note =
          option.params().equals(chosen)
              ? "chosen"
              : option.meets(config.targetRecall())
                  ? ""
                  : "below target " + Formats.plain(config.targetRecall());
      out.println(
          String.format(
                  Locale.ROOT,
                  "  %5d %5d %7d %13.6f %20.6f  %s",
                  option.params().bands(),
                  option.params().rows(),
                  option.params().signatureLength(),
                  option.atThreshold(),
                  option.falseCandidateRate(),
                  note)
              .stripTrailing());
    }
  }

  /**
   * The sample's estimates for {@code chosen}, and for the top-k floors when {@code topK} is not
   * null.
   */
  private void printSample(
      PrintWriter out, PipelineConfig config, LshParams chosen, TopKTune topK) {
    PrintWriter err = spec.commandLine().getErr();
    SkipLog skips = new SkipLog(input.verbose, err);
    InputProblems problems = skips.problems(input.onErrorPolicy());
    PipelineConfig withSets = config.toBuilder().verify(VerifyMode.EXACT).build();
    PairSample sample;
    int documents;
    try (Corpus corpus =
        PipelineRun.read(input, withSets, problems, TerminalProgress.create(false), false, err)) {
      skips.print(problems);
      sample = PairSample.draw(corpus, sampleSize, sampleSeed);
      documents = corpus.size();
      printShingles(out, config, corpus);
    }
    CandidateEstimate estimate = sample.estimate(chosen, config.threshold());
    String threshold = Formats.plain(config.threshold());
    out.println();
    if (sample.exhaustive()) {
      out.printf(
          Locale.ROOT,
          "all %,d pairs of the %,d documents (exact Jaccard of shingle %s sets; few enough to take"
              + " them all):%n",
          sample.totalPairs(),
          documents,
          config.shingle());
    } else {
      out.printf(
          Locale.ROOT,
          "SAMPLE ESTIMATE from %,d random pairs (seed %d) of the %,d pairs of %,d documents (exact"
              + " Jaccard of shingle %s sets).%nThese are estimates, not counts: 'neardup pairs'"
              + " gives the real numbers.%n",
          sample.size(),
          sampleSeed,
          sample.totalPairs(),
          documents,
          config.shingle());
    }
    Histogram histogram = sample.histogram(BUCKETS);
    double[] candidates = sample.expectedCandidatesByBin(chosen, BUCKETS);
    out.printf(
        Locale.ROOT,
        "  %-10s %10s %8s %14s %14s%n",
        "similarity",
        "sampled",
        "share",
        "est. pairs",
        "candidates");
    for (int b = 0; b < BUCKETS; b++) {
      out.printf(
          Locale.ROOT,
          "  [%.1f, %.1f%s %10d %8.4f %14s %14s%n",
          histogram.lower(b),
          histogram.upper(b),
          b == BUCKETS - 1 ? "]" : ")",
          histogram.count(b),
          (double) histogram.count(b) / sample.size(),
          count(histogram.count(b) * sample.scale()),
          count(candidates[b]));
    }
    String error =
        sample.exhaustive()
            ? ""
            : String.format(
                Locale.ROOT, " ± %s (1 standard error)", count(estimate.candidatesStandardError()));
    double below = estimate.totalPairs() - estimate.pairsAtThreshold();
    stat(out, "expected candidate pairs", count(estimate.candidates()) + error);
    stat(out, "pairs with J >= " + threshold, count(estimate.pairsAtThreshold()));
    stat(
        out,
        "expected false candidates (J < " + threshold + ")",
        count(estimate.falseCandidates())
            + String.format(
                Locale.ROOT,
                " (a rate of %.6f of the pairs below %s)",
                below > 0 ? estimate.falseCandidates() / below : 0.0,
                threshold));
    stat(
        out,
        "expected missed pairs (J >= " + threshold + ", no candidate)",
        count(estimate.missedPairs()));
    stat(
        out,
        "verification cost",
        String.format(
            Locale.ROOT,
            "about %s shingle comparisons (|A| + |B| a candidate, mean %.0f; an upper bound, merges"
                + " stop early)",
            count(estimate.mergeSteps()),
            estimate.meanMergeLength()));
    if (topK != null) {
      topK.printSample(out, sample, documents, chosen);
    }
  }

  /** The shingles of the first document, and a warning when many documents are one shingle. */
  private void printShingles(PrintWriter out, PipelineConfig config, Corpus corpus) {
    if (corpus.size() == 0) {
      return;
    }
    out.println();
    stat(
        out,
        "documents shorter than k (one shingle each)",
        String.format(Locale.ROOT, "%,d of %,d", corpus.shortDocuments(), corpus.size()));
    ShingleAdvice.degenerate(config.shingle(), corpus.shortDocuments(), corpus.size())
        .ifPresent(out::println);
    boolean rereadable =
        input.paths().stream().allMatch(p -> Files.isRegularFile(p) || Files.isDirectory(p));
    if (rereadable) {
      String text = RecordTexts.read(input, corpus, Set.of(0)).get(0);
      ShingleLines.line(out, "shingles of " + corpus.id(0), ShingleLines.of(config.sketch(), text));
    }
  }

  private static void stat(PrintWriter out, String label, String value) {
    out.printf(Locale.ROOT, "%-48s %s%n", label + ":", value);
  }

  /** An expected count: one decimal below 100, else rounded with thousands separators. */
  static String count(double value) {
    return value < 100
        ? String.format(Locale.ROOT, "%.1f", value)
        : String.format(Locale.ROOT, "%,.0f", value);
  }
}
