package org.neardup.io;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.List;
import org.apache.commons.csv.CSVException;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.neardup.input.InputException;

/**
 * The rows of a delimited file as commons-csv parses them, with what both {@link CsvDocumentReader}
 * and {@link CsvCopier} need: the header, each row's start line and character position, whether it
 * is a blank row, and the 0-based index of each data record.
 *
 * <p>Parsing follows RFC 4180 (fields in double quotes may hold delimiters, line breaks and doubled
 * quotes) with one leniency, commons-csv's <em>trailing data</em>: characters between a closing
 * quote and the next delimiter are kept as literal text instead of failing the file, so {@code
 * "abc" def} reads as {@code abc def} (the quotes go, the rest stays as it is). Real files have
 * fields that merely start with a quote, such as {@code "Nice flat" in Prati} or {@code "...". }
 * (three descriptions of the kijiji Rome rentals TSV): strict RFC 4180 parsing (commons-csv's
 * default) fails on them with "Invalid character between encapsulated token and delimiter". The
 * leniency cannot help a quote that opens a field and is never closed: the parser reads on to the
 * next quote, swallowing line breaks and the records between, and at the end of the input fails
 * with "EOF reached before encapsulated token finished". Nor can it join records silently: a quoted
 * field that spans lines and has text after its closing quote is an unmatched quote that would join
 * the lines between, and fails the file naming the line it opens on ({@link UnmatchedQuotes}).
 * Quotes that do not start a field are always literal.
 *
 * <p>Empty lines are rows of their own here (commons-csv sees them as one empty field), so that
 * line numbers and copies stay exact; they are not data records, and neither are blank rows, whose
 * every field is empty or only spaces and tabs (a line of spaces, {@code ,,} or {@code "",""}), as
 * blank lines are not records in the line formats. The header is the first row that is not blank.
 * Not thread-safe.
 */
final class CsvRows implements Closeable {
  /** What a row is. */
  enum Kind {
    /** An empty or blank row: not a record. */
    EMPTY,
    RECORD
  }

  private final String source;
  private final boolean gzip;
  private final Utf8Reader reader;
  private final UnmatchedQuotes quotes;
  private final CSVParser parser;
  private final Iterator<CSVRecord> rows;
  private final List<String> header;
  private CSVRecord record;
  private Kind kind;
  private long line;
  private long recordIndex = -1;

  /**
   * Opens the rows of {@code input} and reads the header.
   *
   * @param skipBom whether a leading byte order mark is dropped before parsing (positions are then
   *     relative to the text after it)
   * @throws InputException when reading fails
   * @throws IllegalArgumentException when commons-csv refuses the delimiter (a quote, a line break)
   */
  CsvRows(String source, Decompression.Opened input, char delimiter, boolean skipBom) {
    this.source = source;
    this.gzip = input.gzip();
    CSVFormat format;
    try {
      format = format(delimiter);
    } catch (IllegalArgumentException e) {
      closeQuietly(input.stream());
      throw new IllegalArgumentException(
          "unusable CSV delimiter '" + delimiter + "': " + e.getMessage(), e);
    }
    try {
      this.reader = new Utf8Reader(input.stream(), skipBom);
      this.quotes = new UnmatchedQuotes(reader, delimiter);
      this.parser = CSVParser.builder().setReader(quotes).setFormat(format).get();
    } catch (IOException e) {
      closeQuietly(input.stream());
      throw failure(e, 1);
    }
    this.rows = parser.iterator();
    List<String> names = null;
    try {
      while (names == null && next(false)) {
        if (kind == Kind.RECORD) {
          names = record.toList();
        }
      }
    } catch (InputException e) {
      close();
      throw e;
    }
    this.header = names;
  }

  /** The parsing rules described in the class comment, for {@code delimiter}. */
  static CSVFormat format(char delimiter) {
    return CSVFormat.RFC4180
        .builder()
        .setDelimiter(delimiter)
        .setTrailingData(true)
        .setIgnoreEmptyLines(false)
        .get();
  }

  /** The header's column names, or null when the input has no row at all. */
  List<String> header() {
    return header;
  }

  /**
   * Advances to the next row after the header.
   *
   * @return false at the end of the input
   * @throws InputException when the input cannot be read or parsed (never skippable)
   */
  boolean next() {
    return next(true);
  }

  private boolean next(boolean countRecords) {
    long start = parser.getCurrentLineNumber() + 1;
    try {
      if (!rows.hasNext()) {
        record = null;
        return false;
      }
      record = rows.next();
    } catch (UncheckedIOException e) {
      throw failure(e.getCause(), start);
    }
    line = start;
    UnmatchedQuotes.Found unmatched = quotes.found();
    if (unmatched != null
        && unmatched.openLine() >= start
        && unmatched.openLine() <= parser.getCurrentLineNumber()) {
      throw new InputException(
          source,
          unmatched.openLine(),
          null,
          "malformed CSV (a quoted field opens on this line and its closing quote, on line "
              + unmatched.closeLine()
              + ", is followed by more text: an unmatched quote, which would join the lines"
              + " between into one record; a quote inside a quoted field is written twice, \"\")");
    }
    kind = isBlank(record) ? Kind.EMPTY : Kind.RECORD;
    if (kind == Kind.RECORD && countRecords) {
      recordIndex++;
    }
    return true;
  }

  /** Whether every field of the row is empty or blanks only ({@link Utf8#isBlank}). */
  private static boolean isBlank(CSVRecord row) {
    for (String field : row) {
      for (int i = 0; i < field.length(); i++) {
        if (!Utf8.isBlank(field.charAt(i))) {
          return false;
        }
      }
    }
    return true;
  }

  private InputException failure(IOException e, long recordLine) {
    if (e instanceof CSVException) {
      return new InputException(
          source, recordLine, null, "malformed CSV (" + InputErrors.message(e) + ")", e);
    }
    if (e instanceof InvalidUtf8Exception bad) {
      return new InputException(
          source,
          bad.line(),
          null,
          "invalid UTF-8 (a CSV file cannot be read past it: it must be fixed)",
          e);
    }
    return InputErrors.readFailure(source, reader == null ? recordLine : reader.line(), e, gzip);
  }

  /** The current row. */
  CSVRecord record() {
    return record;
  }

  /** Whether the current row is blank (an empty line, say) or a data record. */
  Kind kind() {
    return kind;
  }

  /** 1-based line on which the current row starts. */
  long line() {
    return line;
  }

  /** 0-based index of the current data record among the data records (not meaningful for EMPTY). */
  long recordIndex() {
    return recordIndex;
  }

  /** Character position of the current row's start (after a dropped byte order mark). */
  long position() {
    return record.getCharacterPosition();
  }

  /** Whether the input is being gunzipped. */
  boolean gzip() {
    return gzip;
  }

  /** Whether the input started with a UTF-8 byte order mark. */
  boolean hadBom() {
    return reader.hadBom();
  }

  @Override
  public void close() {
    try {
      parser.close();
    } catch (IOException e) {
      // Nothing was lost: we only read.
    }
  }

  private static void closeQuietly(Closeable c) {
    try {
      c.close();
    } catch (IOException e) {
      // Already failing.
    }
  }
}
