package org.neardup.collect;

import java.util.Arrays;
import org.neardup.api.Faces;

/**
 * An open-addressing map from long keys to non-negative int values, with {@code -1} meaning
 * "absent". Keys are never deleted: storing {@code -1} empties an entry. Not thread-safe.
 */
@Faces
public final class LongIntHashMap {
  /** What {@link #get} returns for an absent key. */
  public static final int ABSENT = -1;

  private long[] keys;
  private int[] values;
  private boolean[] used;
  private int size;
  private int mask;

  /** An empty map sized for {@code expectedSize} keys; it grows past them as needed. */
  public LongIntHashMap(int expectedSize) {
    int capacity =
        Integer.highestOneBit(Math.max(16, (int) Math.min(1 << 30, expectedSize * 2L)) - 1) << 1;
    allocate(capacity);
  }

  private void allocate(int capacity) {
    keys = new long[capacity];
    values = new int[capacity];
    used = new boolean[capacity];
    Arrays.fill(values, ABSENT);
    mask = capacity - 1;
    size = 0;
  }

  /** The value for {@code key}, or -1. */
  public int get(long key) {
    for (int i = slot(key); used[i]; i = (i + 1) & mask) {
      if (keys[i] == key) {
        return values[i];
      }
    }
    return ABSENT;
  }

  /** Stores {@code value} for {@code key} and returns the previous value, or -1. */
  public int put(long key, int value) {
    int i = slot(key);
    for (; used[i]; i = (i + 1) & mask) {
      if (keys[i] == key) {
        int previous = values[i];
        values[i] = value;
        return previous;
      }
    }
    used[i] = true;
    keys[i] = key;
    values[i] = value;
    if (++size * 2 > keys.length) {
      grow();
    }
    return ABSENT;
  }

  /** Number of keys ever stored. */
  public int size() {
    return size;
  }

  /** Calls {@code consumer} with every key and its value (absent values included). */
  public void forEach(LongIntConsumer consumer) {
    for (int i = 0; i < keys.length; i++) {
      if (used[i]) {
        consumer.accept(keys[i], values[i]);
      }
    }
  }

  /** Receives a key and its value. */
  @FunctionalInterface
  public interface LongIntConsumer {
    void accept(long key, int value);
  }

  private void grow() {
    long[] oldKeys = keys;
    int[] oldValues = values;
    boolean[] oldUsed = used;
    allocate(keys.length * 2);
    for (int i = 0; i < oldKeys.length; i++) {
      if (oldUsed[i]) {
        put(oldKeys[i], oldValues[i]);
      }
    }
  }

  private int slot(long key) {
    long h = key * 0x9E3779B97F4A7C15L; // keys may be well mixed or not: spread them
    return (int) (h >>> 32) & mask;
  }
}
