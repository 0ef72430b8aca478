package org.neardup.options;

import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Parameters;

/**
 * What to read and how ({@link InputOptionsMixin}): at least one input, unless the command takes
 * signature files instead ({@link SignaturesMixin}).
 */
public final class InputMixin extends InputOptionsMixin {
  @Parameters(
      paramLabel = "INPUT",
      arity = "0..*",
      description =
          "Input files (plain, gzip or zstd; - for standard input), or directories with --format"
              + " dir.")
  public List<Path> inputs = List.of();

  @Override
  public List<Path> paths() {
    return inputs;
  }
}
