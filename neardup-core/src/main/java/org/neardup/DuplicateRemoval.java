package org.neardup;

/**
 * A document a deduplication removes, with the kept document it duplicates.
 *
 * @param removed the removed document's key
 * @param kept the kept document's key: of the kept documents that are a pair of {@code removed},
 *     the most similar (ties to the first in keep order)
 * @param similarity their similarity (exact Jaccard unless estimate-only), at least the threshold
 * @param <K> the document key type
 */
public record DuplicateRemoval<K>(K removed, K kept, double similarity) {}
