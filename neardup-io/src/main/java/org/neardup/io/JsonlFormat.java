package org.neardup.io;

import java.io.IOException;
import java.io.OutputStream;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;
import org.neardup.input.InputProblems;

/**
 * {@link InputFormat#JSONL}: one JSON object a line ({@link JsonlDocumentReader}); copied line by
 * line ({@link LineCopier}). Detected by the names {@code *.jsonl} and {@code *.ndjson}.
 */
final class JsonlFormat implements InputFormat {
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
  public DocumentReader open(String source, InputOpener opener, InputOptions options, InputProblems problems) {
    return new JsonlDocumentReader(source, Decompression.openInput(source, opener), problems, options);
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
        LineCopier.Style.JSON, out);
  }

  @Override
  public String toString() {
    return name();
  }
}
