package org.neardup.shingle;

/** Pinned outputs: changing one means a new signature version, not an edit here. */
final class GoldenValues {
  /** komihash 5.0 (unseeded) of the chars of "hello". */
  static final String HELLO_HASH_HEX = "75758942a64254d7";

  private GoldenValues() {}
}
