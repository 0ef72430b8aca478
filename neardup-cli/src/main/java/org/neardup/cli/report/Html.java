package org.neardup.cli.report;

import java.util.Locale;

/**
 * HTML text escaping: every string that goes into the report goes through {@link #escape}, every
 * document id through {@link #id}.
 */
final class Html {
  private Html() {}

  /**
   * {@code text} with {@code & < > " '} replaced by character references (safe in text and
   * attributes).
   */
  static String escape(String text) {
    StringBuilder sb = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> sb.append("&amp;");
        case '<' -> sb.append("&lt;");
        case '>' -> sb.append("&gt;");
        case '"' -> sb.append("&quot;");
        case '\'' -> sb.append("&#39;");
        default -> sb.append(c);
      }
    }
    return sb.toString();
  }

  /**
   * A document id, {@linkplain #escape escaped}, with each bidi control (embeddings, overrides,
   * isolates, marks: U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) shown as {@code
   * ⟨U+202E⟩}: in an id they would change how it and what follows it read ({@code gnp.exe} shown as
   * {@code exe.png}).
   */
  static String id(String id) {
    StringBuilder shown = new StringBuilder(id.length() + 8);
    for (int i = 0; i < id.length(); i++) {
      char c = id.charAt(i);
      if (c == '\u061C'
          || c == '\u200E'
          || c == '\u200F'
          || (c >= '\u202A' && c <= '\u202E')
          || (c >= '\u2066' && c <= '\u2069')) {
        shown.append(String.format(Locale.ROOT, "⟨U+%04X⟩", (int) c));
      } else {
        shown.append(c);
      }
    }
    return escape(shown.toString());
  }
}
