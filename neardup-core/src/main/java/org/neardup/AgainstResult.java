package org.neardup;

import java.util.List;

/**
 * What deduplicating documents against references keeps and removes ({@link NearDup#against}): the
 * references are kept by definition and not listed; a document is removed when it has a
 * near-duplicate among them, or among the documents kept before it in the keep order, and named
 * with the most similar of those (its witness).
 *
 * @param kept the kept documents' keys, in input order
 * @param removedForDocuments the documents removed for a kept document, in input order
 * @param removedForReferences the documents removed for a reference document, in input order
 * @param <K> the document key type
 */
public record AgainstResult<K>(
    List<K> kept,
    List<DuplicateRemoval<K>> removedForDocuments,
    List<ReferenceRemoval<K>> removedForReferences) {
  public AgainstResult {
    kept = List.copyOf(kept);
    removedForDocuments = List.copyOf(removedForDocuments);
    removedForReferences = List.copyOf(removedForReferences);
  }
}
