package org.neardup.index;

import java.util.List;
import java.util.Optional;

/**
 * What one {@link IndexWrite} of a batch did.
 *
 * @param key the document's key
 * @param status the outcome
 * @param matches the near-duplicates held before the write, best first (empty unless the write
 *     asked for them and was applied, or was refused as a {@link Status#DUPLICATE}), at most as
 *     many as the write's {@link IndexWrite#limits} list
 * @param moreMatches near-duplicates found beyond those listed
 * @param notCompared candidates not compared for want of the write's limits, at least (0 when every
 *     candidate was compared)
 * @param <K> the document key type
 */
public record WriteResult<K>(
    K key, Status status, List<Match<K>> matches, long moreMatches, long notCompared) {
  /** The outcome of a write. */
  public enum Status {
    /** A new document was stored. */
    ADDED,
    /** The document held under the key was replaced. */
    REPLACED,
    /** The document was removed. */
    REMOVED,
    /** Refused: an add of a key already held. Nothing changed. */
    ALREADY_PRESENT,
    /** Refused: a removal of a key not held. Nothing changed. */
    NOT_FOUND,
    /** Refused: the text is empty after normalization, nothing to compare. Nothing changed. */
    EMPTY_DOCUMENT,
    /**
     * Refused: a {@linkplain IndexWrite#unique() unique} write of a document that has a
     * near-duplicate held; the matches list them, the first being the one it duplicates. Nothing
     * changed.
     */
    DUPLICATE;

    /** Whether the write changed the index. */
    public boolean applied() {
      return this == ADDED || this == REPLACED || this == REMOVED;
    }
  }

  public WriteResult {
    matches = List.copyOf(matches);
  }

  /** A result whose matches are all the near-duplicates. */
  public WriteResult(K key, Status status, List<Match<K>> matches) {
    this(key, status, matches, 0, 0);
  }

  /** A result with the matches {@code found}. */
  WriteResult(K key, Status status, FoundMatches<K> found) {
    this(key, status, found.matches(), found.moreMatches(), found.notCompared());
  }

  /** The matches with what the write's limits left out. */
  public FoundMatches<K> found() {
    return new FoundMatches<>(matches, moreMatches, notCompared);
  }

  /**
   * The held document a write refused as a {@link Status#DUPLICATE} duplicates: its best match
   * (highest similarity, ties in storage order); empty for any other outcome.
   */
  public Optional<Match<K>> duplicateOf() {
    return status == Status.DUPLICATE ? Optional.of(matches.get(0)) : Optional.empty();
  }
}
