package org.neardup.cli;

import java.io.PrintWriter;
import picocli.CommandLine;

/** Entry point of {@code ./neardup}. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /**
   * Runs the command line with the given output streams; returns the exit code. Running out of
   * memory is reported in one line with what to do (exit 2), not as a stack trace.
   */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    try {
      return commandLine(out, err).execute(args);
    } catch (OutOfMemoryError e) {
      err.println("neardup: out of memory (" + e.getMessage() + "): give Java more heap, e.g. "
          + "NEARDUP_JAVA_OPTS=-Xmx8g ./neardup ..., or reduce the input");
      err.flush();
      return ExitCodes.BAD_INPUT;
    }
  }

  /** The configured picocli command line (for tests). */
  public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
    CommandLine commandLine = new CommandLine(new NearDupCommand());
    commandLine.setOut(out);
    commandLine.setErr(err);
    commandLine.setExecutionExceptionHandler(new ErrorHandler());
    commandLine.setCaseInsensitiveEnumValuesAllowed(true);
    return commandLine;
  }
}
