package org.neardup.options;

import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Parameters;

/**
 * Inputs for commands that can do without them, and how to read them ({@link InputOptionsMixin}).
 */
public final class OptionalInputMixin extends InputOptionsMixin {
  @Parameters(
      paramLabel = "INPUT",
      arity = "0..*",
      description =
          "Input files (plain, gzip or zstd; - for standard input), or directories with --format"
              + " dir. Optional.")
  List<Path> inputs = List.of();

  @Override
  public List<Path> paths() {
    return inputs;
  }
}
