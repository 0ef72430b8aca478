package org.neardup.streams.topology;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.neardup.config.PipelineConfig;
import org.neardup.format.SignatureFile;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.sketch.Sketch;

/** Documents written to a signature file as {@code ./neardup sign} writes them. */
public final class SignedDocuments {
  private SignedDocuments() {}

  /**
   * Writes the first {@code count} of {@code documents} (id to text, in order) to {@code file},
   * with their shingle sets.
   */
  public static Path write(
      Path file, Map<String, String> documents, int count, PipelineConfig config)
      throws IOException {
    DocumentSketcher sketcher = DocumentSketcher.create(config.sketch());
    try (SignatureFile.Writer writer =
        SignatureFile.write(Files.newOutputStream(file), config.sketch(), true)) {
      int left = count;
      for (Map.Entry<String, String> document : documents.entrySet()) {
        if (left-- == 0) {
          break;
        }
        Sketch sketch = sketcher.sketch(document.getValue());
        writer.add(
            new SignatureFile.Entry(
                document.getKey(),
                document.getValue().length(),
                sketch.signature(),
                sketch.shingleSet()));
      }
    }
    return file;
  }
}
