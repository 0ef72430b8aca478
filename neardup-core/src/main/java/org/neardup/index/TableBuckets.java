package org.neardup.index;

import java.util.function.LongConsumer;
import org.neardup.lsh.BucketTable;

/**
 * A {@link BucketStore} on the heap: a {@link BucketTable} of int handles (non-negative, below
 * 2^31). The buckets of each space of the in-memory index. Not thread-safe on its own: {@link
 * NearDupIndex} locks.
 */
final class TableBuckets implements BucketStore {
  private final BucketTable table;

  /** An empty store sized for about {@code expectedBuckets} buckets before it grows. */
  TableBuckets(int expectedBuckets) {
    this.table = new BucketTable(expectedBuckets);
  }

  /** Bytes of heap the table holds. */
  long memoryBytes() {
    return table.memoryBytes();
  }

  /** (bucket, document) entries held. */
  long entries() {
    return table.entries();
  }

  @Override
  public void add(long[] bucketKeys, long handle) {
    int value = Math.toIntExact(handle);
    for (long bucket : bucketKeys) {
      table.add(bucket, value);
    }
  }

  @Override
  public void remove(long[] bucketKeys, long handle) {
    for (long bucket : bucketKeys) {
      table.remove(bucket, (int) handle);
    }
  }

  @Override
  public long[] candidates(long[] bucketKeys) {
    return widened(table.union(bucketKeys));
  }

  @Override
  public int size(long bucketKey) {
    return table.size(bucketKey);
  }

  @Override
  public void forEach(long[] bucketKeys, LongConsumer consumer) {
    for (long bucketKey : bucketKeys) {
      table.forEach(bucketKey, consumer::accept);
    }
  }

  @Override
  public CountedCandidates countedCandidates(long[] bucketKeys, int minimumHits) {
    long[] entries = widened(table.entries(bucketKeys)); // sorted: a handle's run is its buckets
    return CountedCandidates.countSorted(entries, entries.length, minimumHits);
  }

  /** The table's int handles as the store's long ones. */
  private static long[] widened(int[] handles) {
    long[] wide = new long[handles.length];
    for (int i = 0; i < handles.length; i++) {
      wide[i] = handles[i];
    }
    return wide;
  }
}
