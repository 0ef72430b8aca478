package org.neardup.shingle;

import com.dynatrace.hash4j.hashing.Hasher64;
import com.dynatrace.hash4j.hashing.Hashing;
import java.io.Serializable;
import java.util.Objects;
import org.neardup.sort.LongSort;
import org.neardup.text.Whitespace;

/**
 * Turns normalized text into its shingle set: the sorted, distinct 64-bit hashes of its k-shingles.
 * Immutable and thread-safe.
 *
 * <p>Rules, for text of n units (characters or words) and shingle size k:
 *
 * <ul>
 *   <li>n = 0 (empty text): the empty set.
 *   <li>0 &lt; n &lt; k: one shingle, the whole text. A short document is still a document, and two
 *       identical short documents are duplicates (Jaccard 1).
 *   <li>otherwise the n - k + 1 shingles, duplicates removed.
 * </ul>
 *
 * <p>Character shingles are k code points ({@link ShingleHashVersion#CODE_POINT_V2}, the default)
 * or k UTF-16 code units ({@link ShingleHashVersion#UTF16_V1}). Word shingles are k consecutive
 * words (between Unicode word boundaries for {@link ShingleUnit#WORD}, whitespace-separated for
 * {@link ShingleUnit#WHITESPACE_WORD}); their hash is the hash of the words joined by single
 * spaces, so the same words separated by other whitespace give the same shingle. Shingles are
 * hashed with hash4j's komihash 5.0 over their UTF-16 code units, without allocating a string per
 * shingle.
 */
public final class Shingler implements Serializable {
  private static final long serialVersionUID = 1L;
  private static final Hasher64 HASHER = Hashing.komihash5_0();

  private final ShingleConfig config;

  /**
   * @throws IllegalStateException for {@link ShingleUnit#WORD} without ICU4J on the class path
   */
  public Shingler(ShingleConfig config) {
    this.config = Objects.requireNonNull(config, "config");
    if (config.unit() == ShingleUnit.WORD) {
      UnicodeWords.requireIcu();
    }
  }

  public ShingleConfig config() {
    return config;
  }

  /**
   * The sorted, distinct shingle hashes of {@code normalizedText}: its shingle set, {@code
   * toSet(hashes(normalizedText))}. Character shingles of a text of up to {@value #SCRATCH_LIMIT}
   * are hashed into an array the thread keeps, so that the set is the one array allocated.
   */
  public long[] shingle(String normalizedText) {
    Objects.requireNonNull(normalizedText, "normalizedText");
    int count = normalizedText.length() - config.size() + 1;
    if (count >= 2 && count <= SCRATCH_LIMIT && isCharWindows(normalizedText)) {
      long[] hashes = SCRATCH.get();
      if (hashes.length < count) {
        hashes = new long[Math.max(count, 2 * hashes.length)];
        SCRATCH.set(hashes);
      }
      charShingles(normalizedText, config.size(), hashes, count);
      return LongSort.sortedDistinct(hashes, count);
    }
    return toSet(hashes(normalizedText));
  }

  /**
   * Longest text (in shingles) whose hashes {@link #shingle} puts in the thread's array (512 KiB).
   */
  private static final int SCRATCH_LIMIT = 1 << 16;

  private static final ThreadLocal<long[]> SCRATCH = ThreadLocal.withInitial(() -> new long[1024]);

  /**
   * The hashes of every shingle of {@code normalizedText}, in text order, duplicates included: what
   * signing needs, without the cost of sorting. {@link #toSet} makes the set of them.
   */
  public long[] hashes(String normalizedText) {
    Objects.requireNonNull(normalizedText, "normalizedText");
    if (config.unit().isWord()) {
      return wordShingles(words(normalizedText), config.size());
    }
    return isCharWindows(normalizedText)
        ? charShingles(normalizedText, config.size())
        : codePointShingles(normalizedText, config.size(), false);
  }

