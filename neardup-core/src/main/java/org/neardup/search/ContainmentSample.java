package org.neardup.search;

import java.io.Serializable;
import java.util.Arrays;

/**
 * A coordinated sample of shingle sets for containment search: about one shingle in {@code rate},
 * chosen by the shingle's hash alone (Broder's MOD-m sample, 1997), so that a shingle common to two
 * documents is sampled in both or in neither. Then S(Q) ∩ X = S(Q ∩ X): the sampled shingles of a
 * passage Q that a document X holds are a uniform sample of Q ∩ X, whatever the size of X. That is
 * what makes the sample fit containment, where MinHash (which estimates Jaccard, at most |Q|/|X|
 * for a passage of X) does not.
 *
 * <p>Version 1 (persisted indexes store sampled hashes): shingle hash h is sampled when the high 32
 * bits of mix(h ^ 0x5DEECE66DA3B1F27), as an unsigned number, are below ⌊2^32 / rate⌋, where mix is
 * Stafford's variant 13 of the MurmurHash3 64-bit finalizer. Immutable, thread-safe, serializable.
 */
public final class ContainmentSample implements Serializable {
  private static final long serialVersionUID = 1L;
  private static final long SALT = 0x5DEECE66DA3B1F27L;

  /** The largest rate: one shingle in 65,536. */
  public static final int MAX_RATE = 1 << 16;

  private final int rate;
  private final long limit;

  /**
   * Samples one shingle in {@code rate}.
   *
   * @throws IllegalArgumentException unless 1 &lt;= rate &lt;= {@link #MAX_RATE}
   */
  public ContainmentSample(int rate) {
    if (rate < 1 || rate > MAX_RATE) {
      throw new IllegalArgumentException(
          "containment sampling rate must be in [1, " + MAX_RATE + "], got " + rate);
    }
    this.rate = rate;
    this.limit = (1L << 32) / rate;
  }

  /** One shingle in this many is sampled. */
  public int rate() {
    return rate;
  }

  /** Whether the shingle of hash {@code shingleHash} is sampled. */
  public boolean sampled(long shingleHash) {
    return (mix(shingleHash ^ SALT) >>> 32) < limit;
  }

  /** The sampled shingles of a sorted set, sorted. */
  public long[] of(long[] shingleSet) {
    long[] out = new long[Math.max(4, shingleSet.length / rate * 2)];
    int count = 0;
    for (long shingle : shingleSet) {
      if (sampled(shingle)) {
        if (count == out.length) {
          out = Arrays.copyOf(out, count * 2);
        }
        out[count++] = shingle;
      }
    }
    return Arrays.copyOf(out, count);
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ContainmentSample sample && sample.rate == rate;
  }

  @Override
  public int hashCode() {
    return rate;
  }

  @Override
  public String toString() {
    return "1 in " + rate;
  }
}
