package org.neardup.text;

import java.io.Serializable;

/**
 * How text is normalized before shingling. Steps run in this order: NFKC, lower-case, strip
 * punctuation, collapse whitespace.
 *
 * @param unicodeNfkc apply Unicode NFKC (compatibility composition): full-width forms, ligatures
 *     and no-break spaces become their plain forms
 * @param lowerCase lower-case with {@link java.util.Locale#ROOT}
 * @param stripPunctuation delete every character of a Unicode punctuation category
 * @param collapseWhitespace replace each run of whitespace by one space and trim both ends
 */
public record NormalizerConfig(
    boolean unicodeNfkc, boolean lowerCase, boolean stripPunctuation, boolean collapseWhitespace)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The defaults: NFKC, lower-case, keep punctuation, collapse whitespace. */
  public static final NormalizerConfig DEFAULT = new NormalizerConfig(true, true, false, true);

  /** No normalization at all: text is shingled as it was read. */
  public static final NormalizerConfig NONE = new NormalizerConfig(false, false, false, false);

  public NormalizerConfig withStripPunctuation(boolean strip) {
    return new NormalizerConfig(unicodeNfkc, lowerCase, strip, collapseWhitespace);
  }

  /** Compact description, e.g. {@code "nfkc,lower,collapse"} ({@code "none"} when all are off). */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    if (unicodeNfkc) sb.append("nfkc,");
    if (lowerCase) sb.append("lower,");
    if (stripPunctuation) sb.append("strip-punctuation,");
    if (collapseWhitespace) sb.append("collapse,");
    return sb.length() == 0 ? "none" : sb.substring(0, sb.length() - 1);
  }
}
