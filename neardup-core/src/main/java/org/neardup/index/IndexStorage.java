package org.neardup.index;

import java.util.List;

/**
 * The storage behind a {@link NearDupIndex}: its documents' sketches and its buckets, written
 * together. The index calls {@link #commit()} after each operation (or batch of operations) that
 * wrote: a durable store makes the writes since the last commit durable there, atomically; the
 * in-memory store does nothing. If a commit fails, the store must drop the uncommitted writes.
 *
 * @param <K> the document key type
 */
public interface IndexStorage<K> extends AutoCloseable {
  SketchStore<K> sketches();

  /** The buckets of the threshold banding: {@code buckets(BucketSpace.THRESHOLD)}. */
  BucketStore buckets();

  /**
   * The buckets of {@code space}. An index asks only for the spaces its {@link SearchSettings} use;
   * a storage that keeps only the threshold buckets refuses the others.
   *
   * @throws UnsupportedOperationException for a space this storage does not keep
   */
  default BucketStore buckets(BucketSpace space) {
    if (space == BucketSpace.THRESHOLD) {
      return buckets();
    }
    throw new UnsupportedOperationException("this index storage keeps no " + space + " buckets");
  }

  /**
   * Makes now what top-k search reads and would otherwise make on its first query (the low bytes of
   * the signatures; a store that keeps its floor buckets on the heap, those too), so that the first
   * query does not wait for it. Called under the index's read lock, for an index with a top-k floor;
   * idempotent. Nothing to make: nothing done (the default).
   */
  default void prepareTopK() {}

  /**
   * A batch of writes begins: the index holds its write lock until the {@link #commit()} that ends
   * the batch, so a storage may keep state of the batch in the meantime (no reader runs).
   */
  default void begin() {}

  /**
   * The batch just begun reads these keys and these bucket keys of the threshold buckets
   * (repeats possible), one write after another: a storage that reads faster in bulk may read them
   * now, and answer the batch's reads of them from what it read until {@link #commit()} (the
   * batch's own writes take precedence). Nothing read ahead: nothing done (the default).
   */
  default void prefetch(List<K> keys, long[] bucketKeys) {}

  /**
   * Makes the writes since {@link #begin()} durable, and ends the batch (also when it wrote
   * nothing); an acknowledged write happens after this.
   */
  void commit();

  /** Releases the storage. The index is unusable after. */
  @Override
  void close();
}
