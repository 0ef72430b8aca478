package org.neardup.options;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import org.neardup.io.InputFormat;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** Where the result goes, and whether to talk on stderr. */
public final class OutputMixin {
  @Option(
      names = {"-o", "--output"},
      paramLabel = "FILE",
      description =
          "Write here (atomically: a temporary file renamed when complete) instead of standard"
              + " output ('-' is standard output); .gz compresses with gzip, .zst with zstd. Must"
              + " not be an input.")
  public Path file;

  @Option(
      names = {"-q", "--quiet"},
      description =
          "No progress bar and no summary on stderr (warnings and skipped records are still"
              + " reported).")
  public boolean quiet;

  /**
   * Opens the output, checked against {@code inputs} (see {@link OutputTarget#open}): call it
   * before any work, so that an unusable output is reported at once.
   */
  public OutputTarget open(CommandSpec spec, Collection<Path> inputs) {
    return OutputTarget.open(isStandardOutput() ? null : file, spec.commandLine().getOut(), inputs);
  }

  /**
   * Warns on {@code err} when the file {@code -o} names says a format (CSV, JSON, JSON Lines,
   * Parquet) that the tab-separated lines {@code command} writes are not: the name would have
   * readers take them for that format.
   */
  public void warnIfNamedForAnotherFormat(PrintWriter err, String command) {
    if (isStandardOutput()) {
      return;
    }
    List<InputFormat> named = InputFormat.namedBy(file);
    if (!named.isEmpty() && !named.contains(InputFormat.TSV)) {
      err.println(
          "neardup: warning: "
              + file
              + ": "
              + command
              + " writes tab-separated lines, not "
              + named.get(0).name()
              + " as this name says: name it .tsv");
      err.flush();
    }
  }

  /**
   * Refuses {@code -o -} for a command whose output must be a file ({@code what}), rather than
   * writing a file named "-".
   *
   * @throws UsageException for {@code -}
   */
  public static void requireFile(Path output, String what) {
    if (output != null && isStandardOutput(output)) {
      throw new UsageException("-o -: " + what + " is written to a file, not to standard output");
    }
  }

  /**
   * Whether the result goes to standard output: no {@code -o}, or {@code -o -} as Unix tools take
   * it.
   */
  public boolean isStandardOutput() {
    return file == null || isStandardOutput(file);
  }

  /** Whether {@code output} names standard output: {@code -}, as Unix tools take it. */
  public static boolean isStandardOutput(Path output) {
    return output.toString().equals("-");
  }
}
