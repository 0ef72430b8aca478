package org.neardup.cli.report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.neardup.text.Whitespace;

/**
 * A word-level diff of two texts: a longest common subsequence of their whitespace-separated
 * words, compared by a key (such as the normalized word) and shown as the words were written.
 */
public final class WordDiff {
  /** Middles longer than this product of word counts are not aligned: all deleted, all inserted. */
  static final long MAX_CELLS = 16_000_000;

  /** What a run of words is. */
  enum Kind {
    /** In both texts (by key). */
    SAME,
    /** Only in the first text. */
    DELETED,
    /** Only in the second text. */
    INSERTED
  }

  /**
   * A run of words of one kind: for {@link Kind#SAME} the words as written in each text (equal in
   * number), else the words of the one text that has them and an empty list for the other.
   */
  record Segment(Kind kind, List<String> left, List<String> right) {}

  private WordDiff() {}

  /** The words of {@code text}: its maximal runs of non-whitespace characters. */
  public static List<String> words(String text) {
    List<String> words = new ArrayList<>();
    int start = -1;
    for (int i = 0; i <= text.length(); i++) {
      boolean space = i == text.length() || Whitespace.isSpace(text.charAt(i));
      if (space && start >= 0) {
        words.add(text.substring(start, i));
        start = -1;
      } else if (!space && start < 0) {
        start = i;
      }
    }
    return words;
  }

  /**
   * The diff of {@code a} into {@code b}, words compared by {@code key}: segments in text order,
   * never two of the same kind in a row; within a changed stretch deletions come first.
   */
  static List<Segment> of(List<String> a, List<String> b, UnaryOperator<String> key) {
    String[] ka = a.stream().map(key).toArray(String[]::new);
    String[] kb = b.stream().map(key).toArray(String[]::new);
    int prefix = 0;
    while (prefix < ka.length && prefix < kb.length && ka[prefix].equals(kb[prefix])) {
      prefix++;
    }
    int suffix = 0;
    while (suffix < ka.length - prefix && suffix < kb.length - prefix
        && ka[ka.length - 1 - suffix].equals(kb[kb.length - 1 - suffix])) {
      suffix++;
    }
    Builder out = new Builder(a, b);
    out.same(prefix);
    alignMiddle(ka, kb, prefix, ka.length - suffix, kb.length - suffix, out);
    out.same(suffix);
    return out.flush();
  }

  /** Aligns a[from, endA) with b[from, endB) by dynamic programming over suffixes. */
  private static void alignMiddle(String[] ka, String[] kb, int from, int endA, int endB, Builder out) {
    int n = endA - from;
    int m = endB - from;
    if ((long) n * m > MAX_CELLS || n == 0 || m == 0) {
      out.deleted(n);
      out.inserted(m);
      return;
    }
    // lcs[i * (m + 1) + j] = LCS of a[from + i, endA) and b[from + j, endB); at most min(n, m) <= 4000
    // for n * m <= MAX_CELLS, so a short holds it.
    int width = m + 1;
    short[] lcs = new short[(n + 1) * width];
    for (int i = n - 1; i >= 0; i--) {
      for (int j = m - 1; j >= 0; j--) {
        lcs[i * width + j] = ka[from + i].equals(kb[from + j])
            ? (short) (lcs[(i + 1) * width + j + 1] + 1)
            : (short) Math.max(lcs[(i + 1) * width + j], lcs[i * width + j + 1]);
      }
    }
    int i = 0;
    int j = 0;
    while (i < n && j < m) {
      if (ka[from + i].equals(kb[from + j])) {
        out.same(1);
        i++;
        j++;
      } else if (lcs[(i + 1) * width + j] >= lcs[i * width + j + 1]) {
        out.deleted(1);
        i++;
      } else {
        out.inserted(1);
        j++;
      }
    }
    out.deleted(n - i);
    out.inserted(m - j);
  }

  /**
   * Collects runs of words: a run of common words, then the changes up to the next common word,
   * emitted as one deleted run and then one inserted run.
   */
  private static final class Builder {
    final List<String> a;
    final List<String> b;
    final List<Segment> segments = new ArrayList<>();
    int nextA;
    int nextB;
    int pendingSame;
    int pendingDeleted;
    int pendingInserted;

    Builder(List<String> a, List<String> b) {
      this.a = a;
      this.b = b;
    }

    void same(int count) {
      if (count > 0 && pendingDeleted + pendingInserted > 0) {
        flush();
      }
      pendingSame += count;
    }

    void deleted(int count) {
      pendingDeleted += count;
    }

    void inserted(int count) {
      pendingInserted += count;
    }

    /** Emits what is held back; the segments so far. */
    List<Segment> flush() {
      if (pendingSame > 0) {
        segments.add(new Segment(Kind.SAME, List.copyOf(a.subList(nextA, nextA + pendingSame)),
            List.copyOf(b.subList(nextB, nextB + pendingSame))));
        nextA += pendingSame;
        nextB += pendingSame;
        pendingSame = 0;
      }
      if (pendingDeleted > 0) {
        segments.add(new Segment(Kind.DELETED, List.copyOf(a.subList(nextA, nextA + pendingDeleted)), List.of()));
        nextA += pendingDeleted;
        pendingDeleted = 0;
      }
      if (pendingInserted > 0) {
        segments.add(new Segment(Kind.INSERTED, List.of(), List.copyOf(b.subList(nextB, nextB + pendingInserted))));
        nextB += pendingInserted;
        pendingInserted = 0;
      }
      return segments;
    }
  }
}
