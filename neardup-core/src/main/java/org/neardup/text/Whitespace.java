package org.neardup.text;

import org.neardup.api.Faces;

/** The one definition of whitespace that normalization and word shingling share. */
@Faces
public final class Whitespace {
  private Whitespace() {}

  /** True for Java whitespace and for Unicode space separators (such as U+00A0 no-break space). */
  public static boolean isSpace(char c) {
    return Character.isWhitespace(c) || Character.isSpaceChar(c);
  }
}
