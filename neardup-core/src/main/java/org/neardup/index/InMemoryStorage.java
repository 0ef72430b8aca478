package org.neardup.index;

import java.util.EnumMap;
import java.util.Map;
import org.neardup.api.Faces;

/**
 * {@link IndexStorage} on the heap: the documents in arrays indexed by dense int handles, and each
 * {@link BucketSpace}'s buckets in a {@code BucketTable} of its own, made on first use. Removal
 * gives memory back: handles are reused, the bucket tables shrink, and the arrays shrink when most
 * handles are free. Memory per document: its key, its signature (4 bytes a value, and, once a top-k
 * query has needed them, its low bytes again, one byte a value, for the floor candidates), its
 * shingle set (8 bytes a shingle) and about 20 bytes a bucket entry (one a band, and for the other
 * {@link BucketSpace}s one a floor band or sampled shingle); texts are not kept. Not thread-safe on
 * its own: {@link NearDupIndex} locks.
 *
 * @param <K> the document key type
 */
@Faces
public final class InMemoryStorage<K> implements IndexStorage<K> {
  private final InMemoryDocuments<K> documents;
  private final int expectedSize;
  private final Map<BucketSpace, TableBuckets> spaces = new EnumMap<>(BucketSpace.class);

  /** An empty store sized for about {@code expectedSize} documents of {@code bands} bands. */
  public InMemoryStorage(int expectedSize, int bands) {
    this.documents = new InMemoryDocuments<>(expectedSize);
    this.expectedSize = expectedSize;
    spaces.put(
        BucketSpace.THRESHOLD, new TableBuckets(Math.max(16, expectedSize) * Math.max(1, bands)));
  }

  @Override
  public SketchStore<K> sketches() {
    return documents;
  }

  @Override
  public BucketStore buckets(BucketSpace space) {
    return spaces.computeIfAbsent(space, s -> new TableBuckets(Math.max(16, expectedSize) * 16));
  }

  /**
   * Bytes of heap the buckets of {@code space} hold (0 for a space never used), for memory
   * accounting.
   */
  public long memoryBytes(BucketSpace space) {
    TableBuckets table = spaces.get(space);
    return table == null ? 0 : table.memoryBytes();
  }

  /** (bucket, document) entries of {@code space}. */
  public long entries(BucketSpace space) {
    TableBuckets table = spaces.get(space);
    return table == null ? 0 : table.entries();
  }

  @Override
  public void commit() {
    // nothing to make durable
  }

  /**
   * Cannot undo: writes are applied as they come. Only an {@link Error} (out of memory) stops a
   * batch of the in-memory index midway.
   */
  @Override
  public boolean rollback() {
    return false;
  }

  @Override
  public void close() {
    // nothing to release: the garbage collector takes it all
  }
}
