package org.neardup.spark.kept;

import java.io.Serializable;
import org.neardup.cluster.KeepPolicy;

/**
 * A document's place in the keep order: {@code first} is ordinal ascending, {@code longest} text
 * length descending and {@code shortest} ascending, ties by ordinal. Smaller comes first. Immutable
 * and serializable.
 *
 * @param primary 0 (first), minus the text length (longest) or the text length (shortest)
 * @param ordinal the document's ordinal (input order)
 */
record KeepRank(long primary, long ordinal) implements Serializable, Comparable<KeepRank> {
  private static final long serialVersionUID = 1L;

  static KeepRank of(KeepPolicy keep, long ordinal, int textLength) {
    return switch (keep) {
      case FIRST -> new KeepRank(0, ordinal);
      case LONGEST -> new KeepRank(-(long) textLength, ordinal);
      case SHORTEST -> new KeepRank(textLength, ordinal);
    };
  }

  @Override
  public int compareTo(KeepRank other) {
    int c = Long.compare(primary, other.primary);
    return c != 0 ? c : Long.compare(ordinal, other.ordinal);
  }

  boolean before(KeepRank other) {
    return compareTo(other) < 0;
  }
}
