package org.neardup.text;

import java.io.Serializable;
import java.util.Locale;
import java.util.Objects;

/**
 * Normalizes document text as its {@link NormalizerConfig} says. Immutable and thread-safe.
 *
 * <p>ASCII text skips NFKC (it is already NFKC), so the common case costs one scan per step.
 */
public final class Normalizer implements Serializable {
  private static final long serialVersionUID = 1L;

  private final NormalizerConfig config;

  public Normalizer(NormalizerConfig config) {
    this.config = Objects.requireNonNull(config, "config");
  }

  public NormalizerConfig config() {
    return config;
  }

  /** Returns the normalized form of {@code text}. */
  public String normalize(String text) {
    Objects.requireNonNull(text, "text");
    String s = text;
    if (config.unicodeNfkc() && !isAscii(s)) {
      s = java.text.Normalizer.normalize(s, java.text.Normalizer.Form.NFKC);
    }
    if (config.lowerCase()) {
      s = s.toLowerCase(Locale.ROOT);
    }
    if (config.stripPunctuation() || config.collapseWhitespace()) {
      s = filter(s, config.stripPunctuation(), config.collapseWhitespace());
    }
    return s;
  }

  private static boolean isAscii(String s) {
    for (int i = 0, n = s.length(); i < n; i++) {
      if (s.charAt(i) >= 0x80) {
        return false;
      }
    }
    return true;
  }

  private static String filter(String s, boolean stripPunctuation, boolean collapseWhitespace) {
    if (!needsFilter(s, stripPunctuation, collapseWhitespace)) {
      return s;
    }
    StringBuilder out = new StringBuilder(s.length());
    boolean pendingSpace = false;
    boolean changed = false;
    for (int i = 0, n = s.length(); i < n; i++) {
      char c = s.charAt(i);
      if (stripPunctuation && isPunctuation(c)) {
        changed = true;
        continue;
      }
      if (collapseWhitespace && Whitespace.isSpace(c)) {
        // A lone ' ' between two words survives unchanged; anything else is a change.
        changed |= c != ' ' || pendingSpace || out.length() == 0;
        pendingSpace = out.length() > 0;
        continue;
      }
      if (pendingSpace) {
        out.append(' ');
        pendingSpace = false;
      }
      out.append(c);
    }
    changed |= pendingSpace; // trailing whitespace was trimmed
    return changed ? out.toString() : s;
  }

  /** Whether {@link #filter} would change {@code s}: one scan, no allocation (the common case). */
  private static boolean needsFilter(String s, boolean stripPunctuation, boolean collapseWhitespace) {
    int n = s.length();
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c >= 'a' && c <= 'z') {
        continue; // fast path for the most common characters
      }
      if (stripPunctuation && isPunctuation(c)) {
        return true;
      }
      if (collapseWhitespace && Whitespace.isSpace(c)
          && (c != ' ' || i == 0 || i == n - 1 || s.charAt(i - 1) == ' ')) {
        return true;
      }
    }
    return false;
  }

  private static boolean isPunctuation(char c) {
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
