package org.neardup;

/**
 * Two near-duplicate documents, by key, and their similarity (the exact Jaccard of their shingle
 * sets, or the signature estimate in estimate mode).
 *
 * @param first the key that came first in the input
 * @param second the key that came later
 * @param similarity in [threshold, 1]
 * @param <K> the document key type
 */
public record DuplicatePair<K>(K first, K second, double similarity) {}
