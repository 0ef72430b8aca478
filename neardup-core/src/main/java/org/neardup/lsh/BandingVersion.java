package org.neardup.lsh;

/**
 * How a band of signature values is hashed to its 64-bit bucket key: persisted indexes store bucket
 * keys, so the hash is versioned like the signature schemes. A version's keys for a given
 * (signature, bands, rows) never change; different keys are a new version.
 */
public enum BandingVersion {
  /**
   * Band j of r rows: h = mix(j + 0x632BE59BD9B4E019), then for each row value v (as an unsigned
   * 32-bit number) h = mix(h ^ v), where mix is Stafford's variant 13 of the MurmurHash3 64-bit
   * finalizer. The band index is part of the key, so equal values in different bands never share a
   * bucket.
   */
  V1(1);

  /** The version new indexes use. */
  public static final BandingVersion DEFAULT = V1;

  private final int id;

  BandingVersion(int id) {
    this.id = id;
  }

  /** The stable id written into persisted indexes. */
  public int id() {
    return id;
  }

  /**
   * The version with stable id {@code id}.
   *
   * @throws IllegalArgumentException for an unknown id
   */
  public static BandingVersion ofId(int id) {
    for (BandingVersion version : values()) {
      if (version.id == id) {
        return version;
      }
    }
    throw new IllegalArgumentException("unknown banding version " + id);
  }
}
