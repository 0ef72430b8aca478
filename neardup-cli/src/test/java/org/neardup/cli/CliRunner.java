package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Runs the CLI in-process with captured standard output and error: what the CLI module's tests use
 * to run {@code ./neardup ARGS} (standard input given or not) and to read what it printed.
 */
public final class CliRunner {
  public final int exitCode;
  public final String out;
  public final String err;

  private CliRunner(int exitCode, String out, String err) {
    this.exitCode = exitCode;
    this.out = out;
    this.err = err;
  }

  /** Runs {@code ./neardup ARGS}. */
  public static CliRunner run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new CliRunner(code, out.toString(), err.toString());
  }

  /** Runs {@code ./neardup ARGS}. */
  public static CliRunner run(List<String> args) {
    return run(args.toArray(String[]::new));
  }

  /** Runs {@code ./neardup ARGS} and checks that it exits 0 (the run's output in the message). */
  public static CliRunner ok(String... args) {
    CliRunner run = run(args);
    assertThat(run.exitCode).as(run.toString()).isZero();
    return run;
  }

  /** Runs {@code ./neardup ARGS} and checks that it exits 0 (the run's output in the message). */
  public static CliRunner ok(List<String> args) {
    return ok(args.toArray(String[]::new));
  }

  /** Runs {@code ./neardup ARGS} with {@code input} as its standard input. */
  public static CliRunner withStdin(byte[] input, String... args) {
    InputStream saved = System.in;
    try {
      System.setIn(new ByteArrayInputStream(input));
      return run(args);
    } finally {
      System.setIn(saved);
    }
  }

  /** Runs {@code ./neardup ARGS} with {@code input} in UTF-8 as its standard input. */
  public static CliRunner withStdin(String input, String... args) {
    return withStdin(input.getBytes(StandardCharsets.UTF_8), args);
  }

  @Override
  public String toString() {
    return "exit " + exitCode + "\n--- out\n" + out + "--- err\n" + err;
  }
}
