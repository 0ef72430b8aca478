package org.neardup.io;

import java.io.OutputStream;
import java.nio.file.Path;
import java.util.function.LongPredicate;
import org.neardup.input.InputProblems;

/**
 * {@link InputFormat#PARQUET}: a Parquet file, read by {@link ParquetDocumentReader}. Claims {@code
 * *.parquet}; a file of another name that starts with {@code PAR1} is detected by {@link
 * FormatSniffer}. Read from a file only (Parquet's footer is at its end), not from a stream, and not
 * copied: {@code dedup} refuses it.
 */
final class ParquetFormat implements InputFormat {
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
  public long copyExcept(Path input, InputOptions options, LongPredicate drop, OutputStream out, boolean first) {
    throw new UnsupportedOperationException(input + ": neardup does not write Parquet");
  }

  @Override
  public String toString() {
    return name();
  }
}
