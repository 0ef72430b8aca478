package org.neardup.input;

import org.neardup.error.NearDupException;

/**
 * Bad input: the message names the file, the line (when there is one) and the problem, as {@code
 * FILE:LINE: problem}, or {@code standard input, line LINE: problem} for the input named {@code -}.
 * {@link #problem()} is set when the record could be skipped with {@link OnError#SKIP}; it is null
 * for problems that always stop the run (missing file, unknown column, truncated gzip).
 */
public final class InputException extends NearDupException {
  private static final long serialVersionUID = 1L;

  /** The source name of standard input. */
  private static final String STANDARD_INPUT = "-";

  private final String source;
  private final long line;
  private final transient InputProblem problem;
  private final long recordIndex;

  public InputException(String source, long line, InputProblem problem, String detail) {
    this(source, line, -1, problem, detail);
  }

  /**
   * A bad record's exception that also names the record by its {@link Document#recordIndex()}, so
   * that a skipped record can be set aside (a rejects file) rather than copied through.
   */
  public InputException(
      String source, long line, long recordIndex, InputProblem problem, String detail) {
    super(format(source, line, detail));
    this.source = source;
    this.line = line;
    this.recordIndex = recordIndex;
    this.problem = problem;
  }

  public InputException(
      String source, long line, InputProblem problem, String detail, Throwable cause) {
    super(format(source, line, detail), cause);
    this.source = source;
    this.line = line;
    this.recordIndex = -1;
    this.problem = problem;
  }

  private static String format(String source, long line, String detail) {
    if (STANDARD_INPUT.equals(source)) {
      return line > 0
          ? "standard input, line " + line + ": " + detail
          : "standard input: " + detail;
    }
    return line > 0 ? source + ":" + line + ": " + detail : source + ": " + detail;
  }

  /** The file, as the user named it. */
  public String source() {
    return source;
  }

  /** 1-based line, or 0 when the problem is not tied to a line. */
  public long line() {
    return line;
  }

  /**
   * The bad record's {@link Document#recordIndex()} within its input, or -1 when the problem is not
   * tied to one record.
   */
  public long recordIndex() {
    return recordIndex;
  }

  /** The skippable kind of problem, or null when the problem always stops the run. */
  public InputProblem problem() {
    return problem;
  }
}
