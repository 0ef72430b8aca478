package org.neardup.streams;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.neardup.error.NearDupException;
import org.neardup.options.UsageException;
import org.neardup.streams.command.StreamCommand;
import picocli.CommandLine;

/**
 * Entry point of {@code ./neardup stream}: online dedup of a Kafka topic on Kafka Streams. Exit
 * codes as the CLI's: 0 stopped cleanly (SIGTERM, Ctrl-C), 2 bad usage or setup ({@code neardup:
 * message}), 1 the stream failed (its error printed), 4 an internal error (stack trace).
 */
public final class StreamMain {
  private StreamMain() {}

  public static void main(String[] args) {
    int code =
        run(
            args,
            new PrintWriter(System.out, true, StandardCharsets.UTF_8),
            new PrintWriter(System.err, true, StandardCharsets.UTF_8));
    System.exit(code);
  }

  /** Runs the command line; returns the exit code. */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    CommandLine commandLine = new CommandLine(new StreamCommand());
    commandLine.setOut(out);
    commandLine.setErr(err);
    commandLine.setExecutionExceptionHandler(
        (e, line, parsed) -> {
          if (e instanceof UsageException || e instanceof NearDupException) {
            err.println("neardup: " + e.getMessage());
            err.flush();
            return 2;
          }
          e.printStackTrace(err);
          err.flush();
          return 4;
        });
    return commandLine.execute(args);
  }
}
