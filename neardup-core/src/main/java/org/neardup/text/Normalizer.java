package org.neardup.text;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
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
    String ascii = normalizeAscii(text);
    return ascii != null ? ascii : normalizeSteps(text);
  }

  /**
   * The steps one after the other, for any text: what {@link #normalizeAscii} does in one pass for
   * ASCII text (package-private so tests can hold the two to the same answers).
   */
  String normalizeSteps(String text) {
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

  /**
   * All steps in one pass over ASCII text (already NFKC; lower-casing maps A-Z alone and keeps
   * every character's class): the text itself when nothing changes, null at the first character
   * that is not ASCII.
   */
  private String normalizeAscii(String s) {
    boolean lowerCase = config.lowerCase();
    boolean stripPunctuation = config.stripPunctuation();
    boolean collapseWhitespace = config.collapseWhitespace();
    char[] in = s.toCharArray(); // a loop over an array, not charAt calls
    int n = in.length;
    // The common case first: lower-case letters, digits and single spaces between words change
    // nothing.
    int start = 0;
    while (start < n) {
      char c = in[start];
      if ((c >= 'a' && c <= 'z')
          || (c >= '0' && c <= '9')
          || (c == ' ' && start > 0 && in[start - 1] != ' ')) {
        start++;
      } else {
        break;
      }
    }
    if (start == n && (n == 0 || in[n - 1] != ' ')) {
      return s;
    }
    byte[] out = new byte[n];
    int length = 0;
    boolean pendingSpace = false;
    boolean changed = false;
    if (start > 0 && in[start - 1] == ' ') {
      start--; // it may be trailing: the loop below decides
    }
    for (int i = 0; i < start; i++) {
      out[length++] = (byte) in[i];
    }
    for (int i = start; i < n; i++) {
      char c = in[i];
      if (c >= 0x80) {
        return null;
      }
      byte kind = ASCII_KIND[c];
      if (kind != 0) {
        if (kind == UPPER) {
          if (lowerCase) {
            c = (char) (c + ('a' - 'A'));
            changed = true;
          }
        } else if (kind == PUNCTUATION) {
          if (stripPunctuation) {
            changed = true;
            continue;
          }
        } else if (collapseWhitespace) { // SPACE
          changed |= c != ' ' || pendingSpace || length == 0;
          pendingSpace = length > 0;
          continue;
        }
      }
      if (pendingSpace) {
        out[length++] = ' ';
        pendingSpace = false;
      }
      out[length++] = (byte) c;
    }
    changed |= pendingSpace; // trailing whitespace was trimmed
    return changed ? new String(out, 0, length, StandardCharsets.ISO_8859_1) : s;
  }

  private static final byte UPPER = 1;
  private static final byte PUNCTUATION = 2;
  private static final byte SPACE = 3;

  /** What each ASCII character is to the steps, from the same definitions they use. */
  private static final byte[] ASCII_KIND = new byte[0x80];

  static {
    for (char c = 0; c < 0x80; c++) {
      ASCII_KIND[c] =
          c >= 'A' && c <= 'Z'
              ? UPPER
              : Punctuation.is(c) ? PUNCTUATION : Whitespace.isSpace(c) ? SPACE : 0;
    }
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
      if (stripPunctuation && Punctuation.is(c)) {
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
  private static boolean needsFilter(
      String s, boolean stripPunctuation, boolean collapseWhitespace) {
    int n = s.length();
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c >= 'a' && c <= 'z') {
        continue; // fast path for the most common characters
      }
      if (stripPunctuation && Punctuation.is(c)) {
        return true;
      }
      if (collapseWhitespace
          && Whitespace.isSpace(c)
          && (c != ' ' || i == 0 || i == n - 1 || s.charAt(i - 1) == ' ')) {
        return true;
      }
    }
    return false;
  }
}
