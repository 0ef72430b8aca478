package org.neardup.internal;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Dense int handles for the keys of an in-memory index, so that per-document data lives in arrays
 * indexed by handle. Removed handles are reused; when most handles are free, {@link #compact}
 * renumbers the live ones into [0, live) so that the owner's arrays can shrink: an index that held
 * many documents and lost them costs no more than one that never held them. Not thread-safe.
 * Internal: not part of the API.
 *
 * @param <K> the key type (equals/hashCode define identity)
 */
public final class Handles<K> {
  private static final int MIN_CAPACITY = 16;

  private Map<K, Integer> byKey = new HashMap<>();
  private int mapPeak;
  private Object[] keys;
  private int[] free = new int[16];
  private int freeCount;
  private int used; // handles ever handed out since the last compaction: [0, used)

  public Handles(int expectedSize) {
    keys = new Object[Math.max(MIN_CAPACITY, expectedSize)];
  }

  /** Number of live keys. */
  public int size() {
    return byKey.size();
  }

  /** Handles are below this: the length per-handle arrays need. */
  public int capacity() {
    return keys.length;
  }

  /** The handle of {@code key}, or -1. */
  public int handleOf(K key) {
    Integer handle = byKey.get(key);
    return handle == null ? -1 : handle;
  }

  /** The key of a live handle, or null. */
  @SuppressWarnings("unchecked")
  public K key(int handle) {
    return handle >= 0 && handle < used ? (K) keys[handle] : null;
  }

  /**
   * Gives {@code key} a handle: a free one if any, else the next. Check {@link #capacity()} after:
   * it may have grown.
   *
   * @throws IllegalArgumentException if the key already has one
   */
  public int add(K key) {
    Objects.requireNonNull(key, "key");
    if (byKey.containsKey(key)) {
      throw new IllegalArgumentException("key already in the index: " + key);
    }
    int handle;
    if (freeCount > 0) {
      handle = free[--freeCount];
    } else {
      handle = used++;
      if (handle == keys.length) {
        keys = Arrays.copyOf(keys, keys.length + (keys.length >> 1));
      }
    }
    keys[handle] = key;
    byKey.put(key, handle);
    mapPeak = Math.max(mapPeak, byKey.size());
    return handle;
  }

  /** Frees the handle of {@code key} and returns it, or -1 when the key was absent. */
  public int remove(K key) {
    Integer boxed = byKey.remove(key);
    if (boxed == null) {
      return -1;
    }
    int handle = boxed;
    keys[handle] = null;
    if (freeCount == free.length) {
      free = Arrays.copyOf(free, freeCount * 2);
    }
    free[freeCount++] = handle;
    if (byKey.size() < mapPeak / 4 && mapPeak > 64) {
      byKey = new HashMap<>(byKey); // HashMap never shrinks its table: copy it
      mapPeak = byKey.size();
    }
    return handle;
  }

  /** Whether {@link #compact} would free most of the capacity. */
  public boolean isSparse() {
    return keys.length > MIN_CAPACITY * 4 && byKey.size() < keys.length / 4;
  }

  /** Receives each renumbered handle, so the owner moves its per-handle data. */
  @FunctionalInterface
  public interface Mover {
    void move(int from, int to);
  }

  /**
   * Renumbers the live handles into [0, size()) by moving the ones above into free slots below,
   * calling {@code mover} for each, then shrinks {@link #capacity()} to about twice the size. The
   * owner then truncates its arrays to the new capacity.
   */
  public void compact(Mover mover) {
    int live = byKey.size();
    int to = 0;
    for (int from = live; from < used; from++) {
      if (keys[from] == null) {
        continue;
      }
      while (keys[to] != null) {
        to++;
      }
      @SuppressWarnings("unchecked")
      K key = (K) keys[from];
      keys[to] = key;
      keys[from] = null;
      byKey.put(key, to);
      mover.move(from, to);
    }
    used = live;
    freeCount = 0;
    free = new int[16];
    keys = Arrays.copyOf(keys, Math.max(MIN_CAPACITY, live * 2));
  }
}
