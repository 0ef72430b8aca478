package org.neardup.io;

import org.neardup.input.InputProblems;

/**
 * {@link InputFormat#TSV} and {@link InputFormat#LINES}: one record a line, id and text split at
 * the first separator ({@link SeparatedDocumentReader}); copied line by line ({@link LineFormat}),
 * annotated with two more columns.
 */
final class SeparatedFormat extends LineFormat {
  private final String name;
  private final char separator;
  private final String separatorName;

  SeparatedFormat(String name, char separator, String separatorName) {
    super(LineCopier.Style.COLUMNS);
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
  public DocumentReader open(
      String source, InputOpener opener, InputOptions options, InputProblems problems) {
    return new SeparatedDocumentReader(
        source, Decompression.openInput(source, opener), problems, separator, separatorName);
  }
}
