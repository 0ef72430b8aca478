package org.neardup.lsh;

import java.io.Serializable;
import java.util.Objects;

/**
 * Cuts a signature into bands and hashes each band to a 64-bit bucket key, as its {@link
 * BandingVersion} says. The band's index is part of its key, so equal values in different bands
 * never share a bucket. Immutable, thread-safe and serializable. This is the one definition of
 * bucket keys that every index uses, in memory, on disk and in Spark.
 */
public final class Banding implements Serializable {
  private static final long serialVersionUID = 1L;

  private final LshParams params;
  private final BandingVersion version;

  /** The banding {@code params} with {@link BandingVersion#DEFAULT}. */
  public Banding(LshParams params) {
    this(params, BandingVersion.DEFAULT);
  }

  public Banding(LshParams params, BandingVersion version) {
    this.params = Objects.requireNonNull(params, "params");
    this.version = Objects.requireNonNull(version, "version");
  }

  public LshParams params() {
    return params;
  }

  public BandingVersion version() {
    return version;
  }

  /**
   * The b bucket keys of {@code signature}: key j hashes values [j * r, (j + 1) * r).
   *
   * @throws IllegalArgumentException if the signature is shorter than b * r
   */
  public long[] bucketKeys(int[] signature) {
    int bands = params.bands();
    int rows = params.rows();
    if (signature.length < bands * rows) {
      throw new IllegalArgumentException(
          "signature has "
              + signature.length
              + " values, banding "
              + params
              + " needs "
              + bands * rows);
    }
    long[] keys = new long[bands];
    for (int band = 0, offset = 0; band < bands; band++, offset += rows) {
      long h = mix(band + 0x632BE59BD9B4E019L);
      for (int row = 0; row < rows; row++) {
        h = mix(h ^ (signature[offset + row] & 0xFFFFFFFFL));
      }
      keys[band] = h;
    }
    return keys;
  }

  /**
   * Bucket key {@code band} of {@code signature}: {@code bucketKeys(signature)[band]}, without the
   * others.
   */
  public long bucketKey(int[] signature, int band) {
    if (signature.length < params.bands() * params.rows()) {
      throw new IllegalArgumentException(
          "banding " + params + " for a signature of " + signature.length);
    }
    return bucketKey(signature, 0, band);
  }

  /**
   * Bucket key {@code band} of the signature that starts at {@code values[offset]} (signatures
   * stored one after the other in one array).
   */
  public long bucketKey(int[] values, int offset, int band) {
    int rows = params.rows();
    if (band < 0 || band >= params.bands()) {
      throw new IllegalArgumentException("band " + band + " of " + params);
    }
    long h = mix(band + 0x632BE59BD9B4E019L);
    for (int row = 0, at = offset + band * rows; row < rows; row++) {
      h = mix(h ^ (values[at + row] & 0xFFFFFFFFL));
    }
    return h;
  }

  /** A 64-bit finalizer (Stafford's variant 13 of MurmurHash3's fmix64): a bijection. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
