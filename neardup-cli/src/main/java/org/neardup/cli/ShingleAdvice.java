package org.neardup.cli;

import java.util.Locale;
import java.util.Optional;
import org.neardup.shingle.ShingleConfig;
import org.neardup.shingle.ShingleUnit;

/** What to say when many documents are too short for their shingles to compare them. */
public final class ShingleAdvice {
  /** Share of the documents shorter than k from which the warning is given. */
  static final double SHARE = 0.05;

  private ShingleAdvice() {}

  /**
   * A warning with what to use instead when at least {@link #SHARE} of {@code documents} are
   * shorter than k units: each is one shingle, similar only to an identical text.
   */
  public static Optional<String> degenerate(
      ShingleConfig shingle, long shortDocuments, long documents) {
    if (documents == 0 || shortDocuments < SHARE * documents) {
      return Optional.empty();
    }
    int k = shingle.size();
    String instead =
        switch (shingle.unit()) {
          case WHITESPACE_WORD ->
              "text without spaces between words (Chinese, Japanese, Thai, ...) is one whitespace"
                  + " word: use --shingle word:"
                  + k
                  + " (Unicode words, any script) or --shingle char:5";
          case WORD ->
              "use --shingle char:5 for short texts"
                  + (k > 1 ? ", or a smaller k (--shingle word:" + Math.max(1, k / 2) + ")" : "");
          case CHAR ->
              k > 1
                  ? "use a smaller k (--shingle char:" + Math.max(1, k / 2) + ")"
                  : "they are empty or one character";
        };
    return Optional.of(
        String.format(
            Locale.ROOT,
            "neardup: warning: %d of %d documents (%.0f%%) are shorter than %d %s, so each is one"
                + " shingle and is similar only to an identical text; %s",
            shortDocuments,
            documents,
            100.0 * shortDocuments / documents,
            k,
            unitName(shingle.unit()),
            instead));
  }

  private static String unitName(ShingleUnit unit) {
    return switch (unit) {
      case CHAR -> "characters";
      case WORD -> "words";
      case WHITESPACE_WORD -> "whitespace-separated words";
    };
  }
}
