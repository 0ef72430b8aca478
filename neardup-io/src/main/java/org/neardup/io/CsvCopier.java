package org.neardup.io;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;

/**
 * Copies {@link InputFormat#CSV} input minus chosen records: the text before the first data record
 * (byte order mark, header row, any blank lines before it) when asked for, then each kept data
 * record as the exact characters commons-csv read for it, from its first character to the first
 * character of the next row (its quotes, embedded line breaks and line ending included). Empty
 * lines are rows of their own and always kept. The file is read twice, streaming (once to parse,
 * once to copy), and written as UTF-8, which reproduces the input exactly because it must be valid
 * UTF-8 to be read at all. Stateless.
 */
final class CsvCopier {
  private static final int BUFFER = 1 << 16;

  private CsvCopier() {}

  /**
   * Copies the records of the input that {@code opener} opens (twice: once to parse, once to copy)
   * whose record index {@code drop} does not select.
   *
   * @param writeHeader whether to write the text before the first data record (the header)
   * @return the number of records written (not counting the header or blank rows)
   */
  static long copyExcept(
      String source,
      InputOpener opener,
      char delimiter,
      LongPredicate drop,
      OutputStream out,
      boolean writeHeader)
      throws IOException {
    return copy(source, opener, delimiter, drop, null, out, writeHeader);
  }

  /**
   * {@link #copyExcept} with three columns added to every row written: {@link Annotation#NAMES} to
   * the header, each record's annotation to it (before its line ending). Blank rows stay as they
   * are.
   */
  static long copyAnnotated(
      String source,
      InputOpener opener,
      char delimiter,
      LongPredicate drop,
      LongFunction<Annotation> annotation,
      OutputStream out,
      boolean writeHeader)
      throws IOException {
    return copy(source, opener, delimiter, drop, annotation, out, writeHeader);
  }

  private static long copy(
      String source,
      InputOpener opener,
      char delimiter,
      LongPredicate drop,
      LongFunction<Annotation> annotation,
      OutputStream out,
      boolean writeHeader)
      throws IOException {
    try (CsvRows rows =
            new CsvRows(source, Decompression.openInput(source, opener), delimiter, true);
        Utf8Reader copy = copyReader(source, opener)) {
      Writer writer =
          new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), BUFFER);
      CharCopy chars = new CharCopy(source, copy, rows.gzip(), writer);
      long bom = rows.hadBom() ? 1 : 0;
      boolean keep = writeHeader; // the range being copied: header first
      // what the row being copied gets added: the header, the column names
      String added =
          annotation == null || rows.header() == null ? null : Annotation.csvHeader(delimiter);
      long written = 0;
      while (rows.next()) {
        chars.copyTo(rows.position() + bom, keep, added);
        boolean record = rows.kind() == CsvRows.Kind.RECORD;
        keep = !record || !drop.test(rows.recordIndex());
        added =
            annotation == null || !record
                ? null
                : annotation.apply(rows.recordIndex()).csvFields(delimiter);
        if (keep && record) {
          written++;
        }
      }
      chars.copyTo(Long.MAX_VALUE, keep, added);
      writer.flush();
      return written;
    }
  }

  /** A second, independent reader of the input's characters, byte order mark included. */
  private static Utf8Reader copyReader(String source, InputOpener opener) {
    Decompression.Opened opened = Decompression.openInput(source, opener);
    try {
      return new Utf8Reader(opened.stream(), false);
    } catch (IOException e) {
      try {
        opened.stream().close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw InputErrors.readFailure(source, 1, e, opened.gzip());
    }
  }

  /** Copies or skips characters from a reader up to a given position. */
  private static final class CharCopy {
    private final String source;
    private final Utf8Reader in;
    private final boolean gzip;
    private final Writer out;
    private final char[] buf = new char[BUFFER];
    private long position;

    CharCopy(String source, Utf8Reader in, boolean gzip, Writer out) {
      this.source = source;
      this.in = in;
      this.gzip = gzip;
      this.out = out;
    }

    private final StringBuilder row = new StringBuilder();

    /**
     * Copies ({@code write}) or skips the characters up to {@code end} (or the end of input), which
     * end one row; with {@code added}, that row is written with {@code added} before its line
     * ending.
     */
    void copyTo(long end, boolean write, String added) throws IOException {
      if (!write || added == null) {
        copyTo(end, write);
        return;
      }
      row.setLength(0);
      while (position < end) {
        int n = read(end);
        if (n < 0) {
          break;
        }
        row.append(buf, 0, n);
        position += n;
      }
      int body = row.length();
      if (body > 0 && row.charAt(body - 1) == '\n') {
        body--;
      }
      if (body > 0 && row.charAt(body - 1) == '\r') {
        body--;
      }
      out.append(row, 0, body).append(added).append(row, body, row.length());
    }

    private int read(long end) throws IOException {
      try {
        return in.read(buf, 0, (int) Math.min(buf.length, end - position));
      } catch (IOException e) {
        throw InputErrors.readFailure(source, in.line(), e, gzip);
      }
    }

    /** Copies ({@code write}) or skips the characters up to {@code end} (or the end of input). */
    void copyTo(long end, boolean write) throws IOException {
      while (position < end) {
        int n;
        try {
          n = in.read(buf, 0, (int) Math.min(buf.length, end - position));
        } catch (IOException e) {
          throw InputErrors.readFailure(source, in.line(), e, gzip);
        }
        if (n < 0) {
          return;
        }
        if (write) {
          out.write(buf, 0, n);
        }
        position += n;
      }
    }
  }
}
