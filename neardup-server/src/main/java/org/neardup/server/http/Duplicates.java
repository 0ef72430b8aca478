package org.neardup.server.http;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.neardup.diff.WordDiff;
import org.neardup.index.FoundMatches;
import org.neardup.index.Match;
import org.neardup.index.NearDupIndex;
import org.neardup.text.Normalizer;

/**
 * The {@code duplicates} of an answer as JSON: each match's id and exact similarity and, with
 * {@code ?diff=true}, the stored text and the word diff from it to the request's text (the diff
 * {@code ./neardup report} draws: {@link WordDiff}, words compared after the index's
 * normalization). Thread-safe.
 */
final class Duplicates {
  /** The longest text, stored or asked, that is diffed: 100,000 characters. */
  static final int MAX_DIFF_TEXT_CHARS = 100_000;

  /**
   * The texts (each diffed match's stored text plus the asked text) one answer diffs at most:
   * 2,000,000 characters, which bounds its size to about three times that and its diff work with
   * it.
   */
  static final long MAX_DIFF_BUDGET_CHARS = 2_000_000;

  private final NearDupIndex<String> index;
  private final Normalizer normalizer;

  Duplicates(NearDupIndex<String> index, Normalizer normalizer) {
    this.index = index;
    this.normalizer = normalizer;
  }

  /** {@code [{"id", "similarity"}]}, best first. */
  static List<Map<String, Object>> of(List<Match<String>> matches) {
    List<Map<String, Object>> list = new ArrayList<>(matches.size());
    for (Match<String> match : matches) {
      list.add(item(match));
    }
    return list;
  }

  /**
   * {@code [{"id", "similarity", "text", "diff"}]}: the stored text of each match (null when the
   * index holds none) and the diff of it (left) into {@code text} (right), null without a text.
   * Bounded: a text (stored or asked) longer than {@link #MAX_DIFF_TEXT_CHARS} gets no diff, and
   * the diffs of one answer stop once their texts add up to {@link #MAX_DIFF_BUDGET_CHARS}; those
   * matches have {@code text} and {@code diff} null and {@code diffOmitted} saying why.
   */
  List<Map<String, Object>> withDiffs(List<Match<String>> matches, String text) {
    List<String> words = text.length() > MAX_DIFF_TEXT_CHARS ? List.of() : WordDiff.words(text);
    long budget = MAX_DIFF_BUDGET_CHARS;
    List<Map<String, Object>> list = new ArrayList<>(matches.size());
    for (Match<String> match : matches) {
      Map<String, Object> item = item(match);
      Optional<String> stored = index.text(match.key());
      String omitted = null;
      if (stored.isPresent()
          && (text.length() > MAX_DIFF_TEXT_CHARS || stored.get().length() > MAX_DIFF_TEXT_CHARS)) {
        omitted =
            "a text is longer than " + MAX_DIFF_TEXT_CHARS + " characters, the longest diffed";
      } else if (stored.isPresent() && stored.get().length() + (long) text.length() > budget) {
        omitted =
            "the answer's diffs reached their limit of "
                + MAX_DIFF_BUDGET_CHARS
                + " characters of text; ask for fewer duplicates (limit) to see this one";
      }
      if (omitted != null) {
        item.put("text", null);
        item.put("diff", null);
        item.put("diffOmitted", omitted);
      } else {
        budget -= stored.map(s -> s.length() + (long) text.length()).orElse(0L);
        item.put("text", stored.orElse(null));
        item.put(
            "diff",
            stored
                .map(s -> segments(WordDiff.of(WordDiff.words(s), words, normalizer::normalize)))
                .orElse(null));
      }
      list.add(item);
    }
    return list;
  }

  /**
   * {@code [{"kind": "same"|"deleted"|"inserted", "left", "right"}]}, each side's words joined by a
   * space.
   */
  static List<Map<String, Object>> segments(List<WordDiff.Segment> diff) {
    List<Map<String, Object>> list = new ArrayList<>(diff.size());
    for (WordDiff.Segment segment : diff) {
      Map<String, Object> item = new LinkedHashMap<>();
      item.put("kind", segment.kind().name().toLowerCase(Locale.ROOT));
      item.put("left", String.join(" ", segment.left()));
      item.put("right", String.join(" ", segment.right()));
      list.add(item);
    }
    return list;
  }

  /**
   * Adds to an answer what its limits left out ({@link AnswerLimits}): {@code moreDuplicates}, the
   * near-duplicates found beyond those listed, and {@code notCompared}, at least how many documents
   * sharing a band with the text were not compared; each only when not 0.
   */
  static void putCounts(Map<String, Object> answer, FoundMatches<String> found) {
    if (found.moreMatches() > 0) {
      answer.put("moreDuplicates", found.moreMatches());
    }
    if (found.notCompared() > 0) {
      answer.put("notCompared", found.notCompared());
    }
  }

  private static Map<String, Object> item(Match<String> match) {
    Map<String, Object> item = new LinkedHashMap<>();
    item.put("id", match.key());
    item.put("similarity", match.similarity());
    return item;
  }
}
