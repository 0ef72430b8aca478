package org.neardup.shingle;

import java.io.Serializable;
import java.util.Objects;
import java.util.Optional;

/**
 * The shingle unit, size k, and how shingles are hashed. Immutable and serializable.
 *
 * @param unit characters (Unicode code points) or words
 * @param size k, in [1, 1024]
 * @param hashVersion how shingles are cut and hashed ({@link ShingleHashVersion#DEFAULT} unless
 *     reading what an earlier version made)
 */
public record ShingleConfig(ShingleUnit unit, int size, ShingleHashVersion hashVersion)
    implements Serializable {
  /** Largest accepted k. */
  public static final int MAX_SIZE = 1024;

  private static final long serialVersionUID = 1L;

  /** Character 5-shingles, the default: good for short and long texts alike. */
  public static final ShingleConfig DEFAULT = new ShingleConfig(ShingleUnit.CHAR, 5);

  public ShingleConfig {
    Objects.requireNonNull(unit, "unit");
    Objects.requireNonNull(hashVersion, "hashVersion");
    if (size < 1 || size > MAX_SIZE) {
      throw new IllegalArgumentException(
          "shingle size must be in [1, " + MAX_SIZE + "], got " + size);
    }
  }

  /** k units hashed with {@link ShingleHashVersion#DEFAULT}. */
  public ShingleConfig(ShingleUnit unit, int size) {
    this(unit, size, ShingleHashVersion.DEFAULT);
  }

  /** Character k-shingles. */
  public static ShingleConfig chars(int size) {
    return new ShingleConfig(ShingleUnit.CHAR, size);
  }

  /**
   * Word k-shingles: words between Unicode word boundaries (needs ICU4J, see {@link
   * ShingleUnit#WORD}).
   */
  public static ShingleConfig words(int size) {
    return new ShingleConfig(ShingleUnit.WORD, size);
  }

  /** Whitespace-word k-shingles: words are the whitespace-separated tokens. */
  public static ShingleConfig whitespaceWords(int size) {
    return new ShingleConfig(ShingleUnit.WHITESPACE_WORD, size);
  }

  /**
   * Parses {@code char:K}, {@code word:K} or {@code whitespace-word:K}, e.g. {@code "char:9"}.
   *
   * @throws IllegalArgumentException naming the expected form
   */
  public static ShingleConfig parse(String spec) {
    Objects.requireNonNull(spec, "spec");
    int colon = spec.indexOf(':');
    if (colon > 0) {
      Optional<ShingleUnit> unit = ShingleUnit.ofSpec(spec.substring(0, colon));
      String size = spec.substring(colon + 1).trim();
      try {
        if (unit.isPresent()) {
          return new ShingleConfig(unit.get(), Integer.parseInt(size));
        }
      } catch (NumberFormatException e) {
        // fall through to the message below
      }
    }
    throw new IllegalArgumentException(
        "invalid shingle '"
            + spec
            + "' (expected char:K, word:K or whitespace-word:K, e.g. char:5 or word:3)");
  }

  /** The same shingles hashed with {@code version}. */
  public ShingleConfig withHashVersion(ShingleHashVersion version) {
    return new ShingleConfig(unit, size, version);
  }

  /**
   * The form {@link #parse} reads, e.g. {@code "char:9"}; a hash version other than the default is
   * appended, as in {@code "char:9 (UTF16_V1)"}.
   */
  @Override
  public String toString() {
    String spec = unit.spec() + ":" + size;
    return hashVersion == ShingleHashVersion.DEFAULT ? spec : spec + " (" + hashVersion + ")";
  }
}
