package org.neardup.batch.reference;

import java.util.Map;
import org.neardup.index.NearDupIndex;

/**
 * Documents a batch run is deduplicated against ({@code --against REF}): kept by definition, never
 * written, never compared with each other. A run's documents are compared with them by the run's
 * banding and verification, so a pair with a reference is exactly a pair {@code pairs} would report
 * over both. Either {@link StreamedReference} (read once in full: texts, signature files) or {@link
 * LookupReference} (asked for each document's matches: an index). Close it when done.
 */
public interface Reference extends AutoCloseable {
  /** What names the reference in messages and in a run's record: a path, a description. */
  String name();

  /** Releases what the reference holds open (files, an index). The default does nothing. */
  @Override
  default void close() {}

  /**
   * The texts of {@code documents} as a reference, by key ({@code toString()} is the id a removal
   * names), in the map's order.
   */
  static StreamedReference ofTexts(Map<?, String> documents) {
    return new TextsReference(documents);
  }

  /**
   * The documents of {@code index} as a reference, looked up; keys by {@code toString()}. The run's
   * settings must be the index's (sketching, threshold, banding, verification).
   */
  static LookupReference of(NearDupIndex<?> index, String name) {
    return new IndexReference(index, name);
  }
}
