package org.neardup.index;

/**
 * Where an index keeps its LSH buckets: which document handles share each 64-bit bucket key (the
 * keys {@link org.neardup.lsh.Banding} makes, one a band). Calls come from a {@link NearDupIndex}
 * under its lock: reads may run concurrently, writes exclusively.
 */
public interface BucketStore {
  /** Puts {@code handle} into each of the buckets {@code bucketKeys}. */
  void add(long[] bucketKeys, long handle);

  /** Takes {@code handle} out of each of the buckets {@code bucketKeys}. */
  void remove(long[] bucketKeys, long handle);

  /** The distinct handles in any of the buckets {@code bucketKeys}, ascending: the candidates. */
  long[] candidates(long[] bucketKeys);

  /** Moves {@code from} to {@code to} in the buckets {@code bucketKeys} (after a compaction). */
  default void move(long[] bucketKeys, long from, long to) {
    remove(bucketKeys, from);
    add(bucketKeys, to);
  }
}
