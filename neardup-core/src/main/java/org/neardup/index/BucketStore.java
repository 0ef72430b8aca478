package org.neardup.index;

import java.util.Arrays;
import java.util.function.LongConsumer;
import org.neardup.api.Faces;

/**
 * Where an index keeps the buckets of one {@link BucketSpace}: which document handles share each
 * 64-bit bucket key (for the threshold and the top-k floor, the keys {@link
 * org.neardup.lsh.Banding} makes, one a band; for containment, one a sampled shingle). Calls come
 * from a {@link NearDupIndex} under its lock: reads may run concurrently, writes exclusively.
 */
@Faces
public interface BucketStore {
  /** Puts {@code handle} into each of the buckets {@code bucketKeys}. */
  void add(long[] bucketKeys, long handle);

  /** Takes {@code handle} out of each of the buckets {@code bucketKeys}. */
  void remove(long[] bucketKeys, long handle);

  /**
   * Calls {@code consumer} with every handle in each of the buckets {@code bucketKeys} (once a
   * bucket holding it), in any order.
   */
  void forEach(long[] bucketKeys, LongConsumer consumer);

  /** The distinct handles in any of the buckets {@code bucketKeys}, ascending: the candidates. */
  long[] candidates(long[] bucketKeys);

  /**
   * The first at most {@code count} {@linkplain #candidates candidates} (ascending), and at least
   * how many more there are: what a query of bounded work compares ({@link MatchLimits}). Speed
   * hook: by default from {@link #candidates}, whose work grows with every bucket's size; a store
   * whose bucket lists are sorted stops merging them at {@code count}.
   */
  default BoundedCandidates firstCandidates(long[] bucketKeys, int count) {
    long[] all = candidates(bucketKeys);
    return all.length <= count
        ? new BoundedCandidates(all, 0)
        : new BoundedCandidates(Arrays.copyOf(all, count), all.length - count);
  }

  /**
   * The distinct handles in at least {@code minimumHits} of the buckets {@code bucketKeys}, each
   * with how many of them hold it (the candidates with their number of shared bands), most first:
   * what top-k search reads of the floor buckets. Speed hook: by default, counted from {@link
   * #forEach}.
   */
  default CountedCandidates countedCandidates(long[] bucketKeys, int minimumHits) {
    long[][] all = {new long[16]};
    int[] size = {0};
    forEach(
        bucketKeys,
        handle -> {
          if (size[0] == all[0].length) {
            all[0] = Arrays.copyOf(all[0], 2 * size[0]);
          }
          all[0][size[0]++] = handle;
        });
    return CountedCandidates.count(all[0], size[0], minimumHits);
  }

  /**
   * How many documents the bucket {@code bucketKey} holds, so that containment search reads short
   * buckets first. Speed hook: 0, "not known", by default.
   */
  default int size(long bucketKey) {
    return 0;
  }
}
