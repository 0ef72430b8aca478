package org.neardup.text;

import org.neardup.api.Faces;

/**
 * The one definition of punctuation that normalization ({@code --strip-punctuation}) and word
 * shingling (punctuation-only tokens are not words) share: the Unicode punctuation categories (Pc,
 * Pd, Ps, Pe, Pi, Pf, Po).
 */
@Faces
public final class Punctuation {
  private Punctuation() {}

  /** True for a UTF-16 unit in one of the Unicode punctuation categories. */
  public static boolean is(char c) {
    return switch (Character.getType(c)) {
      case Character.CONNECTOR_PUNCTUATION,
          Character.DASH_PUNCTUATION,
          Character.START_PUNCTUATION,
          Character.END_PUNCTUATION,
          Character.INITIAL_QUOTE_PUNCTUATION,
          Character.FINAL_QUOTE_PUNCTUATION,
          Character.OTHER_PUNCTUATION ->
          true;
      default -> false;
    };
  }
}
