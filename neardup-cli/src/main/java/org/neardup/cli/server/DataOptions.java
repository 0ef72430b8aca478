package org.neardup.cli.server;

import java.nio.file.Path;
import org.neardup.index.IndexSettings;
import org.neardup.index.SearchSettings;
import org.neardup.options.PipelineMixin;
import org.neardup.options.UsageException;
import org.neardup.server.store.IndexDirectory;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The data directory of a persistent index and the settings to create it with: the pipeline options
 * of {@code pairs}. An existing index keeps its stored settings; options given explicitly must
 * agree with them, or it is an error naming the differences.
 */
public final class DataOptions {
  @Option(
      names = "--data",
      paramLabel = "DIR",
      required = true,
      description =
          "The index's data directory (created with the settings below when it holds no index"
              + " yet).")
  Path data;

  @Option(
      names = "--no-texts",
      description =
          "Do not store the documents' texts (GET /documents/{id} then returns the id only; the"
              + " page at / then shows no diffs).")
  boolean noTexts;

  @Option(
      names = "--cache-mb",
      paramLabel = "MIB",
      defaultValue = "256",
      description = "RocksDB block cache. Default: ${DEFAULT-VALUE}.")
  long cacheMb;

  @Option(
      names = "--top-k-floor",
      paramLabel = "F",
      description =
          "Build a new index for top-k queries (POST /query?top=K) down to Jaccard F, below the"
              + " threshold: a second banding, one more bucket entry a band (64 bands at 0.3)."
              + " Default: none (top-k answers down to the threshold only).")
  Double topKFloor;

  @Option(
      names = "--containment-sampling",
      paramLabel = "M",
      description =
          "Build a new index for containment queries (POST /query?measure=containment), keeping a"
              + " posting entry for one shingle in M of each document. Default: none.")
  Integer containmentSampling;

  @Mixin PipelineMixin pipeline;

  /** Warns of the pipeline options given that an index does not use. */
  void warnUnused(java.io.PrintWriter err, String command) {
    pipeline.warnUnused(
        err,
        command,
        "the index finds candidates by LSH and verifies each exactly, always",
        "--exact",
        "--lsh",
        "--max-candidates");
  }

  /** The queries beyond the threshold the options ask the index to be built for. */
  SearchSettings search() {
    try {
      return new SearchSettings(
          topKFloor == null ? 0 : topKFloor, containmentSampling == null ? 0 : containmentSampling);
    } catch (IllegalArgumentException e) {
      throw new UsageException(
          e.getMessage()
              .replace("top-k floor", "--top-k-floor")
              .replace("containment sampling", "--containment-sampling"));
    }
  }

  /** Opens (or creates) the index; {@code durable} as {@link IndexDirectory.Options#durable()}. */
  IndexDirectory open(boolean durable) {
    if (cacheMb < 1) {
      throw new UsageException("--cache-mb must be at least 1, got " + cacheMb);
    }
    IndexSettings requested = IndexSettings.of(pipeline.config(), !noTexts, search());
    if (topKFloor != null && topKFloor >= requested.threshold()) {
      throw new UsageException(
          "--top-k-floor must be below the threshold ("
              + requested.threshold()
              + "), got "
              + topKFloor);
    }
    boolean explicit =
        pipeline.anyGiven() || noTexts || topKFloor != null || containmentSampling != null;
    int threads = pipeline.config().threads();
    return IndexDirectory.open(
        data, new IndexDirectory.Options(requested, explicit, durable, cacheMb << 20, threads));
  }
}
