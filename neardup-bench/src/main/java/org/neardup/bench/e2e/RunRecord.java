package org.neardup.bench.e2e;

import java.util.List;
import java.util.Map;
import org.neardup.eval.BandRecall;
import org.neardup.eval.Evaluation;

/**
 * One contender's line of the results.
 *
 * @param name the contender's name
 * @param description what ran
 * @param status ok, skipped, failed or timed out
 * @param note why it was skipped, or where its log is when it failed
 * @param wallSeconds process wall time, JVM start-up included (NaN if skipped)
 * @param peakRssKib peak resident set size in KiB (-1 if unknown)
 * @param candidatePairs candidate pairs examined (-1 if unknown)
 * @param reportedPairs pairs reported (-1 if it did not finish)
 * @param parameters the parameters it ran with
 * @param phases seconds by stage, inside the process
 * @param evaluation its pairs against the truth (null if it did not finish)
 * @param bands recall by similarity band (empty if it did not finish)
 */
record RunRecord(
    String name,
    String description,
    String status,
    String note,
    double wallSeconds,
    long peakRssKib,
    long candidatePairs,
    long reportedPairs,
    String parameters,
    Map<String, Double> phases,
    Evaluation evaluation,
    List<BandRecall> bands) {

  static final String OK = "ok";
  static final String SKIPPED = "skipped";

  /** A contender that did not run, with the reason. */
  static RunRecord skipped(String name, String description, String reason) {
    return new RunRecord(
        name, description, SKIPPED, reason, Double.NaN, -1, -1, -1, "", Map.of(), null, List.of());
  }
}
