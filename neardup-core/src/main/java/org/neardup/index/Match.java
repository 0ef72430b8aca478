package org.neardup.index;

/**
 * A near-duplicate found by a {@link NearDupIndex}: a document held, and its similarity to the
 * query (the exact Jaccard of their shingle sets; the signature estimate in estimate mode).
 *
 * @param key the document's key
 * @param similarity in [threshold, 1]
 * @param <K> the document key type
 */
public record Match<K>(K key, double similarity) {}
