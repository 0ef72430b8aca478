package org.neardup.cli.report;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.neardup.batch.corpus.Corpus;
import org.neardup.input.Document;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;
import org.neardup.io.DocumentReader;
import org.neardup.io.DocumentReaders;
import org.neardup.options.InputOptionsMixin;

/**
 * The raw texts of a few documents of a {@link Corpus}, which keeps none: the inputs are read again
 * and only the records wanted, found by source and record index, are kept.
 */
public final class RecordTexts {
  private RecordTexts() {}

  /**
   * The raw text of each of {@code ordinals}, by ordinal. Bad records are skipped on this second
   * read: the first read already failed on them or skipped them.
   */
  public static Map<Integer, String> read(
      InputOptionsMixin input, Corpus corpus, Set<Integer> ordinals) {
    Map<String, Map<Long, Integer>> wanted = new HashMap<>();
    for (int ordinal : ordinals) {
      String source = corpus.sources().get(corpus.sourceIndex(ordinal));
      wanted
          .computeIfAbsent(source, s -> new HashMap<>())
          .put(corpus.recordIndex(ordinal), ordinal);
    }
    Map<Integer, String> texts = new HashMap<>();
    Set<String> done = new HashSet<>();
    InputProblems problems = new InputProblems(OnError.SKIP);
    for (Path path : input.paths()) {
      Map<Long, Integer> records = wanted.get(path.toString());
      if (records == null || !done.add(path.toString())) {
        continue;
      }
      int remaining = records.size();
      try (DocumentReader reader = DocumentReaders.open(path, input.options(path), problems)) {
        for (Document document; remaining > 0 && (document = reader.next()) != null; ) {
          Integer ordinal = records.get(document.recordIndex());
          if (ordinal != null) {
            texts.put(ordinal, document.text());
            remaining--;
          }
        }
      }
    }
    return texts;
  }
}
