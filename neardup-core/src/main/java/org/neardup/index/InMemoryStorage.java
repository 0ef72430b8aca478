package org.neardup.index;

import java.util.Arrays;
import org.neardup.internal.Handles;
import org.neardup.lsh.BucketTable;

/**
 * {@link IndexStorage} on the heap: dense int handles ({@link Handles}) indexing arrays of
 * signatures and shingle sets, and a {@link BucketTable}. Removal gives memory back: handles are
 * reused, the bucket table shrinks, and {@link #compact} shrinks the arrays when most handles are
 * free. Memory per document: its key, its signature (4 bytes a value), its shingle set (8 bytes a
 * shingle) and about 20 bytes a band; texts are not kept. Not thread-safe on its own: {@link
 * NearDupIndex} locks.
 *
 * @param <K> the document key type
 */
public final class InMemoryStorage<K> implements IndexStorage<K>, SketchStore<K>, BucketStore {
  private final Handles<K> handles;
  private final BucketTable buckets;
  private int[][] signatures;
  private long[][] sets;

  /** An empty store sized for about {@code expectedSize} documents of {@code bands} bands. */
  public InMemoryStorage(int expectedSize, int bands) {
    this.handles = new Handles<>(expectedSize);
    this.buckets = new BucketTable(Math.max(16, expectedSize) * Math.max(1, bands));
    this.signatures = new int[handles.capacity()][];
    this.sets = new long[handles.capacity()][];
  }

  @Override
  public SketchStore<K> sketches() {
    return this;
  }

  @Override
  public BucketStore buckets() {
    return this;
  }

  @Override
  public void commit() {
    // nothing to make durable
  }

  @Override
  public void close() {
    // nothing to release: the garbage collector takes it all
  }

  @Override
  public long handleOf(K key) {
    return handles.handleOf(key);
  }

  @Override
  public K key(long handle) {
    return handles.key((int) handle);
  }

  @Override
  public int[] signature(long handle) {
    return signatures[(int) handle];
  }

  @Override
  public long[] shingleSet(long handle) {
    return sets[(int) handle];
  }

  @Override
  public long size() {
    return handles.size();
  }

  @Override
  public long insert(K key, int[] signature, long[] shingleSet, String text) {
    int handle = handles.add(key);
    if (handles.capacity() > signatures.length) {
      signatures = Arrays.copyOf(signatures, handles.capacity());
      sets = Arrays.copyOf(sets, handles.capacity());
    }
    signatures[handle] = signature;
    sets[handle] = shingleSet;
    return handle;
  }

  @Override
  public void delete(long handle) {
    K key = handles.key((int) handle);
    handles.remove(key);
    signatures[(int) handle] = null;
    sets[(int) handle] = null;
  }

  @Override
  public boolean isSparse() {
    return handles.isSparse();
  }

  @Override
  public void compact(HandleMover mover) {
    handles.compact(
        (from, to) -> {
          signatures[to] = signatures[from];
          sets[to] = sets[from];
          signatures[from] = null;
          sets[from] = null;
          mover.move(from, to);
        });
    signatures = Arrays.copyOf(signatures, handles.capacity());
    sets = Arrays.copyOf(sets, handles.capacity());
  }

  @Override
  public void add(long[] bucketKeys, long handle) {
    for (long bucket : bucketKeys) {
      buckets.add(bucket, (int) handle);
    }
  }

  @Override
  public void remove(long[] bucketKeys, long handle) {
    for (long bucket : bucketKeys) {
      buckets.remove(bucket, (int) handle);
    }
  }

  @Override
  public long[] candidates(long[] bucketKeys) {
    int[] found = buckets.union(bucketKeys);
    long[] handles = new long[found.length];
    for (int i = 0; i < found.length; i++) {
      handles[i] = found[i];
    }
    return handles;
  }
}
