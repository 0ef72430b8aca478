package org.neardup.spark.shuffle;

import org.neardup.spark.input.Ordinals;

/**
 * Where a document lives: the partition of the cached corpus that holds it, which is the split it
 * was read from, the high half of its ordinal ({@link Ordinals}). Work on a document's data is sent
 * to its home and done there against the cached split, so the corpus itself never moves. Stateless.
 */
public final class Homes {
  private Homes() {}

  /** The home of the document of {@code ordinal}. */
  public static int of(long ordinal) {
    return Ordinals.split(ordinal);
  }

  /** The partition of bucket key {@code key} among {@code partitions}. */
  public static int ofBucket(long key, int partitions) {
    return (int) Long.remainderUnsigned(key, partitions);
  }
}
