package org.neardup.spark;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.neardup.error.NearDupException;
import org.neardup.options.UsageException;
import org.neardup.spark.command.SparkCommand;
import org.neardup.spark.output.PartFiles;
import org.neardup.spark.session.ClusterFailure;
import org.neardup.spark.session.JobLogging;
import picocli.CommandLine;

/**
 * Entry point of the Spark job: {@code spark-submit --class org.neardup.spark.SparkMain
 * neardup-spark.jar pairs|clusters|dedup [options] INPUT... --output DIR}, and of {@code ./neardup
 * spark ...}. Exit codes as the CLI's: 0 ok, 2 bad usage or bad input ({@code neardup: message}), 4
 * internal error (stack trace); and the cluster's, each with one line that says what failed: 5 no
 * executor came ({@link ClusterFailure#NO_RESOURCES}), 6 executors or their data were lost, or the
 * application was stopped ({@link ClusterFailure#CLUSTER_FAILED}). {@link #main} applies the job's
 * logging configuration unless the user gave one.
 */
public final class SparkMain {
  private SparkMain() {}

  public static void main(String[] args) {
    JobLogging.configure();
    int code =
        run(
            args,
            new PrintWriter(System.out, true, StandardCharsets.UTF_8),
            new PrintWriter(System.err, true, StandardCharsets.UTF_8));
    if (code != 0) {
      System.exit(code);
    }
  }

  /** Runs the command line; returns the exit code. */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    CommandLine commandLine = new CommandLine(new SparkCommand());
    commandLine.setOut(out);
    commandLine.setErr(err);
    commandLine.setCaseInsensitiveEnumValuesAllowed(true);
    commandLine.setExecutionExceptionHandler((e, line, parsed) -> handle(e, err));
    return commandLine.execute(args);
  }

  private static int handle(Exception e, PrintWriter err) {
    Throwable cause = rootInput(e);
    if (cause instanceof NearDupException
        || cause instanceof UsageException
        || cause instanceof PartFiles.OutputExistsException) {
      err.println("neardup: " + cause.getMessage());
      err.flush();
      return 2;
    }
    if (cause instanceof ClusterFailure.Thrown thrown) {
      err.println("neardup: " + thrown.failure().message());
      err.flush();
      return thrown.failure().exitCode();
    }
    if (cause instanceof UncheckedIOException unchecked) {
      err.println("neardup: " + unchecked.getCause().getMessage());
      err.flush();
      return 2;
    }
    err.println("neardup: internal error: " + e);
    e.printStackTrace(err);
    err.flush();
    return 4;
  }

  /** An input error raised inside a Spark task arrives wrapped; find it. */
  private static Throwable rootInput(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof NearDupException
          || t instanceof UsageException
          || t instanceof PartFiles.OutputExistsException) {
        return t;
      }
    }
    return e;
  }
}
