/**
 * Stage 7, verification: {@link org.neardup.verify.Jaccard} computes the exact Jaccard similarity
 * of two sorted shingle-hash sets, so every reported pair is a true one and carries its true
 * similarity; {@link org.neardup.verify.SimilarPair} is a confirmed pair.
 */
package org.neardup.verify;
