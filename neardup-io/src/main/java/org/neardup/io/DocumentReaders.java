package org.neardup.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.function.LongConsumer;
import org.neardup.input.Document;
import org.neardup.input.InputException;
import org.neardup.input.InputProblem;
import org.neardup.input.InputProblems;

/**
 * Opens a {@link DocumentReader} for a path in a given {@link InputFormat}. Stateless and
 * thread-safe; the readers it returns are not thread-safe.
 *
 * <p>An input named {@code -} is standard input, read once as a stream in any format but {@link
 * InputFormat#DIR}; for {@link InputFormat#PARQUET}, which needs a file, it is copied to a
 * temporary file first. Its messages read {@code standard input, line LINE: problem}. An input with
 * an open {@link InputSpool} is read from its copy, under its own name.
 *
 * <p>Common to all formats: a file (or, for {@link InputFormat#DIR}, each file) that starts with
 * the gzip magic bytes {@code 1f 8b} is gunzipped, whatever its name; {@link Document#source()} is
 * {@code path.toString()}; record-level problems go to the {@link InputProblems} (skipped and
 * counted, or thrown), everything else (missing file, truncated gzip, read error) throws an {@link
 * InputException} with a null problem. Messages read {@code FILE:LINE: problem (details)}.
 *
 * <ul>
 *   <li>{@link InputFormat#TSV} / {@link InputFormat#LINES}: {@code id<TAB>text} / {@code
 *       id<SPACE>text}, split at the first separator; no separator is {@link
 *       InputProblem#MISSING_TEXT}, a leading separator {@link InputProblem#MISSING_ID}; the text
 *       may be empty.
 *   <li>{@link InputFormat#JSONL}: one JSON object a line; top-level id field (string or number)
 *       and text fields; missing fields are MISSING_ID / MISSING_TEXT, anything else that is not a
 *       proper object, or that has the id or a text field twice, {@link
 *       InputProblem#MALFORMED_RECORD}.
 *   <li>{@link InputFormat#CSV}: header row, RFC 4180 quotes, with one leniency: text after a
 *       closing quote is kept literally ({@code "abc" def} reads {@code abc def}) instead of
 *       failing, because real files have fields that merely start with a quote. Ids are a column or
 *       the 1-based data record number; the line is the one the record starts on. A record with
 *       fewer or more fields than the header is MALFORMED_RECORD, an empty id MISSING_ID. Invalid
 *       UTF-8 and an unclosed quote always stop the read (problem null): after them the parser
 *       cannot find the next record. A requested column named twice in the header fails the open.
 *   <li>{@link InputFormat#DIR}: one document per regular, non-hidden file, sorted by relative path
 *       ({@code '/'}-separated, the id); line 1; recordIndex = position in that order.
 * </ul>
 *
 * For the line formats (TSV, LINES, JSONL) lines end at {@code '\n'} (one {@code '\r'} before it is
 * dropped); each line is decoded on its own, so an invalid UTF-8 line is one skippable {@link
 * InputProblem#INVALID_UTF8} record. Blank lines (empty, or only spaces, tabs and carriage returns)
 * are not records, in every format: they get no {@link Document#recordIndex()} (which counts the
 * non-blank lines before the record) but count as lines. A leading UTF-8 byte order mark is
 * ignored.
 */
public final class DocumentReaders {
  private DocumentReaders() {}

  /**
   * Opens {@code path} (a file, possibly gzip-compressed; a directory for {@link InputFormat#DIR}).
   *
   * @throws InputException if the file does not exist, is a directory (or, for DIR, is not one) or
   *     cannot be opened, or (CSV) the header lacks a requested column
   */
  public static DocumentReader open(Path path, InputOptions options, InputProblems problems) {
    Objects.requireNonNull(problems, "problems");
    check(path, options);
    if (isStandardInput(path) || InputSpool.copyOf(path) != null) {
      return open(path, options, problems, bytes -> {});
    }
    return HtmlDocumentReader.wrap(options.format().open(path, options, problems), options);
  }

