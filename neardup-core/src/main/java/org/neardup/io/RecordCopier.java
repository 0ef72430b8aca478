package org.neardup.io;

import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Objects;
import java.util.function.LongPredicate;

/**
 * Copies an input's records to an output, leaving out those whose {@link Document#recordIndex()}
 * a predicate selects, byte for byte in the input's own format: this is how "the input minus the
 * duplicates" is written. Record indexes are the ones {@link DocumentReaders} gives, so a reader and
 * a copier over the same input agree on them. The copier does not validate records: a record the
 * reader skipped as bad is copied like any other unless the predicate drops it. Stateless and
 * thread-safe.
 *
 * <ul>
 *   <li>TSV, LINES, JSONL: every line is copied as its raw bytes with its own line ending (or none,
 *       for a last line without one); empty lines (not records) and invalid UTF-8 lines are kept.
 *   <li>CSV: the text before the first data record (byte order mark, header row, any empty lines
 *       before it) is written when {@code writeCsvHeader} is set; then each data record is copied
 *       as the exact characters commons-csv read for it, from its first character to the first
 *       character of the next row (its quotes, embedded line breaks and line ending included).
 *       Empty lines are rows of their own and always kept. The file is read twice, streaming (once
 *       to parse, once to copy), and written as UTF-8, which reproduces the input exactly because
 *       it must be valid UTF-8 to be read at all.
 *   <li>DIR: kept files are copied, as they are (gzip stays gzip), to the same relative paths in
 *       the output directory.
 * </ul>
 *
 * Compressed input is read transparently but the output is not compressed: wrap {@code out} for
 * that.
 */
public final class RecordCopier {
  private static final int BUFFER = 1 << 16;

  private RecordCopier() {}

  /**
   * Copies the records of {@code input} (TSV, LINES, JSONL or CSV) whose record index does not
   * satisfy {@code dropRecordIndex} to {@code out}, which is flushed but not closed.
   *
   * @param options the input's format; for CSV, its delimiter (the columns do not matter)
   * @param writeCsvHeader for CSV, whether to write the header row (ignored by other formats)
   * @return the number of records written (not counting the header or empty lines)
   * @throws InputException when the input is missing or unreadable (as {@link
   *     DocumentReaders#open} would report it)
   * @throws IllegalArgumentException for {@link InputFormat#DIR}: use {@link #copyExcept(Path,
   *     LongPredicate, Path)}
   * @throws IOException when writing to {@code out} fails
   */
  public static long copyExcept(
      Path input, InputOptions options, LongPredicate dropRecordIndex, OutputStream out, boolean writeCsvHeader)
      throws IOException {
    Objects.requireNonNull(dropRecordIndex, "dropRecordIndex");
    Objects.requireNonNull(out, "out");
    InputFormat format = options.format();
    if (format == InputFormat.DIR) {
      throw new IllegalArgumentException("a DIR input is copied with copyExcept(Path, LongPredicate, Path)");
    }
    InputErrors.checkPath(input, format);
    return format == InputFormat.CSV
        ? copyCsv(input, options.delimiter(), dropRecordIndex, out, writeCsvHeader)
        : copyLines(input, dropRecordIndex, out);
  }

  /**
   * Copies the files of the directory {@code inputDir} whose record index (position in the sorted
   * listing, see {@link InputFormat#DIR}) does not satisfy {@code dropRecordIndex} to the same
   * relative paths under {@code outputDir}, creating directories as needed and replacing existing
   * files. The input is listed before anything is copied.
   *
   * @return the number of files copied
   * @throws InputException when {@code inputDir} is missing, not a directory or cannot be listed
   * @throws IOException when a file cannot be copied
   */
  public static long copyExcept(Path inputDir, LongPredicate dropRecordIndex, Path outputDir) throws IOException {
    Objects.requireNonNull(dropRecordIndex, "dropRecordIndex");
    Objects.requireNonNull(outputDir, "outputDir");
    InputErrors.checkPath(inputDir, InputFormat.DIR);
    List<String> files = DirectoryListing.list(inputDir);
    long copied = 0;
    for (int i = 0; i < files.size(); i++) {
      if (dropRecordIndex.test(i)) {
        continue;
      }
      String relative = files.get(i);
      Path target = DirectoryListing.resolve(outputDir, relative);
      Files.createDirectories(target.getParent());
      Files.copy(DirectoryListing.resolve(inputDir, relative), target, StandardCopyOption.REPLACE_EXISTING);
      copied++;
    }
    return copied;
  }

  private static long copyLines(Path input, LongPredicate drop, OutputStream out) throws IOException {
    String source = input.toString();
    Decompression.Opened opened = open(input);
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
        boolean keep = lines.isEmpty() || !drop.test(recordIndex++);
        if (keep) {
          buffered.write(lines.buffer(), lines.rawStart(), lines.rawEnd() - lines.rawStart());
          written += lines.isEmpty() ? 0 : 1;
        }
      }
      buffered.flush();
      return written;
    }
  }

  private static long copyCsv(Path input, char delimiter, LongPredicate drop, OutputStream out, boolean writeHeader)
      throws IOException {
    String source = input.toString();
    try (CsvRows rows = new CsvRows(source, open(input), delimiter, true);
        Utf8Reader copy = copyReader(input)) {
      Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), BUFFER);
      CharCopy chars = new CharCopy(source, copy, rows.gzip(), writer);
      long bom = rows.hadBom() ? 1 : 0;
      boolean keep = writeHeader; // the range being copied: header first
      long written = 0;
      while (rows.next()) {
        chars.copyTo(rows.position() + bom, keep);
        keep = rows.kind() == CsvRows.Kind.EMPTY || !drop.test(rows.recordIndex());
        if (keep && rows.kind() == CsvRows.Kind.RECORD) {
          written++;
        }
      }
      chars.copyTo(Long.MAX_VALUE, keep);
      writer.flush();
      return written;
    }
  }

  private static Decompression.Opened open(Path input) {
    try {
      return Decompression.open(input);
    } catch (IOException e) {
      throw InputErrors.readFailure(input.toString(), 1, e, Decompression.FAILS_ONLY_ON_GZIP);
    }
  }

  /** A second, independent reader of the input's characters, byte order mark included. */
  private static Utf8Reader copyReader(Path input) {
    Decompression.Opened opened = open(input);
    try {
      return new Utf8Reader(opened.stream(), false);
    } catch (IOException e) {
      try {
        opened.stream().close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw InputErrors.readFailure(input.toString(), 1, e, opened.gzip());
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
