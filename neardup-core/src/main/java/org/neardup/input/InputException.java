package org.neardup.input;

import org.neardup.NearDupException;

/**
 * Bad input: the message names the file, the line (when there is one) and the problem, as {@code
 * FILE:LINE: problem}. {@link #problem()} is set when the record could be skipped with {@link
 * OnError#SKIP}; it is null for problems that always stop the run (missing file, unknown column,
 * truncated gzip).
 */
public final class InputException extends NearDupException {
  private static final long serialVersionUID = 1L;

  private final String source;
  private final long line;
  private final transient InputProblem problem;

  public InputException(String source, long line, InputProblem problem, String detail) {
    super(format(source, line, detail));
    this.source = source;
    this.line = line;
    this.problem = problem;
  }

  public InputException(String source, long line, InputProblem problem, String detail, Throwable cause) {
    super(format(source, line, detail), cause);
    this.source = source;
    this.line = line;
    this.problem = problem;
  }

  private static String format(String source, long line, String detail) {
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

  /** The skippable kind of problem, or null when the problem always stops the run. */
  public InputProblem problem() {
    return problem;
  }
}
