package org.neardup.input;

import java.util.Locale;

/** Helpers of the id and text rules: naming characters in messages. Stateless. */
final class Unicode {
  /** Longest part of an id or text quoted in a message, in chars. */
  private static final int MAX_QUOTED = 64;

  private Unicode() {}

  /** {@code U+000B}: the code as Unicode writes it. */
  static String codePoint(int c) {
    return String.format(Locale.ROOT, "U+%04X", c);
  }

  static String loneSurrogate(char c, int position) {
    return "holds the lone surrogate "
        + codePoint(c)
        + " at character "
        + position
        + ", half of a UTF-16 pair without the other half";
  }

  /**
   * {@code s} for a message: printable as it is, control characters, lone surrogates and
   * U+2028/U+2029 as {@code \}{@code uXXXX}, cut after {@value #MAX_QUOTED} chars with {@code ...}.
   */
  static String escaped(String s) {
    StringBuilder b = new StringBuilder(Math.min(s.length(), MAX_QUOTED) + 8);
    int end = Math.min(s.length(), MAX_QUOTED);
    for (int i = 0; i < end; i++) {
      char c = s.charAt(i);
      boolean paired =
          Character.isHighSurrogate(c)
              ? i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))
              : Character.isLowSurrogate(c) && i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
      if (Character.isISOControl(c)
          || c == '\u2028'
          || c == '\u2029'
          || (Character.isSurrogate(c) && !paired)) {
        b.append(String.format(Locale.ROOT, "\\u%04X", (int) c));
      } else if (c == '\\') {
        b.append("\\\\");
      } else {
        b.append(c);
      }
    }
    if (end < s.length()) {
      if (Character.isHighSurrogate(b.charAt(b.length() - 1))) {
        b.setLength(b.length() - 1);
      }
      b.append("...");
    }
    return b.toString();
  }

  /**
   * Bytes of {@code s} in UTF-8, a lone surrogate counted as the one byte {@code ?} Java writes for
   * it.
   */
  static long utf8Length(CharSequence s) {
    long bytes = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        bytes++;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (Character.isHighSurrogate(c)
          && i + 1 < s.length()
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        bytes += 4;
        i++;
      } else {
        bytes += Character.isSurrogate(c) ? 1 : 3;
      }
    }
    return bytes;
  }

  /** Index of the first lone surrogate in {@code s}, or -1 when it is well-formed UTF-16. */
  static int firstLoneSurrogate(CharSequence s) {
    int length = s.length();
    for (int i = 0; i < length; i++) {
      char c = s.charAt(i);
      if (Character.isSurrogate(c)) {
        if (Character.isHighSurrogate(c)
            && i + 1 < length
            && Character.isLowSurrogate(s.charAt(i + 1))) {
          i++;
        } else {
          return i;
        }
      }
    }
    return -1;
  }
}
