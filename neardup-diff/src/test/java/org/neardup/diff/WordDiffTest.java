package org.neardup.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.neardup.diff.WordDiff.Kind;
import org.neardup.diff.WordDiff.Segment;

class WordDiffTest {
  private static final UnaryOperator<String> AS_IS = w -> w;

  private static List<Segment> diff(String a, String b) {
    return WordDiff.of(WordDiff.words(a), WordDiff.words(b), AS_IS);
  }

  @Test
  void wordsAreTheRunsBetweenWhitespace() {
    assertThat(WordDiff.words("  two\u00a0words\n\tand three  "))
        .containsExactly("two", "words", "and", "three");
    assertThat(WordDiff.words("   ")).isEmpty();
  }

  @Test
  void aReplacedWordIsOneDeletionThenOneInsertion() {
    assertThat(diff("rent 480 euro a month", "rent 750 euro a month"))
        .containsExactly(
            new Segment(Kind.SAME, List.of("rent"), List.of("rent")),
            new Segment(Kind.DELETED, List.of("480"), List.of()),
            new Segment(Kind.INSERTED, List.of(), List.of("750")),
            new Segment(Kind.SAME, List.of("euro", "a", "month"), List.of("euro", "a", "month")));
  }

  @Test
  void changesAtTheEndsAndEmptyTexts() {
    assertThat(diff("a b", "x a b y"))
        .extracting(Segment::kind)
        .containsExactly(Kind.INSERTED, Kind.SAME, Kind.INSERTED);
    assertThat(diff("", "a b"))
        .containsExactly(new Segment(Kind.INSERTED, List.of(), List.of("a", "b")));
    assertThat(diff("a b", "a b"))
        .containsExactly(new Segment(Kind.SAME, List.of("a", "b"), List.of("a", "b")));
    assertThat(diff("", "")).isEmpty();
  }

  @Test
  void wordsAreComparedByKeyAndShownAsWritten() {
    List<Segment> segments =
        WordDiff.of(
            List.of("Flat", "IN", "Rome"),
            List.of("flat", "in", "Milan"),
            w -> w.toLowerCase(Locale.ROOT));
    assertThat(segments)
        .containsExactly(
            new Segment(Kind.SAME, List.of("Flat", "IN"), List.of("flat", "in")),
            new Segment(Kind.DELETED, List.of("Rome"), List.of()),
            new Segment(Kind.INSERTED, List.of(), List.of("Milan")));
  }

  /**
   * Property over 300 seeded random word lists: each side reads back as its text, the common words
   * are a longest common subsequence (length from an independent DP), no two segments in a row have
   * the same kind, and no insertion comes right before a deletion.
   */
  @Test
  void eachSideReadsBackAndTheCommonWordsAreALongestCommonSubsequence() {
    SplittableRandom random = new SplittableRandom(0xD1FF);
    for (int trial = 0; trial < 300; trial++) {
      List<String> a = randomWords(random);
      List<String> b = random.nextBoolean() ? edited(a, random) : randomWords(random);
      List<Segment> segments = WordDiff.of(a, b, AS_IS);
      List<String> left = new ArrayList<>();
      List<String> right = new ArrayList<>();
      int common = 0;
      for (int s = 0; s < segments.size(); s++) {
        Segment segment = segments.get(s);
        left.addAll(segment.left());
        right.addAll(segment.right());
        if (segment.kind() == Kind.SAME) {
          assertThat(segment.left()).isEqualTo(segment.right());
          common += segment.left().size();
        }
        if (s > 0) {
          Kind previous = segments.get(s - 1).kind();
          assertThat(segment.kind()).isNotEqualTo(previous);
          assertThat(previous == Kind.INSERTED && segment.kind() == Kind.DELETED).isFalse();
        }
      }
      assertThat(left).isEqualTo(a);
      assertThat(right).isEqualTo(b);
      assertThat(common).as("%s / %s", a, b).isEqualTo(lcsLength(a, b));
    }
  }

  @Test
  void textsTooDifferentToAlignAreReplacedWholeBetweenTheirCommonEnds() {
    List<String> a = new ArrayList<>();
    List<String> b = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      a.add("a" + i);
      b.add("b" + i);
    }
    a.add(0, "same");
    b.add(0, "same");
    a.add("end");
    b.add("end");
    assertThat(WordDiff.of(a, b, AS_IS))
        .extracting(Segment::kind)
        .containsExactly(Kind.SAME, Kind.DELETED, Kind.INSERTED, Kind.SAME);
  }

  /** Every other word replaced: edit distance 2 a replaced word, aligned up to MAX_EDITS. */
  @Test
  void aTextIsAlignedWordByWordUpToTheEditBudget() {
    int replaced = WordDiff.MAX_EDITS / 2;
    assertThat(WordDiff.of(interleaved("x", replaced), interleaved("y", replaced), AS_IS))
        .hasSize(3 * replaced);
    assertThat(WordDiff.of(interleaved("x", replaced + 1), interleaved("y", replaced + 1), AS_IS))
        .extracting(Segment::kind)
        .containsExactly(Kind.DELETED, Kind.INSERTED, Kind.SAME);
  }

  /**
   * A long text and a copy with about 1% of its words deleted or inserted: aligned, not replaced.
   */
  @Test
  void longNearDuplicatesAreAlignedWordByWord() {
    SplittableRandom random = new SplittableRandom(20_000);
    List<String> a = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) a.add("w" + i);
    List<String> b = new ArrayList<>();
    int kept = 0;
    for (String word : a) {
      int edit = random.nextInt(200);
      if (edit == 0) continue;
      if (edit == 1) b.add("new" + b.size());
      b.add(word);
      kept++;
    }
    List<Segment> segments = WordDiff.of(a, b, AS_IS);
    assertThat(
            segments.stream()
                .filter(s -> s.kind() == Kind.SAME)
                .mapToInt(s -> s.left().size())
                .sum())
        .isEqualTo(kept);
    assertThat(segments.stream().flatMap(s -> s.left().stream()).toList()).isEqualTo(a);
    assertThat(segments.stream().flatMap(s -> s.right().stream()).toList()).isEqualTo(b);
  }

  /**
   * {@code c0 p0 c1 p1 ...}: {@code count} words of prefix {@code p} each followed by a common
   * word.
   */
  private static List<String> interleaved(String p, int count) {
    List<String> words = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      words.add(p + i);
      words.add("c" + i);
    }
    return words;
  }

  private static List<String> randomWords(SplittableRandom random) {
    List<String> words = new ArrayList<>();
    int n = random.nextInt(0, 25);
    for (int i = 0; i < n; i++) words.add("w" + random.nextInt(6));
    return words;
  }

  private static List<String> edited(List<String> words, SplittableRandom random) {
    List<String> copy = new ArrayList<>();
    for (String word : words) {
      int edit = random.nextInt(6);
      if (edit == 0) continue;
      if (edit == 1) copy.add("x" + random.nextInt(3));
      copy.add(word);
    }
    return copy;
  }

  /** The length of a longest common subsequence, by the textbook prefix DP. */
  private static int lcsLength(List<String> a, List<String> b) {
    int[][] table = new int[a.size() + 1][b.size() + 1];
    for (int i = 1; i <= a.size(); i++) {
      for (int j = 1; j <= b.size(); j++) {
        table[i][j] =
            a.get(i - 1).equals(b.get(j - 1))
                ? table[i - 1][j - 1] + 1
                : Math.max(table[i - 1][j], table[i][j - 1]);
      }
    }
    return table[a.size()][b.size()];
  }
}
