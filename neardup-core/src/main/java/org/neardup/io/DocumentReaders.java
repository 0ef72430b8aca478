package org.neardup.io;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Opens a {@link DocumentReader} for a path in a given {@link InputFormat}. Stateless and
 * thread-safe; the readers it returns are not thread-safe.
 *
 * <p>Common to all formats: a file (or, for {@link InputFormat#DIR}, each file) that starts with
 * the gzip magic bytes {@code 1f 8b} is gunzipped, whatever its name; {@link Document#source()} is
 * {@code path.toString()}; record-level problems go to the {@link InputProblems} (skipped and
 * counted, or thrown), everything else (missing file, truncated gzip, read error) throws an {@link
 * InputException} with a null problem. Messages read {@code FILE:LINE: problem (details)}.
 *
 * <ul>
 *   <li>{@link InputFormat#TSV}, {@link InputFormat#LINES}: {@link SeparatedDocumentReader}
 *   <li>{@link InputFormat#JSONL}: {@link JsonlDocumentReader}
 *   <li>{@link InputFormat#CSV}: {@link CsvDocumentReader}
 *   <li>{@link InputFormat#DIR}: {@link DirectoryDocumentReader}
 * </ul>
 *
 * For the line formats (TSV, LINES, JSONL) lines end at {@code '\n'} (one {@code '\r'} before it is
 * dropped); each line is decoded on its own, so an invalid UTF-8 line is one skippable record.
 * Empty lines are not records: they do not get a {@link Document#recordIndex()} but they count as
 * lines.
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
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(problems, "problems");
    InputFormat format = options.format();
    InputErrors.checkPath(path, format);
    String source = path.toString();
    if (format == InputFormat.DIR) {
      return new DirectoryDocumentReader(path, problems);
    }
    Decompression.Opened input;
    try {
      input = Decompression.open(path);
    } catch (IOException e) {
      throw InputErrors.readFailure(source, 1, e, Decompression.FAILS_ONLY_ON_GZIP);
    }
    return switch (format) {
      case TSV -> new SeparatedDocumentReader(source, input, problems, '\t', "tab");
      case LINES -> new SeparatedDocumentReader(source, input, problems, ' ', "space");
      case JSONL -> new JsonlDocumentReader(source, input, problems, options);
      case CSV -> new CsvDocumentReader(source, input, problems, options);
      case DIR -> throw new AssertionError("handled above");
    };
  }
}
