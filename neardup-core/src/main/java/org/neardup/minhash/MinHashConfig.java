package org.neardup.minhash;

import java.io.Serializable;
import java.util.Objects;

/**
 * What determines a signature: the scheme, the number of values n, and the seed. Two signatures can
 * be compared only when their configs are equal.
 *
 * @param scheme the signing scheme
 * @param numPermutations n, the signature length, in [1, 65536]
 * @param seed the seed of the hash functions
 */
public record MinHashConfig(MinHashScheme scheme, int numPermutations, long seed)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Largest accepted signature length. */
  public static final int MAX_PERMUTATIONS = 65536;

  /** The default seed. */
  public static final long DEFAULT_SEED = 1L;

  /** The default signature length. */
  public static final int DEFAULT_PERMUTATIONS = 128;

  /**
   * One-permutation MinHash, 128 values, seed 1. Not stable: the default may change between
   * releases; pin a scheme explicitly when signatures are persisted.
   */
  public static final MinHashConfig DEFAULT =
      new MinHashConfig(MinHashScheme.ONE_PERMUTATION_V1, DEFAULT_PERMUTATIONS, DEFAULT_SEED);

  public MinHashConfig {
    Objects.requireNonNull(scheme, "scheme");
    if (numPermutations < 1 || numPermutations > MAX_PERMUTATIONS) {
      throw new IllegalArgumentException(
          "numPermutations must be in [1, " + MAX_PERMUTATIONS + "], got " + numPermutations);
    }
  }

  public MinHashConfig withNumPermutations(int n) {
    return new MinHashConfig(scheme, n, seed);
  }

  public MinHashConfig withSeed(long newSeed) {
    return new MinHashConfig(scheme, numPermutations, newSeed);
  }
}