  /**
   * {@link #open(Path, InputOptions, InputProblems)}, telling {@code bytesRead} how many bytes are
   * read from the input as they are (the file's own bytes, before any gunzipping; for a directory,
   * those of its files), so that progress can be shown against {@link #size}.
   */
  public static DocumentReader open(
      Path path, InputOptions options, InputProblems problems, LongConsumer bytesRead) {
    Objects.requireNonNull(problems, "problems");
    Objects.requireNonNull(bytesRead, "bytesRead");
    check(path, options);
    if (options.format().readsDirectories()) {
      return HtmlDocumentReader.wrap(
          new DirectoryDocumentReader(path, problems, bytesRead), options);
    }
    Path copy = InputSpool.copyOf(path);
    if (copy != null) {
      return HtmlDocumentReader.wrap(openCopy(path, copy, options, problems, bytesRead), options);
    }
    if (!options.format().readsStreams()) {
      if (isStandardInput(path)) {
        return HtmlDocumentReader.wrap(
            InputSpool.readStandardInput(path, options, problems), options);
      }
      return HtmlDocumentReader.wrap(options.format().open(path, options, problems), options);
    }
    if (isStandardInput(path)) {
      return HtmlDocumentReader.wrap(
          options.format().open(path.toString(), DocumentReaders::standardInput, options, problems),
          options);
    }
    return HtmlDocumentReader.wrap(
        options
            .format()
            .open(
                path.toString(),
                () -> CountingInputStream.open(path, bytesRead),
                options,
                problems),
        options);
  }

  /**
   * A reader of {@code input} from its {@link InputSpool} copy {@code copy}, naming {@code input}:
   * as a stream, or (Parquet, which needs a file) the copy as a file, its documents and messages
   * renamed.
   */
  private static DocumentReader openCopy(
      Path input, Path copy, InputOptions options, InputProblems problems, LongConsumer bytesRead) {
    String source = input.toString();
    if (options.format().readsStreams()) {
      return options
          .format()
          .open(source, () -> CountingInputStream.open(copy, bytesRead), options, problems);
    }
    return RenamedReader.open(source, copy, options, problems);
  }

  /**
   * Whether the ids of {@code path} are its record numbers: a CSV input read without --id-field
   * whose header has no {@code id} column (looked at without consuming standard input; a pipe's
   * header cannot be looked at, and is taken to have none).
   */
  public static boolean numbersRecords(Path path, InputOptions options) {
    if (options.format() != InputFormat.CSV || options.idField() != null) {
      return false;
    }
    byte[] head = FormatSniffer.head(path);
    try (CsvRows rows =
        new CsvRows(
            path.toString(),
            new Decompression.Opened(new java.io.ByteArrayInputStream(head), false),
            options.delimiter(),
            true)) {
      List<String> header = rows.header();
      return header == null || !header.contains(InputOptions.DEFAULT_JSON_ID_FIELD);
    } catch (RuntimeException e) {
      return true; // the read reports what is wrong with the file
    }
  }

  /** Whether {@code path} is {@code -}, standard input: read once, as a stream. */
  public static boolean isStandardInput(Path path) {
    return path.getNameCount() == 1 && path.toString().equals("-");
  }

  /** Standard input, which closing does not close (the process may still read or inherit it). */
  static java.io.InputStream standardInput() {
    return StandardInput.stream();
  }

  /**
   * The bytes {@link #open(Path, InputOptions, InputProblems, LongConsumer)} will report for {@code
   * path} read to its end: its size, or the sizes of a directory's files summed; -1 when it cannot
   * be told (the input will report the problem when it is read).
   */
  public static long size(Path path, InputOptions options) {
    try {
      if (!options.format().readsDirectories()) {
        Path copy = InputSpool.copyOf(path);
        Path file = copy != null ? copy : path;
        return Files.isRegularFile(file) ? Files.size(file) : -1; // a pipe has no size
      }
      long total = 0;
      for (String file : DirectoryListing.list(path)) {
        total += Files.size(DirectoryListing.resolve(path, file));
      }
      return total;
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /**
   * Checks, without opening it, what {@link #open} checks first: that {@code path} exists and is a
   * directory exactly when the format reads directories. For callers that check every input before
   * reading any.
   *
   * @throws InputException (problem null) naming the path otherwise
   */
  public static void check(Path path, InputOptions options) {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(options, "options");
    InputErrors.checkPath(path, options.format());
  }
}
