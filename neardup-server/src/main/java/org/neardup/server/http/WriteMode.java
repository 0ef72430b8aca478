package org.neardup.server.http;

import java.util.LinkedHashMap;
import java.util.Map;
import org.neardup.index.IndexWrite;
import org.neardup.index.Match;
import org.neardup.sketch.Sketch;

/**
 * How {@code POST /documents} and {@code POST /documents:batch} store a document, from their query
 * parameters: {@code upsert=true} replaces a document held under the id; {@code unique=true} stores
 * it only when no document held (other than the one it replaces) is its near-duplicate, and
 * otherwise answers the one it duplicates (the online kept set).
 *
 * @param upsert replace a document held under the id instead of refusing it
 * @param unique store only a document without a near-duplicate held
 */
record WriteMode(boolean upsert, boolean unique) {
  /** {@code upsert=true} and {@code unique=true} of a write. */
  static WriteMode of(HttpCall call) {
    return new WriteMode(call.flag("upsert"), call.flag("unique"));
  }

  /**
   * The write of {@code input}, sketched as {@code sketch}, asking for the near-duplicates held.
   */
  IndexWrite<String> write(DocumentInput input, Sketch sketch) {
    if (unique) {
      return upsert
          ? IndexWrite.upsertIfUnique(input.id(), sketch, input.text())
          : IndexWrite.addIfUnique(input.id(), sketch, input.text());
    }
    return upsert
        ? IndexWrite.upsert(input.id(), sketch, input.text(), true)
        : IndexWrite.add(input.id(), sketch, input.text(), true);
  }

  /** {@code {"id", "similarity"}} of the document a refused unique write duplicates. */
  static Map<String, Object> duplicateOf(Match<String> match) {
    Map<String, Object> item = new LinkedHashMap<>();
    item.put("id", match.key());
    item.put("similarity", match.similarity());
    return item;
  }
}
