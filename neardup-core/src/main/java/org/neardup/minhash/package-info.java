/**
 * Stage 5, signing: a {@link org.neardup.minhash.MinHashSigner} compresses a shingle-hash set into
 * n 32-bit MinHash values whose agreement rate estimates the Jaccard similarity. Signatures are
 * deterministic for a ({@link org.neardup.minhash.MinHashScheme}, seed, n) triple, held in a {@link
 * org.neardup.minhash.MinHashConfig}. Signers are immutable and thread-safe.
 */
package org.neardup.minhash;
