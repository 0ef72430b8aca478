package org.neardup.io;

import java.io.IOException;
import java.io.OutputStream;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;
import org.neardup.input.InputProblems;

/**
 * {@link InputFormat#CSV}: a header row, then one record a row, quote-aware ({@link
 * CsvDocumentReader}); copied as the exact characters of each kept row ({@link CsvCopier}).
 * Detected by the name {@code *.csv}.
 */
final class CsvFormat implements InputFormat {
  @Override
  public String name() {
    return "csv";
  }

  @Override
  public boolean claims(String fileName) {
    return fileName.endsWith(".csv");
  }

  @Override
  public boolean usesFields() {
    return true;
  }

  @Override
  public DocumentReader open(
      String source, InputOpener opener, InputOptions options, InputProblems problems) {
    return new CsvDocumentReader(
        source, Decompression.openInput(source, opener), problems, options);
  }

  @Override
  public long copyExcept(
      String source,
      InputOpener opener,
      InputOptions options,
      LongPredicate drop,
      OutputStream out,
      boolean first)
      throws IOException {
    return CsvCopier.copyExcept(source, opener, options.delimiter(), drop, out, first);
  }

  @Override
  public long copyAnnotated(
      String source,
      InputOpener opener,
      InputOptions options,
      LongPredicate drop,
      LongFunction<Annotation> annotation,
      OutputStream out,
      boolean first)
      throws IOException {
    return CsvCopier.copyAnnotated(
        source, opener, options.delimiter(), drop, annotation, out, first);
  }

  @Override
  public String toString() {
    return name();
  }
}
