package org.neardup.cli.options;

import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Parameters;

/** What to read, at least one input, and how ({@link InputOptionsMixin}). */
public final class InputMixin extends InputOptionsMixin {
  @Parameters(paramLabel = "INPUT", arity = "1..*", description = "Input files (plain or gzip), or directories with --format dir.")
  public List<Path> inputs;

  @Override
  public List<Path> paths() {
    return inputs;
  }
}
