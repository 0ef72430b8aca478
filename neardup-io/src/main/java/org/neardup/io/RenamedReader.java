package org.neardup.io;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.LongPredicate;
import org.neardup.input.Document;
import org.neardup.input.InputException;
import org.neardup.input.InputProblem;
import org.neardup.input.InputProblems;

/**
 * A reader of a file (an {@link InputSpool} copy) that its documents, its problems and its errors
 * name as another input: for a format that reads only files (Parquet), so that a copy of standard
 * input reads as standard input. Not thread-safe.
 */
final class RenamedReader implements DocumentReader {
  private final String source;
  private final String fileName;
  private final DocumentReader reader;
  private final InputProblems problems;
  private final InputProblems fileProblems;
  private final Map<InputProblem, Long> reported = new EnumMap<>(InputProblem.class);

  private RenamedReader(String source, Path file, InputOptions options, InputProblems problems) {
    this.source = source;
    this.fileName = file.toString();
    this.problems = problems;
    this.fileProblems =
        new InputProblems(
            problems.onError(),
            e -> {
              reported.merge(e.problem(), 1L, Long::sum);
              problems.report(rename(e));
            });
    try {
      this.reader = options.format().open(file, options, fileProblems);
    } catch (InputException e) {
      throw rename(e);
    }
  }

  /** {@code file} read in {@code options}' format, named {@code source}. */
  static DocumentReader open(
      String source, Path file, InputOptions options, InputProblems problems) {
    return new RenamedReader(source, file, options, problems);
  }

  @Override
  public Document next() {
    return renamed(() -> reader.next());
  }

  @Override
  public Document next(LongPredicate wanted) {
    return renamed(() -> reader.next(wanted));
  }

  private Document renamed(java.util.function.Supplier<Document> read) {
    Document document;
    try {
      document = read.get();
    } catch (InputException e) {
      throw rename(e);
    }
    return document == null
        ? null
        : new Document(
            document.id(), document.text(), source, document.line(), document.recordIndex());
  }

  /**
   * Closes the file, and counts the records it skipped without a report (empty ones) as skipped
   * here.
   */
  @Override
  public void close() {
    reader.close();
    fileProblems
        .skipped()
        .forEach(
            (problem, count) -> {
              for (long i = reported.getOrDefault(problem, 0L); i < count; i++) {
                problems.skip(problem);
              }
            });
  }

  private InputException rename(InputException e) {
    return renamed(e, fileName, source);
  }

  /** {@code e} naming {@code source} where it names {@code file}. */
  static InputException renamed(InputException e, String file, String source) {
    if (!e.source().equals(file)) {
      return e;
    }
    String message = String.valueOf(e.getMessage());
    String prefix = e.line() > 0 ? file + ":" + e.line() + ": " : file + ": ";
    String detail = message.startsWith(prefix) ? message.substring(prefix.length()) : message;
    InputException renamed =
        new InputException(source, e.line(), e.recordIndex(), e.problem(), detail);
    if (e.getCause() != null) {
      renamed.initCause(e.getCause());
    }
    return renamed;
  }
}
