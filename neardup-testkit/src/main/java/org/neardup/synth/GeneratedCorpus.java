package org.neardup.synth;

import java.util.List;

/**
 * A generated corpus: its documents (texts and ids), its families — groups of documents that are
 * edited copies of one original, listed by index into {@link #ids()} — and its planted excerpts,
 * each {@code {excerpt, host}}: a passage of the host (its original) as a document of its own.
 */
public record GeneratedCorpus(
    List<String> ids, List<String> texts, List<int[]> families, List<int[]> excerpts) {
  public GeneratedCorpus {
    ids = List.copyOf(ids);
    texts = List.copyOf(texts);
    families = List.copyOf(families);
    excerpts = List.copyOf(excerpts);
  }

  /** A corpus without planted excerpts. */
  public GeneratedCorpus(List<String> ids, List<String> texts, List<int[]> families) {
    this(ids, texts, families, List.of());
  }

  public int size() {
    return ids.size();
  }
}
