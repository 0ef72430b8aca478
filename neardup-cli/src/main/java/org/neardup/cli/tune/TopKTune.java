package org.neardup.cli.tune;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.stream.DoubleStream;
import org.neardup.lsh.LshParams;
import org.neardup.options.Formats;
import org.neardup.search.TopKPlan;
import org.neardup.tune.PairSample;

/**
 * {@code tune --top-k-floor F}: the floor banding a top-k query reads below the threshold, and with
 * INPUT files how many documents it brings a query, against the threshold banding's. A query whose
 * k best do not all reach the threshold reads every floor candidate, so its time grows with their
 * number: on a corpus whose unrelated documents share many shingles, a higher floor is what keeps
 * top-k cheap.
 */
final class TopKTune {
  /** The other floors shown, when below the threshold. */
  private static final double[] FLOORS = {0.2, 0.3, 0.4, 0.5, 0.6, 0.7};

  private final TopKPlan plan;
  private final double threshold;
  private final int numPermutations;

  TopKTune(double floor, double threshold, int numPermutations, double targetRecall) {
    this.plan = TopKPlan.forFloor(floor, numPermutations, targetRecall);
    this.threshold = threshold;
    this.numPermutations = numPermutations;
  }

  void print(PrintWriter out) {
    LshParams banding = plan.banding();
    String floor = Formats.plain(plan.floor());
    out.printf(
        Locale.ROOT,
        "%ntop-k floor %s: %s, P(candidate | J = %s) = %.6f (%d bucket entries a document more)%n",
        floor,
        banding,
        floor,
        plan.candidateProbability(plan.floor()),
        banding.bands());
    out.printf(
        Locale.ROOT,
        "a top-k query reads the threshold buckets, then, unless its k best all reach %s, the floor"
            + " buckets: most shared bands first, each candidate compared on its signature's low"
            + " bytes%n",
        Formats.plain(threshold));
  }

  /** Candidates a query, for the threshold banding and each floor, from the sampled pairs. */
  void printSample(PrintWriter out, PairSample sample, int documents, LshParams thresholdBanding) {
    if (documents < 2) {
      return;
    }
    out.printf(
        Locale.ROOT,
        "%ncandidates a query (%s; a pair is a candidate of both its documents' queries):%n",
        sample.exhaustive() ? "all pairs" : "SAMPLE ESTIMATE");
    out.printf(
        Locale.ROOT, "  %-18s %-22s %14s %10s%n", "buckets", "banding", "candidates", "share");
    row(out, sample, documents, "threshold " + Formats.plain(threshold), thresholdBanding, "");
    double[] floors =
        DoubleStream.concat(DoubleStream.of(plan.floor()), DoubleStream.of(FLOORS))
            .filter(f -> f < threshold)
            .distinct()
            .sorted()
            .toArray();
    for (double f : floors) {
      LshParams banding = TopKPlan.forFloor(f, numPermutations, plan.targetRecall()).banding();
      row(
          out,
          sample,
          documents,
          "floor " + Formats.plain(f),
          banding,
          f == plan.floor() ? "chosen" : "");
    }
  }

  private static void row(
      PrintWriter out,
      PairSample sample,
      int documents,
      String label,
      LshParams banding,
      String note) {
    double perQuery = 2 * sample.estimate(banding, 1).candidates() / documents;
    out.println(
        String.format(
                Locale.ROOT,
                "  %-18s %-22s %14s %9.2f%%  %s",
                label,
                banding,
                TuneCommand.count(perQuery),
                100 * perQuery / (documents - 1),
                note)
            .stripTrailing());
  }
}
