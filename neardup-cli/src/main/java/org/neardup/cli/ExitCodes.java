package org.neardup.cli;

/** The exit codes of {@code ./neardup}. */
public final class ExitCodes {
  /** Success. */
  public static final int OK = 0;

  /** Bad usage or bad input: the message says what and where. */
  public static final int BAD_INPUT = 2;

  /** {@code index check} found the index inconsistent: the problems are listed. */
  public static final int CHECK_FAILED = 3;

  /** An internal error (a bug): the stack trace is printed. */
  static final int INTERNAL_ERROR = 4;

  private ExitCodes() {}
}
