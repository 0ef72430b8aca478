package org.neardup.spark.command;

import org.neardup.cluster.KeepOrder;
import org.neardup.options.KeepMixin;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options {@code spark clusters} and {@code spark dedup} share: what is kept, and where rounds
 * are checkpointed.
 */
public final class KeptSetOptions {
  @Mixin KeepMixin keep;

  @Option(
      names = "--components",
      description =
          "Connected components instead of the kept set: every document linked by a chain of pairs"
              + " goes in one cluster, one representative kept (the old layout"
              + " cluster<TAB>id<TAB>keep|duplicate).")
  boolean components;

  @Option(
      names = "--checkpoint-dir",
      paramLabel = "DIR",
      description =
          "Where the iterative rounds write reliable checkpoints (any file system Spark writes; a"
              + " subdirectory is made and deleted at the end). Default: spark.checkpoint.dir if"
              + " set, else .OUTPUT.checkpoints next to the output, deleted at the end.")
  String checkpointDir;

  /**
   * The order {@code --keep} gives.
   *
   * @throws UsageException when it is not one
   */
  KeepOrder keepOrder() {
    return keep.order();
  }
}
