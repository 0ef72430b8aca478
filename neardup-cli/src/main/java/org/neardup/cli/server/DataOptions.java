package org.neardup.cli.server;

import java.nio.file.Path;
import org.neardup.cli.UsageException;
import org.neardup.cli.options.PipelineMixin;
import org.neardup.index.IndexSettings;
import org.neardup.server.store.IndexDirectory;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The data directory of a persistent index and the settings to create it with: the pipeline
 * options of {@code pairs}. An existing index keeps its stored settings; options given explicitly
 * must agree with them, or it is an error naming the differences.
 */
public final class DataOptions {
  @Option(names = "--data", paramLabel = "DIR", required = true, description = "The index's data directory (created with the settings below when it holds no index yet).")
  Path data;

  @Option(names = "--no-texts", description = "Do not store the documents' texts (GET /documents/{id} then returns the id only; the page at / then shows no diffs).")
  boolean noTexts;

  @Option(names = "--cache-mb", paramLabel = "MIB", defaultValue = "256", description = "RocksDB block cache. Default: ${DEFAULT-VALUE}.")
  long cacheMb;

  @Mixin PipelineMixin pipeline;

  /** Opens (or creates) the index; {@code durable} as {@link IndexDirectory.Options#durable()}. */
  IndexDirectory open(boolean durable) {
    if (cacheMb < 1) {
      throw new UsageException("--cache-mb must be at least 1, got " + cacheMb);
    }
    IndexSettings requested = IndexSettings.of(pipeline.config(), !noTexts);
    boolean explicit = pipeline.anyGiven() || noTexts;
    int threads = pipeline.config().threads();
    return IndexDirectory.open(data, new IndexDirectory.Options(requested, explicit, durable, cacheMb << 20, threads));
  }
}