  /**
   * Keys of every shingle of {@code normalizedText}, in text order, repeats included: for counting
   * two documents' shared shingles exactly (verification), never for signing. A shingle of at most
   * {@value #MAX_PACKED} chars, all Latin-1, has a key made from its chars alone, one-to-one: its
   * chars and its length packed into a long, then mixed by a bijection ({@link #packedKey}). Any
   * other shingle's key is its hash. So the keys of two documents share exactly the values their
   * shingles share, but for a chance equality of 64-bit values, as with hashes; made for the common
   * case of Latin-1 text with few instructions a shingle instead of a hash function's.
   *
   * <p>Keys and hashes are different values: two documents compared must both be given as keys.
   * Word shingles' keys are their hashes.
   */
  public long[] keys(String normalizedText) {
    Objects.requireNonNull(normalizedText, "normalizedText");
    int k = config.size();
    if (config.unit().isWord() || k > MAX_PACKED) {
      return hashes(normalizedText);
    }
    if (!isCharWindows(normalizedText)) {
      return codePointShingles(normalizedText, k, true);
    }
    int count = normalizedText.length() - k + 1;
    if (count < 2) {
      return normalizedText.isEmpty()
          ? new long[0]
          : new long[] {keyOf(normalizedText)}; // one shingle, the whole text
    }
    long[] keys = new long[count];
    CharWindow window = new CharWindow(normalizedText);
    long marker = 1L << (8 * k);
    long mask = marker - 1;
    long packed = 0;
    int lastWide = -1; // the last char seen past Latin-1
    for (int j = 0; j < k - 1; j++) {
      char c = normalizedText.charAt(j);
      lastWide = c > 0xFF ? j : lastWide;
      packed = (packed << 8) | (c & 0xFF);
    }
    for (int i = 0; i < count; i++) {
      int end = i + k - 1;
      char c = normalizedText.charAt(end);
      lastWide = c > 0xFF ? end : lastWide;
      packed = ((packed << 8) | (c & 0xFF)) & mask;
      keys[i] =
          lastWide < i ? packedKey(marker | packed) : HASHER.hashCharsToLong(window.moveTo(i, k));
    }
    return keys;
  }

  /**
   * Longest shingle, in chars, whose key is its chars packed (8 bits a char and a length marker).
   */
  private static final int MAX_PACKED = 7;

  /**
   * The key of one shingle given as text (for tests, and the paths that do not pack as they go).
   */
  static long keyOf(CharSequence shingle) {
    int length = shingle.length();
    long packed = 1;
    for (int i = 0; i < length && length <= MAX_PACKED; i++) {
      char c = shingle.charAt(i);
      if (c > 0xFF) {
        return HASHER.hashCharsToLong(shingle);
      }
      packed = (packed << 8) | c;
    }
    return length <= MAX_PACKED ? packedKey(packed) : HASHER.hashCharsToLong(shingle);
  }

  /**
   * A packed shingle (its chars after a 1 bit) mixed by a bijection of longs (the finalizer of
   * MurmurHash3), so that distinct shingles keep distinct keys and the keys' top bits are as
   * uniform as a hash's (a hash table's slot).
   */
  private static long packedKey(long packed) {
    long h = packed;
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    h *= 0xc4ceb9fe1a85ec53L;
    h ^= h >>> 33;
    return h;
  }

  /**
   * Whether the shingles of {@code normalizedText} are windows of UTF-16 chars: character shingles
   * of a text without surrogate pairs (or of a config that counts code units).
   */
  private boolean isCharWindows(String normalizedText) {
    return config.unit() == ShingleUnit.CHAR
        && !(countsCodePoints() && hasSurrogates(normalizedText));
  }

  /**
   * The number of units (characters or words) of {@code normalizedText}; below k the text is one
   * shingle.
   */
  public int unitCount(String normalizedText) {
    if (config.unit() == ShingleUnit.CHAR) {
      return countsCodePoints()
          ? normalizedText.codePointCount(0, normalizedText.length())
          : normalizedText.length();
    }
    String text =
        config.unit() == ShingleUnit.WORD ? UnicodeWords.spaced(normalizedText) : normalizedText;
    int words = 0;
    boolean inWord = false;
    for (int i = 0; i < text.length(); i++) {
      boolean space = Whitespace.isSpace(text.charAt(i));
      if (!space && !inWord) words++;
      inWord = !space;
    }
    return words;
  }

  /**
   * The shingles of {@code normalizedText} as text, in text order, repeats included: what {@link
   * #hashes} hashes (for explanations). A word shingle is its words joined by single spaces.
   */
  public java.util.List<String> shingleTexts(String normalizedText) {
    Objects.requireNonNull(normalizedText, "normalizedText");
    int k = config.size();
    java.util.List<String> shingles = new java.util.ArrayList<>();
    if (config.unit().isWord()) {
      String spaced = words(normalizedText);
      String[] words = spaced.isEmpty() ? new String[0] : spaced.split(" ");
      if (words.length > 0 && words.length <= k) {
        shingles.add(spaced);
      }
      for (int i = 0; i + k <= words.length && words.length > k; i++) {
        shingles.add(String.join(" ", java.util.Arrays.asList(words).subList(i, i + k)));
      }
      return shingles;
    }
    int[] points =
        countsCodePoints()
            ? normalizedText.codePoints().toArray()
            : normalizedText.chars().toArray();
    if (points.length > 0 && points.length <= k) {
      shingles.add(normalizedText);
    }
    for (int i = 0; i + k <= points.length && points.length > k; i++) {
      StringBuilder sb = new StringBuilder();
      for (int j = i; j < i + k; j++) {
        if (countsCodePoints()) {
          sb.appendCodePoint(points[j]);
        } else {
          sb.append((char) points[j]);
        }
      }
      shingles.add(sb.toString());
    }
    return shingles;
  }

