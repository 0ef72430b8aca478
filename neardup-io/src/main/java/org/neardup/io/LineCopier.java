package org.neardup.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;

/**
 * Copies the one-record-a-line formats (TSV, LINES, JSONL): every line as its raw bytes with its
 * own line ending (or none, for a last line without one); blank lines (not records) and invalid
 * UTF-8 lines are kept, and record indexes count the non-blank lines, as the readers count them.
 * Compressed input is read transparently; the output is not compressed. Stateless.
 */
final class LineCopier {
  private static final int BUFFER = 1 << 16;

  private LineCopier() {}

  /**
   * Copies the lines of an opened input except the records {@code drop} selects; returns the
   * records written.
   */
  static long copyExcept(
      String source, Decompression.Opened opened, LongPredicate drop, OutputStream out)
      throws IOException {
    return copy(source, opened, drop, null, null, out);
  }

  /** How an annotation is added to a line. */
  enum Style {
    /** Two tab-separated columns at the end of the line. */
    COLUMNS,
    /** Two members at the end of the line's JSON object. */
    JSON
  }

  /**
   * Copies the lines of an opened input except the records {@code drop} selects, each record with
   * its annotation added in {@code style}; blank lines are copied as they are. Returns the records
   * written.
   */
  static long copyAnnotated(
      String source,
      Decompression.Opened opened,
      LongPredicate drop,
      LongFunction<Annotation> annotation,
      Style style,
      OutputStream out)
      throws IOException {
    return copy(source, opened, drop, annotation, style, out);
  }

  private static long copy(
      String source,
      Decompression.Opened opened,
      LongPredicate drop,
      LongFunction<Annotation> annotation,
      Style style,
      OutputStream out)
      throws IOException {
    boolean gzip = opened.gzip();
    try (LineReader lines = new LineReader(opened.stream())) {
      BufferedOutputStream buffered = new BufferedOutputStream(out, BUFFER);
      long recordIndex = 0;
      long written = 0;
      while (true) {
        try {
          if (!lines.next()) {
            break;
          }
        } catch (IOException e) {
          throw InputErrors.readFailure(source, lines.lineNumber() + 1, e, gzip);
        }
        boolean blank = lines.isBlank();
        long index = blank ? -1 : recordIndex++;
        boolean keep = blank || !drop.test(index);
        if (keep && !blank && annotation != null) {
          annotate(source, lines, annotation.apply(index), style, buffered);
          written++;
        } else if (keep) {
          buffered.write(lines.buffer(), lines.rawStart(), lines.rawEnd() - lines.rawStart());
          written += blank ? 0 : 1;
        }
      }
      buffered.flush();
      return written;
    }
  }

  /**
   * Writes the line with the annotation before its line ending (COLUMNS) or its closing brace
   * (JSON).
   */
  private static void annotate(
      String source, LineReader lines, Annotation annotation, Style style, OutputStream out)
      throws IOException {
    byte[] buf = lines.buffer();
    int insertAt = lines.end();
    String added;
    if (style == Style.COLUMNS) {
      added = annotation.tabFields();
    } else {
      int close = lastNonBlank(buf, lines.start(), lines.end());
      if (close < 0 || buf[close] != '}') {
        throw new IllegalStateException(
            source + ":" + lines.lineNumber() + ": not a JSON object, cannot be annotated");
      }
      int before = lastNonBlank(buf, lines.start(), close);
      insertAt = close;
      added = (before >= 0 && buf[before] == '{' ? "" : ",") + annotation.jsonMembers();
    }
    out.write(buf, lines.rawStart(), insertAt - lines.rawStart());
    out.write(added.getBytes(StandardCharsets.UTF_8));
    out.write(buf, insertAt, lines.rawEnd() - insertAt);
  }

  private static int lastNonBlank(byte[] buf, int from, int to) {
    for (int i = to - 1; i >= from; i--) {
      if (!Utf8.isBlank(buf[i])) {
        return i;
      }
    }
    return -1;
  }
}
