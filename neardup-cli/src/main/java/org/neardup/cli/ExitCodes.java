package org.neardup.cli;

/** The exit codes of {@code ./neardup}. */
public final class ExitCodes {
  /** Success. */
  public static final int OK = 0;
  /** Bad usage or bad input: the message says what and where. */
  static final int BAD_INPUT = 2;
  /** An internal error (a bug): the stack trace is printed. */
  static final int INTERNAL_ERROR = 4;

  private ExitCodes() {}
}
