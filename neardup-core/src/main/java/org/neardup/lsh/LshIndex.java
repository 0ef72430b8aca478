package org.neardup.lsh;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.neardup.internal.Handles;

/**
 * An in-memory LSH index of signatures by key, as datasketch's {@code MinHashLSH}: a query returns
 * the keys sharing at least one bucket with the query's signature — candidates, not results. For
 * verified matches with their exact similarity use {@link org.neardup.index.NearDupIndex}, which
 * keeps the shingle sets too.
 *
 * <p>{@link #remove} needs the key alone (each key's bucket keys are kept) and gives its memory
 * back: removed slots are reused, and the index compacts when most of it is free. Thread-safe:
 * queries run concurrently, inserts and removals exclusively.
 *
 * @param <K> the document key type (equals/hashCode define identity)
 */
public final class LshIndex<K> {
  private final Banding banding;
  private final int bands;
  private final ReadWriteLock lock = new ReentrantReadWriteLock();
  private final Handles<K> handles;
  private final BucketTable buckets;
  private long[][] bucketKeys; // by handle

  /** An empty index with the given banding. */
  public LshIndex(LshParams params) {
    this(params, 1024);
  }

  /** An empty index sized for about {@code expectedSize} documents. */
  public LshIndex(LshParams params, int expectedSize) {
    this.banding = new Banding(params);
    this.bands = params.bands();
    this.handles = new Handles<>(expectedSize);
    this.buckets = new BucketTable(expectedSize * bands);
    this.bucketKeys = new long[handles.capacity()][];
  }

  public LshParams params() {
    return banding.params();
  }

  /**
   * Adds a document.
   *
   * @throws IllegalArgumentException if {@code key} is already present, or the signature is shorter
   *     than b * r
   */
  public void insert(K key, int[] signature) {
    Objects.requireNonNull(key, "key");
    long[] keys = banding.bucketKeys(signature);
    lock.writeLock().lock();
    try {
      int handle = handles.add(key);
      if (handles.capacity() > bucketKeys.length) {
        bucketKeys = Arrays.copyOf(bucketKeys, handles.capacity());
      }
      bucketKeys[handle] = keys;
      for (long bucket : keys) {
        buckets.add(bucket, handle);
      }
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** Removes a document by key alone. Returns false when the key was not present. */
  public boolean remove(K key) {
    lock.writeLock().lock();
    try {
      int handle = handles.remove(key);
      if (handle < 0) {
        return false;
      }
      for (long bucket : bucketKeys[handle]) {
        buckets.remove(bucket, handle);
      }
      bucketKeys[handle] = null;
      if (handles.isSparse()) {
        handles.compact(this::move);
        bucketKeys = Arrays.copyOf(bucketKeys, handles.capacity());
      }
      return true;
    } finally {
      lock.writeLock().unlock();
    }
  }

  private void move(int from, int to) {
    long[] keys = bucketKeys[from];
    for (long bucket : keys) {
      buckets.remove(bucket, from);
      buckets.add(bucket, to);
    }
    bucketKeys[to] = keys;
    bucketKeys[from] = null;
  }

  /** Keys of the documents sharing a bucket with {@code signature}, each once. */
  public List<K> query(int[] signature) {
    long[] keys = banding.bucketKeys(signature);
    lock.readLock().lock();
    try {
      int[] found = buckets.union(keys);
      List<K> result = new ArrayList<>(found.length);
      for (int handle : found) {
        result.add(handles.key(handle));
      }
      return result;
    } finally {
      lock.readLock().unlock();
    }
  }

  public boolean contains(K key) {
    lock.readLock().lock();
    try {
      return handles.handleOf(key) >= 0;
    } finally {
      lock.readLock().unlock();
    }
  }

  /** Number of documents present. */
  public int size() {
    lock.readLock().lock();
    try {
      return handles.size();
    } finally {
      lock.readLock().unlock();
    }
  }
}
