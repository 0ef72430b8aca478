package org.neardup.minhash;

/**
 * The signing schemes, each with a stable numeric id that persisted signatures carry. A scheme's
 * output for a given (seed, numPermutations) never changes; a different output is a new scheme.
 */
public enum MinHashScheme {
  /**
   * Classic k-permutation MinHash: n universal hash functions h_i(x) = (a_i * x + b_i) mod (2^61 -
   * 1), with a_i in [1, p) and b_i in [0, p) drawn from {@code SplittableRandom(seed)}; x is the
   * 64-bit shingle hash reduced mod p. Value i is the low 32 bits of the minimum of h_i over the
   * set. Cost: n multiply-mods per shingle.
   */
  CLASSIC_V1(1, "classic"),

  /**
   * One-permutation hashing with optimal densification (Shrivastava, ICML 2017): each shingle hash
   * is mixed with the seed once (a 64-bit bijective finalizer), its high 32 bits pick one of n bins
   * and its low 32 bits are the value; each bin keeps its smallest value (unsigned). An empty bin
   * takes the value of the first non-empty bin in a probe sequence that depends only on the bin's
   * index, the attempt and the seed, so two documents with the same empty bin probe the same bins.
   * Cost: one mix per shingle plus the densification of empty bins.
   */
  ONE_PERMUTATION_V1(2, "one-permutation");

  private final int id;
  private final String optionName;

  MinHashScheme(int id, String optionName) {
    this.id = id;
    this.optionName = optionName;
  }

  /** The name users give the scheme, e.g. {@code "one-permutation"} ({@code --scheme}). */
  public String optionName() {
    return optionName;
  }

  /**
   * The scheme a user names, by {@link #optionName()} (case-insensitive).
   *
   * @throws IllegalArgumentException naming the schemes there are
   */
  public static MinHashScheme parse(String name) {
    for (MinHashScheme scheme : values()) {
      if (scheme.optionName.equalsIgnoreCase(name.trim())) {
        return scheme;
      }
    }
    StringBuilder names = new StringBuilder();
    for (MinHashScheme scheme : values()) {
      names.append(names.length() == 0 ? "" : ", ").append(scheme.optionName);
    }
    throw new IllegalArgumentException(
        "unknown scheme '" + name + "' (expected one of " + names + ")");
  }

  /** The stable id written into persisted signatures. */
  public int id() {
    return id;
  }

  /**
   * The scheme with stable id {@code id}.
   *
   * @throws IllegalArgumentException for an unknown id
   */
  public static MinHashScheme ofId(int id) {
    for (MinHashScheme scheme : values()) {
      if (scheme.id == id) {
        return scheme;
      }
    }
    throw new IllegalArgumentException("unknown MinHash scheme id " + id);
  }
}