  /** The text's words joined by single spaces: what word shingles are cut from. */
  private String words(String normalizedText) {
    return config.unit() == ShingleUnit.WORD
        ? UnicodeWords.spaced(normalizedText)
        : singleSpaced(normalizedText);
  }

  /** The 64-bit hash of one shingle given as text (for tests and explanations). */
  public static long hashShingle(CharSequence shingle) {
    return HASHER.hashCharsToLong(shingle);
  }

  private static long[] charShingles(String text, int k) {
    int n = text.length();
    if (n == 0) {
      return new long[0];
    }
    CharWindow window = new CharWindow(text);
    if (n <= k) {
      return new long[] {HASHER.hashCharsToLong(window.moveTo(0, n))};
    }
    long[] hashes = new long[n - k + 1];
    charShingles(text, k, hashes, hashes.length);
    return hashes;
  }

  /**
   * The hashes of the {@code count} = length - k + 1 (at least 1) k-shingles of {@code text}, into
   * {@code hashes}.
   */
  private static void charShingles(String text, int k, long[] hashes, int count) {
    CharWindow window = new CharWindow(text);
    for (int i = 0; i < count; i++) {
      hashes[i] = HASHER.hashCharsToLong(window.moveTo(i, k));
    }
  }

  private boolean countsCodePoints() {
    return config.hashVersion() != ShingleHashVersion.UTF16_V1;
  }

  private static boolean hasSurrogates(String text) {
    for (int i = 0, n = text.length(); i < n; i++) {
      if (Character.isSurrogate(text.charAt(i))) {
        return true;
      }
    }
    return false;
  }

  /** Shingles of k code points: windows between code point boundaries; their keys or hashes. */
  private static long[] codePointShingles(String text, int k, boolean keys) {
    int n = text.codePointCount(0, text.length());
    int[] starts = new int[n + 1];
    for (int i = 0, offset = 0; i < n; i++) {
      starts[i] = offset;
      offset += Character.charCount(text.codePointAt(offset));
    }
    starts[n] = text.length();
    CharWindow window = new CharWindow(text);
    if (n <= k) {
      return new long[] {valueOf(window.moveTo(0, text.length()), keys)};
    }
    long[] hashes = new long[n - k + 1];
    for (int i = 0; i < hashes.length; i++) {
      hashes[i] = valueOf(window.moveTo(starts[i], starts[i + k] - starts[i]), keys);
    }
    return hashes;
  }

  private static long valueOf(CharWindow window, boolean key) {
    return key ? keyOf(window) : HASHER.hashCharsToLong(window);
  }

  /** The shingles of {@code words}, words joined by single spaces. */
  private static long[] wordShingles(String words, int k) {
    if (words.isEmpty()) {
      return new long[0];
    }
    // Word start offsets in the single-spaced text; a shingle spans from one start to the end of
    // the (k-1)-th following word, a contiguous substring.
    int wordCount = 1;
    for (int i = 0; i < words.length(); i++) {
      if (words.charAt(i) == ' ') wordCount++;
    }
    int[] starts = new int[wordCount + 1];
    int w = 1;
    for (int i = 0; i < words.length(); i++) {
      if (words.charAt(i) == ' ') starts[w++] = i + 1;
    }
    starts[wordCount] = words.length() + 1; // sentinel: one past the end, as if a space followed
    CharWindow window = new CharWindow(words);
    if (wordCount <= k) {
      return new long[] {HASHER.hashCharsToLong(window.moveTo(0, words.length()))};
    }
    long[] hashes = new long[wordCount - k + 1];
    for (int i = 0; i < hashes.length; i++) {
      int from = starts[i];
      int to = starts[i + k] - 1;
      hashes[i] = HASHER.hashCharsToLong(window.moveTo(from, to - from));
    }
    return hashes;
  }

  /** The text with each whitespace run replaced by one space and both ends trimmed. */
  private static String singleSpaced(String text) {
    boolean clean = true;
    int n = text.length();
    for (int i = 0; i < n && clean; i++) {
      char c = text.charAt(i);
      if (Whitespace.isSpace(c)) {
        clean = c == ' ' && i > 0 && i < n - 1 && text.charAt(i - 1) != ' ';
      }
    }
    if (clean) {
      return text;
    }
    StringBuilder sb = new StringBuilder(n);
    boolean pendingSpace = false;
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      if (Whitespace.isSpace(c)) {
        pendingSpace = sb.length() > 0;
      } else {
        if (pendingSpace) sb.append(' ');
        pendingSpace = false;
        sb.append(c);
      }
    }
    return sb.toString();
  }

  /**
   * The distinct values of {@code values}, sorted: the set form that verification intersects. A new
   * array, except for fewer than two values; {@code values} itself is left as it was.
   */
  public static long[] toSet(long[] values) {
    if (values.length < 2) {
      return values;
    }
    return LongSort.sortedDistinct(values, values.length);
  }
}
