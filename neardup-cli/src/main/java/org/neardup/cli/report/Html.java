package org.neardup.cli.report;

/** HTML text escaping: every string that goes into the report goes through {@link #escape}. */
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
}
