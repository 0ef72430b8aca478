package org.neardup.minhash;

/**
 * {@link MinHashScheme#ONE_PERMUTATION_V1}: one-permutation hashing with optimal densification.
 *
 * <p>Reference: A. Shrivastava, "Optimal Densification for Fast and Accurate Minwise Hashing", ICML
 * 2017. Immutable and thread-safe.
 */
final class OnePermutationSigner implements MinHashSigner {
  private static final long serialVersionUID = 1L;

  private static final long GOLDEN = 0x9E3779B97F4A7C15L;

  /**
   * Probes of each empty bin's sequence computed once, here (enough for all but the emptiest sets).
   */
  private static final int PROBES = 16;

  /** 2^32: a bin holds 2^32 minus its minimum, so that a new, zeroed array is all empty bins. */
  private static final long TWO_TO_32 = 1L << 32;

  private final MinHashConfig config;
  private final long seedMix;

  /** The first {@link #PROBES} bins of the probe sequence of bin b, at b * PROBES. */
  private final transient char[] probes;

  /** The state of bin b's probe sequence after its first {@link #PROBES} probes. */
  private final transient long[] probeStates;

  OnePermutationSigner(MinHashConfig config) {
    this.config = config;
    this.seedMix = mix(config.seed() * GOLDEN + 0x3C6EF372FE94F82BL);
    int n = config.numPermutations();
    this.probes = new char[n * PROBES];
    this.probeStates = new long[n];
    for (int bin = 0; bin < n; bin++) {
      long state = mix(seedMix + GOLDEN * (bin + 1));
      for (int j = 0; j < PROBES; j++) {
        state = mix(state + GOLDEN);
        probes[bin * PROBES + j] = (char) binOf(state, n);
      }
      probeStates[bin] = state;
    }
  }

  @Override
  public MinHashConfig config() {
    return config;
  }

  @Override
  public int[] sign(long[] shingleHashes) {
    int n = config.numPermutations();
    int[] values = new int[n];
    if (shingleHashes.length == 0) {
      java.util.Arrays.fill(values, -1);
      return values;
    }
    // Each bin holds 2^32 minus the least 32-bit value seen, so 0 (a new array) means empty and
    // the minimum is kept with Math.max: branch-free, since whether a shingle lowers its bin's
    // minimum is a coin toss the CPU cannot predict (SignerBenchmark; docs/benchmarks.md)
    long[] complements = new long[n];
    for (long shingle : shingleHashes) {
      long h = mix(shingle ^ seedMix);
      int bin = binOf(h, n);
      complements[bin] = Math.max(complements[bin], TWO_TO_32 - (h & 0xFFFFFFFFL));
    }
    for (int bin = 0; bin < n; bin++) {
      long complement = complements[bin];
      if (complement == 0) {
        complement = borrow(complements, bin, n);
      }
      values[bin] = (int) (TWO_TO_32 - complement);
    }
    return values;
  }

  /**
   * The value (as a complement) of the first non-empty bin in the probe sequence of empty bin
   * {@code bin}: the sequence state starts at {@code mix(seedMix + GOLDEN * (bin + 1))} and each
   * probe is {@code state = mix(state + GOLDEN)}; the first {@link #PROBES} come from the table.
   */
  private long borrow(long[] complements, int bin, int n) {
    int base = bin * PROBES;
    for (int j = 0; j < PROBES; j++) {
      long complement = complements[probes[base + j]];
      if (complement != 0) {
        return complement;
      }
    }
    long state = probeStates[bin];
    while (true) {
      state = mix(state + GOLDEN);
      long complement = complements[binOf(state, n)];
      if (complement != 0) {
        return complement;
      }
    }
  }

  /** The bin of hash {@code h}: its upper 32 bits scaled to [0, n). */
  private static int binOf(long h, int n) {
    return (int) (((h >>> 32) * n) >>> 32);
  }

  /** The probe tables are not serialized: a deserialized signer is made anew from its config. */
  private Object readResolve() {
    return new OnePermutationSigner(config);
  }

  /** Stafford's variant 13 of the MurmurHash3 64-bit finalizer: a bijection. */
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
