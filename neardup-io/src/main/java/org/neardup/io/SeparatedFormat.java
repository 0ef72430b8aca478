package org.neardup.io;

import java.io.IOException;
import java.io.OutputStream;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;
import org.neardup.input.InputProblems;

/**
 * {@link InputFormat#TSV} and {@link InputFormat#LINES}: one record a line, id and text split at the
 * first separator ({@link SeparatedDocumentReader}); copied line by line ({@link LineCopier}).
 */
final class SeparatedFormat implements InputFormat {
  private final String name;
  private final char separator;
  private final String separatorName;

  SeparatedFormat(String name, char separator, String separatorName) {
    this.name = name;
    this.separator = separator;
    this.separatorName = separatorName;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public boolean claims(String fileName) {
    return false; // TSV is what detect falls back to; LINES is never guessed
  }

  @Override
  public DocumentReader open(String source, InputOpener opener, InputOptions options, InputProblems problems) {
    return new SeparatedDocumentReader(source, Decompression.openInput(source, opener), problems, separator, separatorName);
  }

  @Override
  public long copyExcept(String source, InputOpener opener, InputOptions options, LongPredicate drop,
      OutputStream out, boolean first) throws IOException {
    return LineCopier.copyExcept(source, Decompression.openInput(source, opener), drop, out);
  }

  @Override
  public long copyAnnotated(String source, InputOpener opener, InputOptions options, LongPredicate drop,
      LongFunction<Annotation> annotation, OutputStream out, boolean first) throws IOException {
    return LineCopier.copyAnnotated(source, Decompression.openInput(source, opener), drop, annotation,
        LineCopier.Style.COLUMNS, out);
  }

  @Override
  public String toString() {
    return name;
  }
}
