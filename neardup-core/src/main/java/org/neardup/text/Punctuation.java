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
    switch (Character.getType(c)) {
      case Character.CONNECTOR_PUNCTUATION:
      case Character.DASH_PUNCTUATION:
      case Character.START_PUNCTUATION:
      case Character.END_PUNCTUATION:
      case Character.INITIAL_QUOTE_PUNCTUATION:
      case Character.FINAL_QUOTE_PUNCTUATION:
      case Character.OTHER_PUNCTUATION:
        return true;
      default:
        return false;
    }
  }
}
