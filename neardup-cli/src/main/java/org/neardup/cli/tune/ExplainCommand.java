package org.neardup.cli.tune;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.CorpusBuilder;
import org.neardup.batch.corpus.Progress;
import org.neardup.cli.ContainmentRun;
import org.neardup.cli.ExitCodes;
import org.neardup.cli.PipelineRun;
import org.neardup.cli.SkipLog;
import org.neardup.cli.TerminalProgress;
import org.neardup.cli.report.RecordTexts;
import org.neardup.config.PipelineConfig;
import org.neardup.input.Document;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;
import org.neardup.io.InputSnapshot;
import org.neardup.lsh.LshParams;
import org.neardup.options.Formats;
import org.neardup.options.MeasureMixin;
import org.neardup.options.OptionalInputMixin;
import org.neardup.options.PipelineMixin;
import org.neardup.options.UsageException;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.tune.ContainmentExplanation;
import org.neardup.tune.PairExplanation;
import org.neardup.verify.VerifyMode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code neardup explain}: why two documents are, or are not, a pair. */
@Command(
    name = "explain",
    mixinStandardHelpOptions = true,
    description = {
      "Explains why two documents are, or are not, a pair.",
      "Takes two documents of INPUT by id (--id A --id B) or two texts (--text ... --text ...), and"
          + " prints their shingle set sizes, shared shingles, exact Jaccard, signature estimate,"
          + " how many LSH bands agree and whether 'pairs' with the same options would make them"
          + " candidates and report them."
    })
public final class ExplainCommand implements Callable<Integer> {
  private static final int SNIPPET = 160;

  @Spec CommandSpec spec;
  @Mixin OptionalInputMixin input;
  @Mixin PipelineMixin pipeline;
  @Mixin MeasureMixin measure;

  @Option(names = "--id", paramLabel = "ID", description = "A document of INPUT, by id; give two.")
  List<String> ids;

  @Option(
      names = "--text",
      paramLabel = "TEXT",
      description = "A text to compare; give two (instead of --id and INPUT).")
  List<String> texts;

  @Override
  public Integer call() {
    PipelineConfig config = pipeline.config();
    PrintWriter warnings = spec.commandLine().getErr();
    pipeline.warnUnused(
        warnings,
        "explain",
        "it explains one pair, which they do not change",
        "--lsh",
        "--max-candidates");
    if (measure.containment()) {
      pipeline.warnUnused(
          warnings,
          "explain --measure containment",
          ContainmentRun.NO_BANDING,
          "--bands",
          "--rows");
    }
    // Shingle sets are needed for exact Jaccard even when pairs would verify by estimate.
    PipelineConfig withSets = config.toBuilder().verify(VerifyMode.EXACT).build();
    Corpus corpus;
    int a;
    int b;
    String[] labels;
    String[] raw;
    if (ids != null && texts == null) {
      checkIds();
      try (InputSnapshot snapshot = input.checkRereadable()) {
        SkipLog skips = new SkipLog(input.verbose, spec.commandLine().getErr());
        InputProblems problems = skips.problems(input.onErrorPolicy());
        corpus =
            PipelineRun.read(
                input,
                withSets,
                problems,
                TerminalProgress.create(false),
                false,
                spec.commandLine().getErr());
        skips.print(problems);
        a = ordinal(corpus, ids.get(0));
        b = ordinal(corpus, ids.get(1));
        snapshot.checkUnchanged();
        Map<Integer, String> read = RecordTexts.read(input, corpus, Set.of(a, b));
        labels = new String[] {ids.get(0), ids.get(1)};
        raw = new String[] {read.get(a), read.get(b)};
      }
    } else if (texts != null && ids == null) {
      checkTexts(withSets);
      corpus = corpusOf(withSets, texts);
      a = 0;
      b = 1;
      labels = new String[] {"text 1", "text 2"};
      raw = texts.toArray(String[]::new);
    } else {
      throw new UsageException(
          "explain takes two documents: --id A --id B with INPUT, or --text ... --text ...");
    }
    LshParams banding = config.lshParams();
    PairExplanation explanation;
    ContainmentExplanation containment = null;
    try (corpus) {
      explanation =
          PairExplanation.of(
              corpus.shingles(a),
              corpus.shingles(b),
              corpus.signature(a),
              corpus.signature(b),
              banding);
      if (measure.containment()) {
        containment =
            ContainmentExplanation.of(
                corpus.shingles(a),
                corpus.shingles(b),
                measure.plan(config.threshold(), config.targetRecall()));
      }
    }
    print(spec.commandLine().getOut(), config, banding, labels, raw, explanation);
    if (containment != null) {
      ContainmentLines.print(
          spec.commandLine().getOut(),
          config.threshold(),
          measure.sampling(),
          pipeline.exact,
          containment);
    }
    return ExitCodes.OK;
  }

  private void checkIds() {
    if (ids.size() != 2) {
      throw new UsageException("--id must be given twice, got " + ids.size());
    }
    if (ids.get(0).equals(ids.get(1))) {
      throw new UsageException(
          "--id must name two different documents, got '" + ids.get(0) + "' twice");
    }
    if (input.paths().isEmpty()) {
      throw new UsageException("--id needs the INPUT files that hold the documents");
    }
  }

