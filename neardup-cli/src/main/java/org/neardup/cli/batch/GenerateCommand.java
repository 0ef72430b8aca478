package org.neardup.cli.batch;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.neardup.cli.ExitCodes;
import org.neardup.eval.IdPair;
import org.neardup.io.InputFormat;
import org.neardup.options.Formats;
import org.neardup.options.OutputMixin;
import org.neardup.options.OutputTarget;
import org.neardup.options.UsageException;
import org.neardup.shingle.ShingleConfig;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;
import org.neardup.text.Normalizer;
import org.neardup.text.NormalizerConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code neardup generate}: a synthetic TSV corpus with planted near-duplicates. */
@Command(
    name = "generate",
    mixinStandardHelpOptions = true,
    description = {
      "Writes a synthetic corpus with planted near-duplicates.",
      "One id<TAB>text line a document; copies of an original are edited word by word at a rate"
          + " drawn up to --max-edit-rate, so their similarities are graded. Deterministic for a"
          + " seed."
    })
public final class GenerateCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin OutputMixin output;

  @Option(
      names = "--documents",
      paramLabel = "N",
      defaultValue = "10000",
      description = "Number of documents. Default: ${DEFAULT-VALUE}.")
  int documents;

  @Option(
      names = "--min-words",
      paramLabel = "N",
      defaultValue = "15",
      description = "Shortest original, in words. Default: ${DEFAULT-VALUE}.")
  int minWords;

  @Option(
      names = "--max-words",
      paramLabel = "N",
      defaultValue = "120",
      description = "Longest original, in words. Default: ${DEFAULT-VALUE}.")
  int maxWords;

  @Option(
      names = "--duplicate-fraction",
      paramLabel = "F",
      defaultValue = "0.3",
      description = "Fraction of originals that get edited copies. Default: ${DEFAULT-VALUE}.")
  double duplicateFraction;

  @Option(
      names = "--max-copies",
      paramLabel = "N",
      defaultValue = "3",
      description = "Most copies of one original. Default: ${DEFAULT-VALUE}.")
  int maxCopies;

  @Option(
      names = "--max-edit-rate",
      paramLabel = "P",
      defaultValue = "0.25",
      description = "Highest per-word edit probability of a copy. Default: ${DEFAULT-VALUE}.")
  double maxEditRate;

  @Option(
      names = "--seed",
      paramLabel = "SEED",
      defaultValue = "42",
      description = "Generator seed. Default: ${DEFAULT-VALUE}.")
  long seed;

  @Option(
      names = "--excerpts",
      paramLabel = "F",
      defaultValue = "0",
      description =
          "Fraction of originals that also get a planted excerpt (10-50%% of their words). Default:"
              + " ${DEFAULT-VALUE}.")
  double excerpts;

  @Option(
      names = "--excerpt-edit-rate",
      paramLabel = "P",
      defaultValue = "0.05",
      description = "Highest per-word edit probability of an excerpt. Default: ${DEFAULT-VALUE}.")
  double excerptEditRate;

  @Option(
      names = "--truth",
      paramLabel = "FILE",
      description = {
        "Also write the planted truth; - for standard output when -o names a file. Without"
            + " --excerpts: the planted near-duplicate pairs with Jaccard similarity >="
            + " --truth-threshold, as 'pairs' writes them (idA<TAB>idB<TAB>similarity, the exact"
            + " similarity of char:5 shingles after the default normalization), for 'eval --truth'."
            + " With --excerpts: the planted excerpts, one excerpt<TAB>host line each (the excerpt"
            + " lies in its host)."
      })
  Path truth;

  @Option(
      names = "--truth-threshold",
      paramLabel = "T",
      defaultValue = "0.8",
      description =
          "The lowest similarity of a planted pair in --truth, in [0, 1]. Default:"
              + " ${DEFAULT-VALUE}.")
  double truthThreshold;

  /** Each option's range, named as typed (the generator's own checks use its parameter names). */
  private void checkOptions() {
    if (documents < 1) {
      throw new UsageException("--documents must be at least 1, got " + documents);
    }
    if (minWords < 1) {
      throw new UsageException("--min-words must be at least 1, got " + minWords);
    }
    if (minWords > maxWords) {
      throw new UsageException(
          "--min-words (" + minWords + ") must not exceed --max-words (" + maxWords + ")");
    }
    if (maxCopies < 1) {
      throw new UsageException("--max-copies must be at least 1, got " + maxCopies);
    }
    if (!(duplicateFraction >= 0 && duplicateFraction <= 1)) {
      throw new UsageException(
          "--duplicate-fraction must be in [0, 1], got " + Formats.plain(duplicateFraction));
    }
    if (!(maxEditRate >= 0 && maxEditRate <= 1)) {
      throw new UsageException(
          "--max-edit-rate must be in [0, 1], got " + Formats.plain(maxEditRate));
    }
    if (!(excerpts >= 0 && excerpts <= 1)) {
      throw new UsageException("--excerpts must be in [0, 1], got " + Formats.plain(excerpts));
    }
    if (!(truthThreshold >= 0 && truthThreshold <= 1)) {
      throw new UsageException(
          "--truth-threshold must be in [0, 1], got " + Formats.plain(truthThreshold));
    }
    if (!(excerptEditRate >= 0 && excerptEditRate <= 1)) {
      throw new UsageException(
          "--excerpt-edit-rate must be in [0, 1], got " + Formats.plain(excerptEditRate));
    }
  }

  @Override
  public Integer call() throws IOException {
    checkOptions();
    CorpusGenerator generator;
    try {
      generator =
          new CorpusGenerator(
                  documents, duplicateFraction, maxCopies, maxEditRate, minWords, maxWords, seed)
              .withExcerpts(excerpts, excerptEditRate);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    boolean truthToStandardOutput = truth != null && OutputMixin.isStandardOutput(truth);
    if (truthToStandardOutput && output.isStandardOutput()) {
      throw new UsageException(
          "--truth -: the corpus goes to standard output already; give -o FILE or --truth FILE");
    }
    if (!output.isStandardOutput()) {
      List<InputFormat> named = InputFormat.namedBy(output.file);
      if (!named.isEmpty() && !named.contains(InputFormat.TSV)) {
        throw new UsageException(
            output.file
                + ": generate writes TSV (id<TAB>text), which this name would have the commands"
                + " read as "
                + named.get(0).name()
                + ": name it .tsv");
      }
    }
    try (OutputTarget target = output.open(spec, List.of());
        OutputTarget truthTarget =
            truth == null
                ? null
                : OutputTarget.open(
                    truthToStandardOutput ? null : truth, spec.commandLine().getOut(), List.of())) {
      GeneratedCorpus corpus = generator.generate();
      Writer writer = target.writer();
      for (int i = 0; i < corpus.size(); i++) {
        writer.write(corpus.ids().get(i));
        writer.write('\t');
        writer.write(corpus.texts().get(i));
        writer.write('\n');
      }
      if (truthTarget != null && excerpts > 0) {
        writeExcerpts(corpus, truthTarget.writer());
        truthTarget.commit();
      } else if (truthTarget != null) {
        writePlantedPairs(corpus, truthThreshold, truthTarget.writer());
        truthTarget.commit();
      }
      target.commit();
    }
    return ExitCodes.OK;
  }

  /**
   * The pairs within planted families whose Jaccard similarity, on sets of shingle strings with the
   * default settings (char:5, default normalization), is at least {@code threshold}: the truth
   * {@code demo} scores against, in the order and format of {@code pairs}.
   */
  private static void writePlantedPairs(GeneratedCorpus corpus, double threshold, Writer writer)
      throws IOException {
    Map<IdPair, Double> planted =
        DemoCommand.plantedTruth(
            corpus, ShingleConfig.chars(5), new Normalizer(NormalizerConfig.DEFAULT), threshold);
    List<Map.Entry<IdPair, Double>> pairs = new ArrayList<>(planted.entrySet());
    pairs.sort(
        Map.Entry.comparingByKey(
            Comparator.comparing(IdPair::first).thenComparing(IdPair::second)));
    for (Map.Entry<IdPair, Double> pair : pairs) {
      writer.write(pair.getKey().first());
      writer.write('\t');
      writer.write(pair.getKey().second());
      writer.write('\t');
      writer.write(Formats.similarity(pair.getValue()));
      writer.write('\n');
    }
  }

  /** The planted excerpts, one excerpt<TAB>host line each, by excerpt id (ids are positions). */
  private static void writeExcerpts(GeneratedCorpus corpus, Writer writer) throws IOException {
    List<int[]> excerpts = new ArrayList<>(corpus.excerpts());
    excerpts.sort(Comparator.comparingInt(pair -> pair[0]));
    for (int[] pair : excerpts) {
      writer.write(corpus.ids().get(pair[0]));
      writer.write('\t');
      writer.write(corpus.ids().get(pair[1]));
      writer.write('\n');
    }
  }
}
