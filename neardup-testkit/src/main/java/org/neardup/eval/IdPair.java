package org.neardup.eval;

import java.util.Objects;

/** An unordered pair of document ids, stored with {@code first < second} in String order. */
public record IdPair(String first, String second) {
  public IdPair {
    Objects.requireNonNull(first, "first");
    Objects.requireNonNull(second, "second");
    if (first.compareTo(second) >= 0) {
      throw new IllegalArgumentException(
          "expected first < second, got '" + first + "', '" + second + "'");
    }
  }

  /** The pair of two distinct ids in either order. */
  public static IdPair of(String a, String b) {
    return a.compareTo(b) < 0 ? new IdPair(a, b) : new IdPair(b, a);
  }
}
