package org.neardup.cli.options;

import java.nio.file.Path;
import java.util.Collection;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** Where the result goes, and whether to talk on stderr. */
public final class OutputMixin {
  @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write here (atomically: a temporary file renamed when complete) instead of standard output; .gz compresses. Must not be an input.")
  public Path file;

  @Option(names = {"-q", "--quiet"}, description = "No progress bar and no summary on stderr (warnings and skipped records are still reported).")
  public boolean quiet;

  /**
   * Opens the output, checked against {@code inputs} (see {@link OutputTarget#open}): call it before
   * any work, so that an unusable output is reported at once.
   */
  public OutputTarget open(CommandSpec spec, Collection<Path> inputs) {
    return OutputTarget.open(file, spec.commandLine().getOut(), inputs);
  }
}
