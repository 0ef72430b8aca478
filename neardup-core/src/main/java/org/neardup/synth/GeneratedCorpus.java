package org.neardup.synth;

import java.util.List;

/**
 * A generated corpus: its documents (texts and ids) and its families — groups of documents that
 * are edited copies of one original, listed by index into {@link #ids()}.
 */
public record GeneratedCorpus(List<String> ids, List<String> texts, List<int[]> families) {
  public GeneratedCorpus {
    ids = List.copyOf(ids);
    texts = List.copyOf(texts);
    families = List.copyOf(families);
  }

  public int size() {
    return ids.size();
  }
}
