package org.neardup.spark.output;

import java.io.Serializable;

/** A sort key of two ordinals, compared in order. Immutable and serializable. */
public record OrdinalPair(long first, long second)
    implements Serializable, Comparable<OrdinalPair> {
  private static final long serialVersionUID = 1L;

  @Override
  public int compareTo(OrdinalPair other) {
    int c = Long.compare(first, other.first);
    return c != 0 ? c : Long.compare(second, other.second);
  }
}
