/**
 * Stage 7, verification: {@link org.neardup.verify.Jaccard} computes the exact Jaccard similarity
 * of two sorted shingle-hash sets, so every reported pair is a true one and carries its true
 * similarity; {@link org.neardup.verify.JaccardTable} gives the same answer from two documents'
 * shingle hashes in any order, without sorting them (what batch verification uses); {@link
 * org.neardup.verify.SimilarPair} is a confirmed pair.
 */
package org.neardup.verify;
