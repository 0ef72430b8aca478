package org.neardup.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the CLI in-process with captured standard output and error. */
final class CliRunner {
  final int exitCode;
  final String out;
  final String err;

  private CliRunner(int exitCode, String out, String err) {
    this.exitCode = exitCode;
    this.out = out;
    this.err = err;
  }

  static CliRunner run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new CliRunner(code, out.toString(), err.toString());
  }

  @Override
  public String toString() {
    return "exit " + exitCode + "\n--- out\n" + out + "--- err\n" + err;
  }
}
