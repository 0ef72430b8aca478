package org.neardup.index;

import java.util.List;

/**
 * The near-duplicates a query or an add found within its {@link MatchLimits}: those listed, best
 * first, and what the limits left out.
 *
 * @param matches the matches listed, best first (ties in storage order)
 * @param moreMatches matches found beyond those listed
 * @param notCompared candidates (documents sharing a band) not compared, at least: 0 when every
 *     candidate was compared, so that {@code matches} and {@code moreMatches} are all the matches
 * @param <K> the document key type
 */
public record FoundMatches<K>(List<Match<K>> matches, long moreMatches, long notCompared) {
  static final FoundMatches<?> NONE = new FoundMatches<>(List.of(), 0, 0);

  public FoundMatches {
    matches = List.copyOf(matches);
  }

  /** Nothing found. */
  @SuppressWarnings("unchecked")
  static <K> FoundMatches<K> none() {
    return (FoundMatches<K>) NONE;
  }
}
