package org.neardup.bench.spark;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.neardup.bench.contender.BenchSettings;
import org.neardup.bench.contender.ContenderOutcome;
import org.neardup.bench.contender.Phases;
import org.neardup.config.PipelineConfig;
import org.neardup.minhash.MinHashConfig;
import org.neardup.spark.JobSettings;
import org.neardup.spark.JobStats;
import org.neardup.spark.NearDupJob;
import org.neardup.spark.ProgressListener;
import org.neardup.spark.input.InputSpec;
import org.neardup.spark.output.PairLine;
import org.neardup.verify.SimilarPair;

/**
 * The neardup Spark job ({@code neardup-spark}) in {@code local[2]} (web UI off, otherwise Spark's
 * defaults): Spark reads the TSV corpus itself, signs, bands, verifies and the pairs come back to
 * the driver. The library defaults for threshold, shingle and n (the settings of {@code
 * neardup-lsh}). Its parameters record the bytes all shuffles wrote, in total and per document.
 * Kept apart from the contender so that the harness's own JVM never loads Spark classes.
 */
public final class NeardupSparkRun {
  private NeardupSparkRun() {}

  /** Runs the job on the corpus of {@code settings}. */
  public static ContenderOutcome run(BenchSettings settings, Phases phases) throws Exception {
    PipelineConfig config =
        PipelineConfig.builder()
            .threshold(settings.threshold())
            .shingle(settings.shingle())
            .minHash(MinHashConfig.DEFAULT.withNumPermutations(settings.permutations()))
            .build();
    SparkSession spark =
        phases.time(
            "session",
            () ->
                SparkSession.builder()
                    .master("local[2]")
                    .appName("neardup-bench")
                    .config("spark.ui.enabled", "false")
                    .config("spark.driver.host", "127.0.0.1")
                    .config("spark.driver.bindAddress", "127.0.0.1")
                    .getOrCreate());
    spark.sparkContext().setLogLevel("WARN");
    ProgressListener listener =
        new ProgressListener(new PrintWriter(System.err, true, StandardCharsets.UTF_8), true);
    spark.sparkContext().addSparkListener(listener);
    try {
      int partitions = 2 * spark.sparkContext().defaultParallelism();
      JobSettings job =
          JobSettings.of(
              config,
              List.of(new InputSpec(settings.corpus().toString(), "tsv", '\t', null, List.of())),
              partitions);
      NearDupJob run = phases.time("read+sign", () -> NearDupJob.start(spark, job));
      List<PairLine> lines = phases.time("band+verify+pairs", () -> run.pairs().collect());
      long shuffle = listener.shuffleBytesWritten();
      JobStats stats = run.stats(lines.size(), shuffle);
      Map<String, Integer> ordinals = new HashMap<>();
      List<String> ids = new ArrayList<>();
      List<SimilarPair> pairs = new ArrayList<>(lines.size());
      for (PairLine line : lines) {
        pairs.add(
            SimilarPair.of(
                ordinal(line.first(), ordinals, ids),
                ordinal(line.second(), ordinals, ids),
                line.similarity()));
      }
      String parameters =
          String.format(
              Locale.ROOT,
              "%s, local[2], %d partitions; shuffles wrote %d bytes, %.0f B/document",
              config.lshParams(),
              partitions,
              shuffle,
              (double) shuffle / Math.max(1, stats.documents()));
      return new ContenderOutcome(
          ids.toArray(String[]::new), pairs, stats.candidatePairs(), parameters);
    } finally {
      spark.stop();
    }
  }

  private static int ordinal(String id, Map<String, Integer> ordinals, List<String> ids) {
    return ordinals.computeIfAbsent(
        id,
        key -> {
          ids.add(key);
          return ids.size() - 1;
        });
  }
}
