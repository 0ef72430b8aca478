package org.neardup.minhash;

import java.io.Serializable;

/**
 * Computes MinHash signatures of shingle-hash sets. Implementations are immutable, thread-safe (one
 * signer may be shared by all threads) and serializable (a Spark closure may carry one).
 */
public interface MinHashSigner extends Serializable {
  /** The config every signature of this signer carries. */
  MinHashConfig config();

  /**
   * The signature of a set given by its element hashes (duplicates and order do not matter). The
   * empty set has the signature whose every value is {@code -1} (all bits set).
   *
   * @return a new array of {@code config().numPermutations()} values
   */
  int[] sign(long[] shingleHashes);

  /** The signer for {@code config}. */
  static MinHashSigner create(MinHashConfig config) {
    return switch (config.scheme()) {
      case CLASSIC_V1 -> new ClassicMinHashSigner(config);
      case ONE_PERMUTATION_V1 -> new OnePermutationSigner(config);
    };
  }
}
