package org.neardup.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
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

  /** Copies the lines of {@code input} except the records {@code drop} selects; returns the records written. */
  static long copyExcept(Path input, LongPredicate drop, OutputStream out) throws IOException {
    InputErrors.checkPath(input, InputFormat.TSV);
    return copyExcept(input.toString(), Decompression.openInput(input), drop, out);
  }

  /** Copies the lines of an opened input except the records {@code drop} selects; returns the records written. */
  static long copyExcept(String source, Decompression.Opened opened, LongPredicate drop, OutputStream out)
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
        boolean keep = blank || !drop.test(recordIndex++);
        if (keep) {
          buffered.write(lines.buffer(), lines.rawStart(), lines.rawEnd() - lines.rawStart());
          written += blank ? 0 : 1;
        }
      }
      buffered.flush();
      return written;
    }
  }
}