  private void checkTexts(PipelineConfig config) {
    if (texts.size() != 2) {
      throw new UsageException("--text must be given twice, got " + texts.size());
    }
    if (!input.paths().isEmpty()) {
      throw new UsageException("--text compares the two texts given; INPUT files go with --id");
    }
    DocumentSketcher sketcher = DocumentSketcher.create(config.sketch());
    for (int i = 0; i < 2; i++) {
      if (sketcher.sketch(texts.get(i)).isEmpty()) {
        throw new UsageException(
            "--text number " + (i + 1) + " is empty after normalization: nothing to compare");
      }
    }
  }

  private static int ordinal(Corpus corpus, String id) {
    for (int i = 0; i < corpus.size(); i++) {
      if (corpus.id(i).equals(id)) {
        return i;
      }
    }
    throw new UsageException(
        "unknown id '"
            + id
            + "': not among the "
            + corpus.size()
            + " documents of "
            + String.join(", ", corpus.sources()));
  }

  /** The two texts through the same normalizer, shingler and signer as every corpus. */
  private static Corpus corpusOf(PipelineConfig config, List<String> texts) {
    try (CorpusBuilder builder =
        new CorpusBuilder(config, new InputProblems(OnError.FAIL), Progress.NONE)) {
      for (int i = 0; i < texts.size(); i++) {
        builder.add(new Document("text " + (i + 1), texts.get(i), "--text", i + 1, i));
      }
      return builder.build();
    }
  }

  private void print(
      PrintWriter out,
      PipelineConfig config,
      LshParams banding,
      String[] labels,
      String[] raw,
      PairExplanation e) {
    String threshold = Formats.plain(config.threshold());
    out.printf(Locale.ROOT, "A: %s: %s%n", labels[0], snippet(raw[0]));
    out.printf(Locale.ROOT, "B: %s: %s%n", labels[1], snippet(raw[1]));
    out.printf(
        Locale.ROOT,
        "settings: shingle %s, normalization %s, %d-value signatures (seed %d), %s, threshold %s%n",
        config.shingle(),
        config.normalizer(),
        config.minHash().numPermutations(),
        config.minHash().seed(),
        banding,
        threshold);
    out.printf(Locale.ROOT, "shingles            |A| = %d, |B| = %d%n", e.sizeA(), e.sizeB());
    out.printf(
        Locale.ROOT,
        "shared              |A ∩ B| = %d (only in A: %d, only in B: %d)%n",
        e.intersection(),
        e.sizeA() - e.intersection(),
        e.sizeB() - e.intersection());
    ShingleLines.printPair(out, config.sketch(), raw[0], raw[1]);
    out.printf(Locale.ROOT, "distinct in all     |A ∪ B| = %d%n", e.union());
    out.printf(
        Locale.ROOT,
        "exact Jaccard       %s (= %d / %d)%n",
        Formats.similarity(e.similarity()),
        e.intersection(),
        e.union());
    out.printf(
        Locale.ROOT,
        "signature estimate  %s (%d of %d values agree)%n",
        Formats.similarity(e.estimate()),
        e.agreeingValues(),
        e.signatureLength());
    out.printf(
        Locale.ROOT,
        "bands agreeing      %d of %d%s%n",
        e.agreeingBands().size(),
        e.bands(),
        e.agreeingBands().isEmpty()
            ? ""
            : " (bands "
                + e.agreeingBands().stream()
                    .map(band -> String.valueOf(band + 1))
                    .collect(Collectors.joining(", "))
                + ", numbered from 1)");
    out.printf(
        Locale.ROOT,
        "LSH candidate       %s (P(candidate) at J = %s is %.6f)%n",
        e.candidate() ? "yes: at least one band agrees" : "no: no band agrees",
        Formats.similarity(e.similarity()),
        banding.candidateProbability(e.similarity()));
    out.printf(Locale.ROOT, "reported by pairs   %s%n", verdict(config, e));
    out.flush();
  }

  private String verdict(PipelineConfig config, PairExplanation e) {
    String threshold = Formats.plain(config.threshold());
    if (pipeline.exact) {
      return e.similarity() >= config.threshold()
          ? "yes (exact join, J >= " + threshold + ")"
          : "no (exact join, J < " + threshold + ")";
    }
    if (!e.candidate()) {
      return "no (not a candidate)";
    }
    if (config.verify() == VerifyMode.ESTIMATE) {
      return e.estimate() >= config.threshold()
          ? "yes (candidate, estimate >= " + threshold + ")"
          : "no (candidate, but estimate < " + threshold + ")";
    }
    return e.similarity() >= config.threshold()
        ? "yes (candidate, J >= " + threshold + ")"
        : "no (candidate, but J < " + threshold + ")";
  }

  private static String snippet(String text) {
    String line = text == null ? "" : text.replaceAll("\\s+", " ").strip();
    return line.length() <= SNIPPET ? line : line.substring(0, SNIPPET) + "…";
  }
}
