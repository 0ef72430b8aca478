package org.neardup.cli;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.neardup.synth.GeneratedCorpus;

/** Test helper: a generated corpus written as the CLI reads it. */
final class GeneratedFiles {
  private GeneratedFiles() {}

  /**
   * Writes {@code corpus} to {@code file}, one {@code id<TAB>text} line a document; returns the
   * file.
   */
  static Path tsv(GeneratedCorpus corpus, Path file) throws IOException {
    try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (int i = 0; i < corpus.size(); i++) {
        writer.write(corpus.ids().get(i) + "\t" + corpus.texts().get(i) + "\n");
      }
    }
    return file;
  }
}
