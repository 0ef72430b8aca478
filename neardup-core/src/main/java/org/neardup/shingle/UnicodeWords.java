package org.neardup.shingle;

import com.ibm.icu.text.BreakIterator;
import com.ibm.icu.util.ULocale;
import org.neardup.text.Punctuation;
import org.neardup.text.Whitespace;

/**
 * The words of a text for {@link ShingleUnit#WORD}: segments between Unicode word boundaries (UAX
 * #29) as ICU4J's root-locale word break iterator finds them, which segments Chinese, Japanese,
 * Thai, Lao, Khmer and Burmese with its dictionaries. A segment of whitespace and punctuation only
 * is not a word; numbers, symbols and emoji are. Thread-safe: each thread segments with its own
 * clone of the iterator.
 *
 * <p>The only class that touches ICU4J, an optional dependency of neardup-core: loaded when a word
 * shingle is first cut, so that character shingles run without it.
 */
final class UnicodeWords {
  private static final BreakIterator PROTOTYPE = BreakIterator.getWordInstance(ULocale.ROOT);
  private static final ThreadLocal<BreakIterator> ITERATOR =
      ThreadLocal.withInitial(() -> PROTOTYPE.clone());

  private UnicodeWords() {}

  /** The words of {@code text} joined by single spaces ("" for a text without words). */
  static String spaced(String text) {
    StringBuilder sb = new StringBuilder(text.length() + 16);
    BreakIterator words = ITERATOR.get();
    words.setText(text);
    int start = words.first();
    for (int end = words.next(); end != BreakIterator.DONE; start = end, end = words.next()) {
      if (words.getRuleStatus() >= BreakIterator.WORD_NONE_LIMIT || hasWordChar(text, start, end)) {
        if (sb.length() > 0) {
          sb.append(' ');
        }
        sb.append(text, start, end);
      }
    }
    words.setText(""); // drop the reference to the text
    return sb.toString();
  }

  /** Whether {@code text[start, end)} has a character other than whitespace and punctuation. */
  private static boolean hasWordChar(String text, int start, int end) {
    for (int i = start; i < end; i++) {
      char c = text.charAt(i);
      if (!Whitespace.isSpace(c) && !Punctuation.is(c)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Fails with a message naming what to add when ICU4J is not on the class path.
   *
   * @throws IllegalStateException without ICU4J
   */
  static void requireIcu() {
    try {
      Class.forName("com.ibm.icu.text.BreakIterator", false, UnicodeWords.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new IllegalStateException(
          "word shingles segment text with ICU4J: add com.ibm.icu:icu4j to the class path,"
              + " or use whitespace-word:K shingles (words split on whitespace)",
          e);
    }
  }
}
