package org.neardup.io;

import org.neardup.input.InputProblems;

/**
 * {@link InputFormat#JSONL}: one JSON object a line ({@link JsonlDocumentReader}); copied line by
 * line ({@link LineFormat}), annotated with two more members. Detected by the names {@code *.jsonl}
 * and {@code *.ndjson}.
 */
final class JsonlFormat extends LineFormat {
  JsonlFormat() {
    super(LineCopier.Style.JSON);
  }

  @Override
  public String name() {
    return "jsonl";
  }

  @Override
  public boolean claims(String fileName) {
    return fileName.endsWith(".jsonl") || fileName.endsWith(".ndjson");
  }

  @Override
  public boolean usesFields() {
    return true;
  }

  @Override
  public DocumentReader open(
      String source, InputOpener opener, InputOptions options, InputProblems problems) {
    return new JsonlDocumentReader(
        source, Decompression.openInput(source, opener), problems, options);
  }
}
