package org.neardup.shingle;

import java.util.Locale;
import java.util.Optional;

/** What a shingle is made of. */
public enum ShingleUnit {
  /**
   * k consecutive characters (Unicode code points, see {@link ShingleHashVersion}) of the
   * normalized text.
   */
  CHAR("char"),
  /**
   * k consecutive words, the segments between Unicode word boundaries (UAX #29) with dictionary
   * segmentation for Chinese, Japanese, Thai, Lao, Khmer and Burmese (ICU4J); punctuation and
   * whitespace are not words, numbers are. Needs ICU4J on the class path.
   */
  WORD("word"),
  /**
   * k consecutive whitespace-separated tokens (punctuation stays attached to its word): a text
   * without spaces is one word. What word shingles were before {@link #WORD}; faster on spaced
   * text, and kept to read what was made with it.
   */
  WHITESPACE_WORD("whitespace-word");

  private final String spec;

  ShingleUnit(String spec) {
    this.spec = spec;
  }

  /** The name in a shingle spec, as in {@code word:5}. */
  public String spec() {
    return spec;
  }

  /** The unit named {@code spec} (case-insensitive); empty for no unit of that name. */
  static Optional<ShingleUnit> ofSpec(String spec) {
    String name = spec.trim().toLowerCase(Locale.ROOT);
    for (ShingleUnit unit : values()) {
      if (unit.spec.equals(name)) {
        return Optional.of(unit);
      }
    }
    return Optional.empty();
  }

  /** Whether the unit is a word, however words are found. */
  boolean isWord() {
    return this != CHAR;
  }
}
