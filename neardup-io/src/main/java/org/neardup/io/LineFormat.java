package org.neardup.io;

import java.io.IOException;
import java.io.OutputStream;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;

/**
 * A format of one record a line ({@link InputFormat#TSV}, {@link InputFormat#LINES}, {@link
 * InputFormat#JSONL}): copied line by line, and annotated in its {@link LineCopier.Style}, by
 * {@link LineCopier}. Stateless and thread-safe.
 */
abstract class LineFormat implements InputFormat {
  private final LineCopier.Style style;

  LineFormat(LineCopier.Style style) {
    this.style = style;
  }

  @Override
  public final long copyExcept(
      String source,
      InputOpener opener,
      InputOptions options,
      LongPredicate drop,
      OutputStream out,
      boolean first)
      throws IOException {
    return LineCopier.copyExcept(source, Decompression.openInput(source, opener), drop, out);
  }

  @Override
  public final long copyAnnotated(
      String source,
      InputOpener opener,
      InputOptions options,
      LongPredicate drop,
      LongFunction<Annotation> annotation,
      OutputStream out,
      boolean first)
      throws IOException {
    return LineCopier.copyAnnotated(
        source, Decompression.openInput(source, opener), drop, annotation, style, out);
  }

  @Override
  public final String toString() {
    return name();
  }
}
