package org.neardup.index;

import java.util.Arrays;
import org.neardup.api.Faces;

/**
 * The first (smallest) hashes of a stored shingle set and the set's size: what a store reads when a
 * verification can usually decide from the start of the merge ({@link
 * org.neardup.verify.Jaccard#plausiblyAtLeast(long[], long[], int, double, double)}), without
 * copying the whole set. Immutable: it keeps a copy of the hashes given, and {@link #hashes()}
 * returns a copy.
 */
@Faces
public final class SetHead {
  /** The smallest {@code hashes.length} hashes of the set, ascending. */
  private final long[] hashes;

  private final int size;

  /**
   * @param hashes the smallest {@code hashes.length} hashes of the set, ascending (the whole set
   *     when {@code hashes.length == size}); copied
   * @param size the number of hashes in the whole set
   */
  public SetHead(long[] hashes, int size) {
    this(size, hashes.clone());
  }

  private SetHead(int size, long[] owned) {
    if (owned.length > size) {
      throw new IllegalArgumentException(
          "a head of " + owned.length + " hashes of a set of " + size);
    }
    this.hashes = owned;
    this.size = size;
  }

  /** The head of a set whose array no one changes again (a stored set): not copied. */
  static SetHead ofOwned(long[] hashes, int size) {
    return new SetHead(size, hashes);
  }

  /** The head's hashes, ascending: a copy. */
  public long[] hashes() {
    return hashes.clone();
  }

  /** The head's hashes, not copied: for this package's readers, which do not change them. */
  long[] sharedHashes() {
    return hashes;
  }

  /** The number of hashes in the whole set. */
  public int size() {
    return size;
  }

  /** Whether the head is the whole set. */
  public boolean whole() {
    return hashes.length == size;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SetHead other && size == other.size && Arrays.equals(hashes, other.hashes);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(hashes) + size;
  }

  @Override
  public String toString() {
    return "SetHead[hashes=" + Arrays.toString(hashes) + ", size=" + size + "]";
  }
}
