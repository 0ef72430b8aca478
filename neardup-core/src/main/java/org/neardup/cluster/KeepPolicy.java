package org.neardup.cluster;

import java.util.Locale;

/** Which member of a duplicate cluster is kept as its representative. Ties go to the first seen. */
public enum KeepPolicy {
  /** The member read first. */
  FIRST,
  /** The member with the longest text (in characters, before normalization). */
  LONGEST,
  /** The member with the shortest text. */
  SHORTEST;

  public static KeepPolicy parse(String name) {
    try {
      return valueOf(name.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "unknown keep policy '" + name + "' (expected first, longest or shortest)");
    }
  }
}
