package org.neardup.io;

import java.io.IOException;
import org.neardup.input.InputException;
import org.neardup.input.InputProblem;

/**
 * Bytes that are not valid UTF-8. Internal: the readers turn it into an {@link InputException} with
 * {@link InputProblem#INVALID_UTF8}. It is an {@link IOException} so that it can travel through
 * {@link java.io.Reader} consumers such as the CSV parser.
 */
final class InvalidUtf8Exception extends IOException {
  private static final long serialVersionUID = 1L;

  private final long line;
  private final long offset;

  /**
   * @param line 1-based line of the bad bytes, or 0 when the thrower does not know it
   * @param offset 0-based byte offset of the first bad byte, relative to what was being decoded
   */
  InvalidUtf8Exception(long line, long offset) {
    super("invalid UTF-8");
    this.line = line;
    this.offset = offset;
  }

  long line() {
    return line;
  }

  long offset() {
    return offset;
  }
}
