package org.neardup.spark.verify;

import org.neardup.spark.corpus.SignedSplit;
import org.neardup.spark.input.Ordinals;

/**
 * Sort keys for records about the documents of one home: the document's record index (the low half
 * of its ordinal, {@link Ordinals}) in the high bits and the record's position in the low 31, so
 * that a primitive sort of the keys orders the records by document, and by position among the
 * records of one document. Stateless.
 */
final class HomeOrder {
  private static final int POSITION_BITS = 31;
  private static final long POSITION_MASK = (1L << POSITION_BITS) - 1;

  private HomeOrder() {}

  /**
   * The key of the record at {@code position} about document {@code ordinal} of {@code home}.
   *
   * @throws IllegalStateException if the document does not live at {@code home}
   */
  static long key(SignedSplit home, long ordinal, int position) {
    if (Ordinals.split(ordinal) != home.split()) {
      throw new IllegalStateException(
          "document " + ordinal + " is not at its home, split " + home.split());
    }
    return (Ordinals.recordIndex(ordinal) << POSITION_BITS) | position;
  }

  /** The position of a key's record. */
  static int position(long key) {
    return (int) (key & POSITION_MASK);
  }

  /** The ordinal of a key's document, which lives at {@code home}. */
  static long ordinalOf(SignedSplit home, long key) {
    return Ordinals.of(home.split(), key >>> POSITION_BITS);
  }
}
