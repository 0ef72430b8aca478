package org.neardup.minhash;

import java.util.Arrays;
import java.util.SplittableRandom;

/** {@link MinHashScheme#CLASSIC_V1}: n independent (a x + b) mod (2^61 - 1) permutations. */
final class ClassicMinHashSigner implements MinHashSigner {
  private static final long serialVersionUID = 1L;

  /** The Mersenne prime 2^61 - 1. */
  static final long PRIME = (1L << 61) - 1;

  private final MinHashConfig config;
  private final long[] multipliers;
  private final long[] offsets;

  ClassicMinHashSigner(MinHashConfig config) {
    this.config = config;
    int n = config.numPermutations();
    multipliers = new long[n];
    offsets = new long[n];
    SplittableRandom random = new SplittableRandom(config.seed());
    for (int i = 0; i < n; i++) {
      multipliers[i] = random.nextLong(1, PRIME);
      offsets[i] = random.nextLong(0, PRIME);
    }
  }

  @Override
  public MinHashConfig config() {
    return config;
  }

  @Override
  public int[] sign(long[] shingleHashes) {
    int n = multipliers.length;
    long[] minimums = new long[n];
    Arrays.fill(minimums, Long.MAX_VALUE);
    for (long hash : shingleHashes) {
      long x = reduce(hash);
      for (int i = 0; i < n; i++) {
        long value = permute(multipliers[i], offsets[i], x);
        if (value < minimums[i]) {
          minimums[i] = value;
        }
      }
    }
    int[] signature = new int[n];
    for (int i = 0; i < n; i++) {
      signature[i] = (int) minimums[i]; // Long.MAX_VALUE (empty set) gives -1
    }
    return signature;
  }

  /** {@code hash mod p}, for any 64-bit value. */
  static long reduce(long hash) {
    long folded = (hash & PRIME) + (hash >>> 61); // < 2^61 + 8
    return folded >= PRIME ? folded - PRIME : folded;
  }

  /** {@code (a * x + b) mod p} for a, x, b in [0, p). */
  static long permute(long a, long b, long x) {
    long high = Math.multiplyHigh(a, x); // a * x < 2^122, so high < 2^58
    long low = a * x;
    // a*x = high * 2^64 + low; with 2^61 = 1 (mod p): fold the bits above 61 onto the low 61.
    long folded = (low & PRIME) + ((low >>> 61) | (high << 3)); // < 2^62
    folded = (folded & PRIME) + (folded >>> 61); // <= p + 1
    folded += b; // < 2p + 1
    folded = (folded & PRIME) + (folded >>> 61); // <= p + 1
    return folded >= PRIME ? folded - PRIME : folded;
  }
}
