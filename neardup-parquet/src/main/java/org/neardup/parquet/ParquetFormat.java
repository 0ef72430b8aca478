package org.neardup.parquet;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;
import org.neardup.input.InputProblems;
import org.neardup.io.Annotation;
import org.neardup.io.DocumentReader;
import org.neardup.io.InputFormat;
import org.neardup.io.InputOptions;

/**
 * {@link InputFormat#PARQUET}'s implementation, found by {@link java.util.ServiceLoader} when this
 * jar is on the class path: read by {@link ParquetDocumentReader}, copied by {@link ParquetCopier}
 * as a new Parquet file of the same schema and the rows kept. Read from a file only (Parquet's
 * footer is at its end), not from a stream. Stateless and thread-safe.
 */
public final class ParquetFormat implements InputFormat {
  /** For {@link java.util.ServiceLoader}. */
  public ParquetFormat() {}

  @Override
  public String name() {
    return "parquet";
  }

  @Override
  public boolean claims(String fileName) {
    return fileName.endsWith(".parquet");
  }

  @Override
  public boolean usesFields() {
    return true;
  }

  @Override
  public boolean readsStreams() {
    return false;
  }

  @Override
  public DocumentReader open(Path path, InputOptions options, InputProblems problems) {
    return new ParquetDocumentReader(path, options, problems);
  }

  @Override
  public long copyExcept(
      Path input, InputOptions options, LongPredicate drop, OutputStream out, boolean first)
      throws IOException {
    checkFirst(input, first);
    return ParquetCopier.copy(input, drop, null, out);
  }

  @Override
  public long copyAnnotated(
      Path input,
      InputOptions options,
      LongPredicate drop,
      LongFunction<Annotation> annotation,
      OutputStream out,
      boolean first)
      throws IOException {
    checkFirst(input, first);
    return ParquetCopier.copy(input, drop, annotation, out);
  }

  /** One output holds one Parquet file: a Parquet input can only be copied alone. */
  private static void checkFirst(Path input, boolean first) {
    if (!first) {
      throw new UnsupportedOperationException(
          input
              + ": a Parquet input is copied as one whole file,"
              + " so it must be the only input of dedup");
    }
  }

  /** The exception's message on one line (its class name when it has none). */
  static String message(Throwable e) {
    String m = e.getMessage();
    if (m == null || m.isBlank()) {
      return e.getClass().getSimpleName();
    }
    return m.replaceAll("[\\r\\n]+\\s*", " ").trim();
  }

  @Override
  public String toString() {
    return name();
  }
}
