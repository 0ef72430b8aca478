package org.neardup.index;

/**
 * The first (smallest) hashes of a stored shingle set and the set's size: what a store reads when a
 * verification can usually decide from the start of the merge ({@link
 * org.neardup.verify.Jaccard#plausiblyAtLeast(long[], long[], int, double, double)}), without
 * copying the whole set.
 *
 * @param hashes the smallest {@code hashes.length} hashes of the set, ascending (the whole set when
 *     {@code hashes.length == size})
 * @param size the number of hashes in the whole set
 */
// Shares its arrays (no copy: a carrier between the pipeline's steps); equals and hashCode
// compare them by identity, which no caller relies on.
@SuppressWarnings("ArrayRecordComponent")
public record SetHead(long[] hashes, int size) {
  public SetHead {
    if (hashes.length > size) {
      throw new IllegalArgumentException(
          "a head of " + hashes.length + " hashes of a set of " + size);
    }
  }

  /** Whether the head is the whole set. */
  public boolean whole() {
    return hashes.length == size;
  }
}
