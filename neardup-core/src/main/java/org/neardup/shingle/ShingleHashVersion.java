package org.neardup.shingle;

/**
 * How a shingle is cut from the text and hashed to 64 bits: the version persisted signatures and
 * indexes carry, so that sets hashed differently are never compared. A version's output for a given
 * text never changes; a different output is a new version. Word shingles hash the same in every
 * version; the versions differ in what a character is.
 */
public enum ShingleHashVersion {
  /**
   * A character is a UTF-16 code unit: a supplementary character (an emoji, say) counts as two, and
   * a shingle may cut it in half. Shingles are hashed with hash4j's komihash 5.0 over their UTF-16
   * code units. What neardup did before {@link #CODE_POINT_V2}; kept to read what was made with it.
   */
  UTF16_V1(1),

  /**
   * A character is a Unicode code point: {@code char:K} shingles are K code points, so an emoji is
   * one character and is never split. Hashed as {@link #UTF16_V1} hashes (komihash 5.0 over the
   * shingle's UTF-16 code units), so the two versions agree on every text without supplementary
   * characters. The default.
   */
  CODE_POINT_V2(2);

  /** The version new shingle configs use. */
  public static final ShingleHashVersion DEFAULT = CODE_POINT_V2;

  private final int id;

  ShingleHashVersion(int id) {
    this.id = id;
  }

  /** The stable id written into persisted params. */
  public int id() {
    return id;
  }

  /**
   * The version with stable id {@code id}.
   *
   * @throws IllegalArgumentException for an unknown id
   */
  public static ShingleHashVersion ofId(int id) {
    for (ShingleHashVersion version : values()) {
      if (version.id == id) {
        return version;
      }
    }
    throw new IllegalArgumentException("unknown shingle hash version " + id);
  }
}
