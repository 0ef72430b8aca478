package org.neardup;

/**
 * A document a deduplication against references removes because a reference document is its
 * near-duplicate ({@link NearDup#against}).
 *
 * @param removed the removed document's key
 * @param reference the id of the reference document it duplicates: the most similar of its
 *     references (ties to the smallest id), unless a document kept before it is more similar
 * @param similarity their similarity (exact Jaccard unless estimate-only), at least the threshold
 * @param <K> the document key type
 */
public record ReferenceRemoval<K>(K removed, String reference, double similarity) {}
