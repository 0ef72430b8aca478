package org.neardup.cli.batch;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.neardup.cli.ExitCodes;
import org.neardup.eval.BandRecall;
import org.neardup.eval.Evaluation;
import org.neardup.eval.IdPair;
import org.neardup.eval.PairEvaluator;
import org.neardup.io.PairFile;
import org.neardup.options.Formats;
import org.neardup.options.UsageException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code neardup eval}: precision, recall and F1 of found pairs against a truth. */
@Command(
    name = "eval",
    mixinStandardHelpOptions = true,
    description = {
      "Scores found pairs against true pairs: precision, recall, F1.",
      "Both files hold one pair a line: 'idA idB' (whitespace-separated) or neardup's"
          + " 'idA<TAB>idB<TAB>similarity'. The output of 'clusters' is read as the pairs of each"
          + " removed document and its kept one. When the truth carries similarities (e.g. the"
          + " output of 'neardup pairs --exact'), recall is also given per similarity band."
    })
public final class EvalCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--truth", required = true, paramLabel = "TRUTH", description = "The true pairs.")
  Path truth;

  @Option(
      names = "--found",
      required = true,
      paramLabel = "FOUND",
      description = "The pairs to score.")
  Path found;

  @Option(
      names = "--band-width",
      paramLabel = "W",
      defaultValue = "0.05",
      description = "Width of the similarity bands, in [0.001, 1]. Default: ${DEFAULT-VALUE}.")
  double bandWidth;

  @Option(
      names = {"-t", "--threshold"},
      paramLabel = "T",
      description =
          "Lowest band start, in (0, 1]. Default: the lowest similarity in the truth, rounded down"
              + " to a multiple of the band width.")
  Double threshold;

  @Override
  public Integer call() {
    if (!(bandWidth >= 0.001 && bandWidth <= 1)) {
      throw new UsageException(
          "--band-width must be in [0.001, 1], got " + Formats.plain(bandWidth));
    }
    if (threshold != null && !(threshold > 0 && threshold <= 1)) {
      throw new UsageException("--threshold must be in (0, 1], got " + Formats.plain(threshold));
    }
    Map<IdPair, Double> truthPairs = PairFile.read(truth);
    Map<IdPair, Double> foundPairs = PairFile.read(found);
    Evaluation evaluation = PairEvaluator.evaluate(truthPairs.keySet(), foundPairs.keySet());
    PrintWriter out = spec.commandLine().getOut();
    out.printf(Locale.ROOT, "truth pairs      %d%n", truthPairs.size());
    out.printf(Locale.ROOT, "found pairs      %d%n", foundPairs.size());
    out.printf(Locale.ROOT, "true positives   %d%n", evaluation.truePositives());
    out.printf(Locale.ROOT, "false positives  %d%n", evaluation.falsePositives());
    out.printf(Locale.ROOT, "false negatives  %d%n", evaluation.falseNegatives());
    out.printf(Locale.ROOT, "precision        %.6f%n", evaluation.precision());
    out.printf(Locale.ROOT, "recall           %.6f%n", evaluation.recall());
    out.printf(Locale.ROOT, "f1               %.6f%n", evaluation.f1());
    double lowest =
        truthPairs.values().stream()
            .filter(v -> !Double.isNaN(v))
            .mapToDouble(v -> v)
            .min()
            .orElse(Double.NaN);
    if (!Double.isNaN(lowest)) {
      double from =
          threshold != null ? threshold : PairEvaluator.lowestBandStart(lowest, bandWidth);
      printBands(out, PairEvaluator.recallByBand(truthPairs, foundPairs.keySet(), from, bandWidth));
    }
    out.flush();
    return ExitCodes.OK;
  }

  static void printBands(PrintWriter out, List<BandRecall> bands) {
    out.println("recall by similarity band:");
    out.println("  band            truth    found   recall");
    for (BandRecall band : bands) {
      out.printf(
          Locale.ROOT,
          "  [%.3f, %.3f%s %8d %8d %8.4f%n",
          band.from(),
          band.to(),
          band.to() >= 1.0 ? "]" : ")",
          band.truthPairs(),
          band.foundPairs(),
          band.recall());
    }
  }
}
