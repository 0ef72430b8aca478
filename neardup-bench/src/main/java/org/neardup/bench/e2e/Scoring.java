package org.neardup.bench.e2e;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.neardup.bench.contender.Contender;
import org.neardup.eval.BandRecall;
import org.neardup.eval.Evaluation;
import org.neardup.eval.IdPair;
import org.neardup.eval.PairEvaluator;
import org.neardup.io.PairFile;

/** Turns a finished child run into a {@link RunRecord}: its pairs scored against the truth. */
final class Scoring {
  /** Width of the similarity bands recall is broken down by. */
  static final double BAND_WIDTH = 0.05;

  private Scoring() {}

  static RunRecord score(
      Contender contender,
      ChildRun run,
      Path pairsFile,
      Path log,
      Map<IdPair, Double> truth,
      double threshold) {
    if (run.status != ChildRun.Status.OK) {
      String status = run.status.name().toLowerCase(Locale.ROOT).replace('_', ' ');
      return new RunRecord(
          contender.name(),
          contender.description(),
          status,
          "log: " + log,
          run.wallSeconds,
          run.peakRssKib,
          -1,
          -1,
          "",
          Map.of(),
          null,
          List.of());
    }
    Map<IdPair, Double> found = PairFile.read(pairsFile);
    Properties stats = run.stats;
    if (!contender.findsPairs()) {
      return new RunRecord(
          contender.name(),
          contender.description(),
          RunRecord.OK,
          "",
          run.wallSeconds,
          run.peakRssKib,
          -1,
          found.size(),
          stats.getProperty(ChildMain.PARAMETERS, ""),
          phases(stats),
          null,
          List.of());
    }
    Evaluation evaluation = PairEvaluator.evaluate(truth.keySet(), found.keySet());
    List<BandRecall> bands =
        PairEvaluator.recallByBand(truth, found.keySet(), threshold, BAND_WIDTH);
    return new RunRecord(
        contender.name(),
        contender.description(),
        RunRecord.OK,
        "",
        run.wallSeconds,
        run.peakRssKib,
        Long.parseLong(stats.getProperty(ChildMain.CANDIDATES)),
        found.size(),
        stats.getProperty(ChildMain.PARAMETERS, ""),
        phases(stats),
        evaluation,
        bands);
  }

  /** Phase seconds in the order they ran. */
  private static Map<String, Double> phases(Properties stats) {
    Map<String, Double> phases = new LinkedHashMap<>();
    for (String phase : stats.getProperty(ChildMain.PHASES, "").split(";", -1)) {
      int equals = phase.lastIndexOf('=');
      if (equals > 0) {
        phases.put(phase.substring(0, equals), Double.parseDouble(phase.substring(equals + 1)));
      }
    }
    return phases;
  }
}
