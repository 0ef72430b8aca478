package org.neardup.cli.options;

import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** Where the result goes, and whether to talk on stderr. */
public final class OutputMixin {
  @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write here (atomically: a temporary file renamed when complete) instead of standard output; .gz compresses.")
  public Path file;

  @Option(names = {"-q", "--quiet"}, description = "No progress bar and no summary on stderr.")
  public boolean quiet;

  public OutputTarget open(CommandSpec spec) {
    return OutputTarget.open(file, spec.commandLine().getOut());
  }
}
