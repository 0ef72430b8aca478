package org.neardup.io;

import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipException;
import org.neardup.input.InputException;
import org.neardup.input.InputProblem;

/** Turns file-system state and I/O failures into {@link InputException}s. Stateless. */
final class InputErrors {
  private InputErrors() {}

  /**
   * Checks that {@code path} exists and is a directory exactly when {@code format} {@link
   * InputFormat#readsDirectories() reads directories}.
   *
   * @throws InputException (problem null) otherwise
   */
  static void checkPath(Path path, InputFormat format) {
    String source = path.toString();
    if (DocumentReaders.isStandardInput(path)) {
      if (format.readsDirectories()) {
        throw new InputException(
            source,
            0,
            null,
            "standard input is one stream, not a directory: --format dir needs a directory");
      }
      return;
    }
    if (!Files.exists(path)) {
      throw new InputException(source, 0, null, "no such file");
    }
    boolean directory = Files.isDirectory(path);
    if (format.readsDirectories() && !directory) {
      throw new InputException(source, 0, null, "not a directory");
    }
    if (!format.readsDirectories() && directory) {
      throw new InputException(source, 0, null, "is a directory (use --format dir)");
    }
  }

  /**
   * The {@link InputException} (problem null: these always stop the run) for an I/O failure while
   * reading {@code source}.
   *
   * @param line the line being read, or 0 when unknown
   * @param gzip whether the input was being gunzipped
   */
  static InputException readFailure(String source, long line, IOException e, boolean gzip) {
    if (e instanceof InvalidUtf8Exception bad) {
      return new InputException(
          source,
          bad.line() > 0 ? bad.line() : line,
          null,
          InputProblem.INVALID_UTF8.description(),
          e);
    }
    if (e instanceof Decompression.UnreadCompressionException) {
      return new InputException(source, 0, null, e.getMessage(), e);
    }
    if (e instanceof EOFException) {
      return new InputException(
          source, line, null, gzip ? "truncated gzip input" : "unexpected end of input", e);
    }
    if (e instanceof ZipException && gzip) {
      return new InputException(source, line, null, "corrupt gzip input (" + message(e) + ")", e);
    }
    if (e instanceof NoSuchFileException) {
      return new InputException(source, 0, null, "no such file", e);
    }
    if (e instanceof AccessDeniedException) {
      return new InputException(source, 0, null, "permission denied", e);
    }
    return new InputException(source, line, null, "read error: " + message(e), e);
  }

  /** As {@link #readFailure}, unwrapping an {@link UncheckedIOException}. */
  static InputException readFailure(
      String source, long line, UncheckedIOException e, boolean gzip) {
    return readFailure(source, line, e.getCause(), gzip);
  }

  /**
   * A JSON record's missing field {@code field}, with the fields the record has and the option that
   * names another: {@code no field 'text'; the record has body, title: --text-field names the field
   * to read}.
   */
  static String noField(String field, java.util.Collection<String> names, String option) {
    if (names.isEmpty()) {
      return "no field '" + field + "'; the record has no fields";
    }
    List<String> shown = names.stream().limit(10).map(InputErrors::oneLine).toList();
    return "no field '"
        + field
        + "'; the record has "
        + String.join(", ", shown)
        + (names.size() > 10 ? ", ..." : "")
        + ": "
        + option
        + " names the field to read";
  }

  /** The exception's message on one line (its class name when it has none). */
  static String message(Throwable e) {
    String m = e.getMessage();
    if (m == null || m.isBlank()) {
      return e.getClass().getSimpleName();
    }
    return oneLine(m);
  }

  /** {@code text} with runs of line breaks replaced by one space, trimmed. */
  static String oneLine(String text) {
    return text.replaceAll("[\\r\\n]+\\s*", " ").trim();
  }
}
