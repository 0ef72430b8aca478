package org.neardup.io;

import java.io.IOException;
import java.nio.CharBuffer;
import java.util.function.LongPredicate;
import org.neardup.input.Document;
import org.neardup.input.InputException;
import org.neardup.input.InputProblem;
import org.neardup.input.InputProblems;

/**
 * Base of the one-record-a-line readers (TSV, LINES, JSONL). Blank lines (empty, or nothing but
 * spaces, tabs and carriage returns: {@link LineReader#isBlank()}) are not records: they are
 * skipped silently but still counted as lines. Every other line is a record and gets the next
 * {@link Document#recordIndex()}, even when it is then skipped as bad. A line that is not valid
 * UTF-8 is reported as {@link InputProblem#INVALID_UTF8}; a record whose id or text breaks the
 * rules of {@link org.neardup.input.DocumentId} and {@link org.neardup.input.DocumentText} as
 * {@link InputProblem#INVALID_ID} or {@link InputProblem#INVALID_TEXT} ({@link
 * InputProblems#admit}). Not thread-safe.
 */
abstract class LineDocumentReader implements DocumentReader {
  protected final String source;
  private final LineReader lines;
  private final boolean gzip;
  private final InputProblems problems;
  private long recordIndex;
  private long current = -1;
  private boolean closed;

  LineDocumentReader(String source, Decompression.Opened input, InputProblems problems) {
    this.source = source;
    this.lines = new LineReader(input.stream());
    this.gzip = input.gzip();
    this.problems = problems;
  }

  /**
   * Parses one record.
   *
   * @param chars the line's decoded content (without line terminator), reused across lines
   * @return the document, or null when the record was reported as bad (and skipped)
   */
  protected abstract Document parse(CharBuffer chars, long line, long recordIndex);

  /** Reports a bad record: returns normally when it is to be skipped, else throws. */
  protected final void report(long line, InputProblem problem, String specifics) {
    problems.report(
        new InputException(
            source, line, current, problem, problem.description() + " (" + specifics + ")"));
  }

  @Override
  public final Document next() {
    return next(index -> true);
  }

  /** Passes over unwanted records with nothing more than finding their line's end. */
  @Override
  public final Document next(LongPredicate wanted) {
    if (closed) {
      throw new IllegalStateException("reader is closed");
    }
    try {
      while (lines.next()) {
        if (lines.isBlank()) {
          continue;
        }
        long index = recordIndex++;
        if (!wanted.test(index)) {
          continue;
        }
        current = index;
        long line = lines.lineNumber();
        CharBuffer chars;
        try {
          chars = lines.decode();
        } catch (InvalidUtf8Exception e) {
          report(
              line,
              InputProblem.INVALID_UTF8,
              lines.describeBadByte(e.offset()) + " at byte " + (e.offset() + 1) + " of the line");
          continue;
        }
        Document document = parse(chars, line, index);
        if (document != null && problems.admit(document)) {
          return document;
        }
      }
      return null;
    } catch (IOException e) {
      throw InputErrors.readFailure(source, lines.lineNumber() + 1, e, gzip);
    }
  }

  @Override
  public final void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      lines.close();
    } catch (IOException e) {
      // Nothing was lost: we only read.
    }
  }
}
