package org.neardup.io;

import java.io.IOException;
import java.io.OutputStream;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;
import org.neardup.input.InputProblems;

/**
 * {@link InputFormat#JSON}: one JSON array of objects ({@link JsonArrayDocumentReader}), copied as
 * a new JSON array of the kept elements' bytes ({@link JsonArrayCopier}). Claims no file name: a
 * {@code *.json} file is this format when it starts with {@code [}, else JSON Lines ({@link
 * FormatSniffer}). The copy of one input is one whole array, so with several inputs the copy is
 * refused.
 */
final class JsonArrayFormat implements InputFormat {
  @Override
  public String name() {
    return "json";
  }

  @Override
  public boolean claims(String fileName) {
    return false;
  }

  @Override
  public boolean usesFields() {
    return true;
  }

  @Override
  public DocumentReader open(
      String source, InputOpener opener, InputOptions options, InputProblems problems) {
    return new JsonArrayDocumentReader(
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
    checkFirst(source, first);
    return JsonArrayCopier.copy(source, Decompression.openInput(source, opener), drop, null, out);
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
    checkFirst(source, first);
    return JsonArrayCopier.copy(
        source, Decompression.openInput(source, opener), drop, annotation, out);
  }

  /** One output holds one array: a JSON array input can only be copied alone. */
  private static void checkFirst(String source, boolean first) {
    if (!first) {
      throw new UnsupportedOperationException(
          source
              + ": a JSON array is copied as one whole array,"
              + " so it must be the only input of dedup (or convert the inputs to JSON Lines)");
    }
  }

  @Override
  public String toString() {
    return name();
  }
}
