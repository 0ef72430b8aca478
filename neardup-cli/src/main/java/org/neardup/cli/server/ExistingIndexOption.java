package org.neardup.cli.server;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The data directory of an existing index, for the subcommands that read, copy or rebuild one. */
final class ExistingIndexOption {
  @Option(
      names = "--data",
      paramLabel = "DIR",
      required = true,
      description = "The index's data directory.")
  Path data;
}
