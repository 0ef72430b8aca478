package org.neardup.lsh;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.IntConsumer;
import org.neardup.internal.LongIntHashMap;

/**
 * An in-memory LSH index: documents, by key, in b buckets each (one per band). A query returns
 * the documents sharing at least one bucket with the query's signature — candidates, not
 * results: confirm them with {@link org.neardup.verify.Jaccard}.
 *
 * <p>Each inserted key gets an <em>ordinal</em>, 0, 1, 2, … in insertion order, never reused;
 * {@link #forEachCandidate} reports ordinals so that batch callers keep their data in arrays
 * indexed by them. Thread-safe: queries run concurrently, inserts and removals exclusively.
 *
 * @param <K> the document key type (equals/hashCode define identity)
 */
public final class LshIndex<K> {
  private static final int NONE = -1;

  private final Banding banding;
  private final int bands;
  private final ReadWriteLock lock = new ReentrantReadWriteLock();
  private final Map<K, Integer> ordinalsByKey = new HashMap<>();
  private final LongIntHashMap bucketHeads;
  private Object[] keys;
  private long[] bucketKeys; // [ordinal * bands + band]
  private int[] nextInBucket; // [ordinal * bands + band], NONE ends a bucket's chain
  private int ordinals;

  /** An empty index with the given banding. */
  public LshIndex(LshParams params) {
    this(params, 1024);
  }

  /** An empty index sized for about {@code expectedSize} documents. */
  public LshIndex(LshParams params, int expectedSize) {
    this.banding = new Banding(params);
    this.bands = params.bands();
    int capacity = Math.max(16, expectedSize);
    keys = new Object[capacity];
    bucketKeys = new long[capacity * bands];
    nextInBucket = new int[capacity * bands];
    bucketHeads = new LongIntHashMap(capacity * bands);
  }

  public LshParams params() {
    return banding.params();
  }

  /**
   * Adds a document.
   *
   * @return the document's ordinal
   * @throws IllegalArgumentException if {@code key} is already present, or the signature is
   *     shorter than b * r
   */
  public int insert(K key, int[] signature) {
    Objects.requireNonNull(key, "key");
    long[] keysOfBands = banding.bucketKeys(signature);
    lock.writeLock().lock();
    try {
      if (ordinalsByKey.containsKey(key)) {
        throw new IllegalArgumentException("key already in the index: " + key);
      }
      int ordinal = ordinals++;
      ensureCapacity(ordinals);
      keys[ordinal] = key;
      ordinalsByKey.put(key, ordinal);
      for (int band = 0; band < bands; band++) {
        int slot = ordinal * bands + band;
        bucketKeys[slot] = keysOfBands[band];
        nextInBucket[slot] = bucketHeads.put(keysOfBands[band], ordinal);
      }
      return ordinal;
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** Removes a document by key alone. Returns false when the key was not present. */
  public boolean remove(K key) {
    lock.writeLock().lock();
    try {
      Integer boxed = ordinalsByKey.remove(key);
      if (boxed == null) {
        return false;
      }
      int ordinal = boxed;
      for (int band = 0; band < bands; band++) {
        unlink(ordinal, band);
      }
      keys[ordinal] = null;
      return true;
    } finally {
      lock.writeLock().unlock();
    }
  }

  private void unlink(int ordinal, int band) {
    int slot = ordinal * bands + band;
    long bucket = bucketKeys[slot];
    int current = bucketHeads.get(bucket);
    if (current == ordinal) {
      bucketHeads.put(bucket, nextInBucket[slot]);
      return;
    }
    while (current != NONE) {
      int currentSlot = current * bands + band;
      if (nextInBucket[currentSlot] == ordinal) {
        nextInBucket[currentSlot] = nextInBucket[slot];
        return;
      }
      current = nextInBucket[currentSlot];
    }
  }

  /** Keys of the documents sharing a bucket with {@code signature}, each once, oldest first. */
  @SuppressWarnings("unchecked")
  public List<K> query(int[] signature) {
    List<K> result = new ArrayList<>();
    lock.readLock().lock();
    try {
      forEachCandidateLocked(signature, ordinal -> result.add((K) keys[ordinal]));
    } finally {
      lock.readLock().unlock();
    }
    return result;
  }

  /**
   * Calls {@code consumer} with the ordinal of every document sharing a bucket with {@code
   * signature}, each once, in increasing order. The consumer runs under the index's read lock: it
   * must not modify the index.
   */
  public void forEachCandidate(int[] signature, IntConsumer consumer) {
    lock.readLock().lock();
    try {
      forEachCandidateLocked(signature, consumer);
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * {@link #forEachCandidate(int[], IntConsumer)} for a document already in the index, by its
   * ordinal: its stored bucket keys are used, so no signature is needed. Reports the document
   * itself too. Nothing for a removed ordinal.
   */
  public void forEachCandidateOf(int ordinal, IntConsumer consumer) {
    lock.readLock().lock();
    try {
      if (ordinal < 0 || ordinal >= ordinals || keys[ordinal] == null) {
        return;
      }
      forEachCandidateLocked(Arrays.copyOfRange(bucketKeys, ordinal * bands, (ordinal + 1) * bands), consumer);
    } finally {
      lock.readLock().unlock();
    }
  }

  private void forEachCandidateLocked(int[] signature, IntConsumer consumer) {
    forEachCandidateLocked(banding.bucketKeys(signature), consumer);
  }

  private void forEachCandidateLocked(long[] keysOfBands, IntConsumer consumer) {
    int[] found = new int[16];
    int count = 0;
    for (int band = 0; band < bands; band++) {
      for (int o = bucketHeads.get(keysOfBands[band]); o != NONE; o = nextInBucket[o * bands + band]) {
        if (count == found.length) {
          found = Arrays.copyOf(found, count * 2);
        }
        found[count++] = o;
      }
    }
    Arrays.sort(found, 0, count);
    for (int i = 0; i < count; i++) {
      if (i == 0 || found[i] != found[i - 1]) {
        consumer.accept(found[i]);
      }
    }
  }

  /** The key of a present document's ordinal, or null when it was removed. */
  @SuppressWarnings("unchecked")
  public K key(int ordinal) {
    lock.readLock().lock();
    try {
      return ordinal >= 0 && ordinal < ordinals ? (K) keys[ordinal] : null;
    } finally {
      lock.readLock().unlock();
    }
  }

  public boolean contains(K key) {
    lock.readLock().lock();
    try {
      return ordinalsByKey.containsKey(key);
    } finally {
      lock.readLock().unlock();
    }
  }

  /** Number of documents present. */
  public int size() {
    lock.readLock().lock();
    try {
      return ordinalsByKey.size();
    } finally {
      lock.readLock().unlock();
    }
  }

  private void ensureCapacity(int needed) {
    if (needed > keys.length) {
      int capacity = Math.max(needed, keys.length + (keys.length >> 1));
      keys = Arrays.copyOf(keys, capacity);
      bucketKeys = Arrays.copyOf(bucketKeys, capacity * bands);
      nextInBucket = Arrays.copyOf(nextInBucket, capacity * bands);
    }
  }
}
