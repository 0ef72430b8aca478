package org.neardup.index;

import java.util.Arrays;
import java.util.function.LongConsumer;

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

  /**
   * How many documents the bucket {@code bucketKey} holds, to read short buckets first; 0 when the
   * store cannot tell cheaply (the default).
   */
  default int size(long bucketKey) {
    return 0;
  }

  /** The handles in the bucket {@code bucketKey}, ascending. */
  default long[] members(long bucketKey) {
    return candidates(new long[] {bucketKey});
  }

  /** Calls {@code consumer} with every handle in the bucket {@code bucketKey}, in any order. */
  default void forEach(long bucketKey, LongConsumer consumer) {
    for (long handle : members(bucketKey)) {
      consumer.accept(handle);
    }
  }

  /**
   * Calls {@code consumer} with every handle in each of the buckets {@code bucketKeys} (once a bucket
   * holding it), in any order; a store that reads many buckets in one go overrides it.
   */
  default void forEach(long[] bucketKeys, LongConsumer consumer) {
    for (long bucketKey : bucketKeys) {
      forEach(bucketKey, consumer);
    }
  }

  /**
   * The distinct handles in at least {@code minimumHits} of the buckets {@code bucketKeys}, each
   * with how many of them hold it (the candidates with their number of shared bands), most first.
   */
  default CountedCandidates countedCandidates(long[] bucketKeys, int minimumHits) {
    long[] all = new long[16];
    int size = 0;
    for (long bucketKey : bucketKeys) {
      long[] members = members(bucketKey);
      if (size + members.length > all.length) {
        all = Arrays.copyOf(all, Math.max(2 * all.length, size + members.length));
      }
      System.arraycopy(members, 0, all, size, members.length);
      size += members.length;
    }
    return CountedCandidates.count(all, size, minimumHits);
  }

  /** Moves {@code from} to {@code to} in the buckets {@code bucketKeys} (after a compaction). */
  default void move(long[] bucketKeys, long from, long to) {
    remove(bucketKeys, from);
    add(bucketKeys, to);
  }
}
