package org.neardup.diff;

import com.github.difflib.DiffUtils;
import com.github.difflib.algorithm.DiffAlgorithmListener;
import com.github.difflib.algorithm.myers.MyersDiff;
import com.github.difflib.patch.AbstractDelta;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.neardup.text.Whitespace;

/**
 * A word-level diff of two texts: their whitespace-separated words, compared by a key (such as the
 * normalized word), aligned by java-diff-utils' Myers diff (a shortest edit script, so the common
 * words are a longest common subsequence), and shown as the words were written.
 *
 * <p>Myers takes time (n + m) D and, in java-diff-utils, memory D squared for an edit distance of D
 * words. Past {@link #MAX_EDITS} the diff is stopped: the words between the common prefix and the
 * common suffix are then shown all deleted and all inserted. Near-duplicates are far below that.
 *
 * <p>The one word diff of the project: {@code ./neardup report} draws it, and the service's page
 * gets it from {@code POST /query?diff=true}. Stateless and thread-safe.
 */
public final class WordDiff {
  /**
   * The largest edit distance (words deleted plus words inserted) aligned word by word: it bounds
   * the time and memory of a diff of two long unrelated texts, whose cost grows with the square of
   * the edits, while near-duplicates (a few percent of their words changed) are still aligned.
   */
  public static final int MAX_EDITS = 2_000;

  /** What a run of words is. */
  public enum Kind {
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
   *
   * @param kind what the run is
   * @param left its words in the first text
   * @param right its words in the second text
   */
  public record Segment(Kind kind, List<String> left, List<String> right) {}

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
  public static List<Segment> of(List<String> a, List<String> b, UnaryOperator<String> key) {
    List<String> ka = a.stream().map(key).toList();
    List<String> kb = b.stream().map(key).toList();
    Builder out = new Builder(a, b);
    List<AbstractDelta<String>> deltas;
    try {
      deltas = DiffUtils.diff(ka, kb, new MyersDiff<>(), new EditBudget()).getDeltas();
    } catch (EditBudget.Exceeded e) {
      replacedWhole(ka, kb, out);
      return out.flush();
    }
    int nextA = 0;
    for (AbstractDelta<String> delta : deltas) {
      out.same(delta.getSource().getPosition() - nextA);
      out.deleted(delta.getSource().size());
      out.inserted(delta.getTarget().size());
      nextA = delta.getSource().getPosition() + delta.getSource().size();
    }
    out.same(a.size() - nextA);
    return out.flush();
  }

  /** The common prefix and suffix of the keys, and everything between them changed. */
  private static void replacedWhole(List<String> ka, List<String> kb, Builder out) {
    int prefix = 0;
    while (prefix < ka.size() && prefix < kb.size() && ka.get(prefix).equals(kb.get(prefix))) {
      prefix++;
    }
    int suffix = 0;
    while (suffix < ka.size() - prefix
        && suffix < kb.size() - prefix
        && ka.get(ka.size() - 1 - suffix).equals(kb.get(kb.size() - 1 - suffix))) {
      suffix++;
    }
    out.same(prefix);
    out.deleted(ka.size() - prefix - suffix);
    out.inserted(kb.size() - prefix - suffix);
    out.same(suffix);
  }

  /**
   * Stops the diff when Myers' outer loop, which java-diff-utils reports as a progress step, passes
   * edit distance {@link #MAX_EDITS}.
   */
  private static final class EditBudget implements DiffAlgorithmListener {
    /** Thrown out of the diff to stop it; carries no stack trace. */
    static final class Exceeded extends RuntimeException {
      private static final long serialVersionUID = 1L;

      Exceeded() {
        super(null, null, false, false);
      }
    }

    @Override
    public void diffStart() {}

    @Override
    public void diffStep(int value, int max) {
      if (value > MAX_EDITS) {
        throw new Exceeded();
      }
    }

    @Override
    public void diffEnd() {}
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
        segments.add(
            new Segment(
                Kind.SAME,
                List.copyOf(a.subList(nextA, nextA + pendingSame)),
                List.copyOf(b.subList(nextB, nextB + pendingSame))));
        nextA += pendingSame;
        nextB += pendingSame;
        pendingSame = 0;
      }
      if (pendingDeleted > 0) {
        segments.add(
            new Segment(
                Kind.DELETED, List.copyOf(a.subList(nextA, nextA + pendingDeleted)), List.of()));
        nextA += pendingDeleted;
        pendingDeleted = 0;
      }
      if (pendingInserted > 0) {
        segments.add(
            new Segment(
                Kind.INSERTED, List.of(), List.copyOf(b.subList(nextB, nextB + pendingInserted))));
        nextB += pendingInserted;
        pendingInserted = 0;
      }
      return segments;
    }
  }
}
