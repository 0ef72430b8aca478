package org.neardup.verify;

/**
 * A confirmed pair of a document and a reference document, one kept by definition that the run does
 * not write ({@code --against}): the document by ordinal, the reference by its index among the
 * references of the run, with their similarity (exact Jaccard, or the signature estimate in
 * estimate-only mode).
 *
 * @param document the document's ordinal
 * @param reference the reference document's index
 * @param similarity their similarity
 */
public record ReferencePair(int document, int reference, double similarity) {
  public ReferencePair {
    if (document < 0 || reference < 0) {
      throw new IllegalArgumentException(
          "expected ordinals >= 0, got " + document + ", " + reference);
    }
  }
}
