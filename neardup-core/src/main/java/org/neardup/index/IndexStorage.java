package org.neardup.index;

import java.util.List;
import org.neardup.api.Faces;

/**
 * The storage behind a {@link NearDupIndex}: its documents ({@link #sketches()}) and its buckets,
 * one {@link BucketStore} a {@link BucketSpace}, written together in batches. The index begins a
 * batch ({@link #begin}) and commits it ({@link #commit()}) around each operation (or batch of
 * operations) that writes: a durable store makes the writes of the batch durable there, atomically;
 * the in-memory store does nothing. A batch that fails before its commit is done (a read fails
 * midway, the commit itself fails) is {@linkplain #rollback() rolled back}: a storage that stages
 * its writes drops them, so that nothing of the batch is readable or written by a later commit.
 *
 * @param <K> the document key type
 */
@Faces
public interface IndexStorage<K> extends AutoCloseable {
  /** The documents. */
  SketchStore<K> sketches();

  /**
   * The buckets of {@code space}. An index asks only for the spaces its {@link SearchSettings} use,
   * once, when it is made; every storage keeps {@link BucketSpace#THRESHOLD}.
   *
   * @throws UnsupportedOperationException for a space this storage does not keep
   */
  BucketStore buckets(BucketSpace space);

  /**
   * A batch of writes begins: the index holds its write lock until the {@link #commit()} that ends
   * it, so a storage may keep state of the batch in the meantime (no reader runs). The batch reads
   * the documents of {@code keysRead} and the {@link BucketSpace#THRESHOLD} buckets of {@code
   * bucketKeysRead} (repeats possible), one write after another. Speed hook: a storage that reads
   * faster in bulk may read them now, and answer the batch's reads from what it read (the batch's
   * own writes take precedence); one that does not need not override it.
   */
  default void begin(List<K> keysRead, long[] bucketKeysRead) {}

  /**
   * Makes the writes since {@link #begin} durable, and ends the batch (also when it wrote nothing);
   * an acknowledged write happens after this.
   */
  void commit();

  /**
   * The batch since {@link #begin} failed (a write or the commit threw): drops what it staged, so
   * that the storage holds what it held before the batch, and ends the batch. Called under the
   * index's write lock, also after a {@link #commit()} that threw.
   *
   * @return whether the writes of the batch are gone; false from a storage that applies writes as
   *     they come and cannot undo them ({@link InMemoryStorage}), whose index then refuses further
   *     writes
   */
  boolean rollback();

  /** Releases the storage. The index is unusable after. */
  @Override
  void close();
}
