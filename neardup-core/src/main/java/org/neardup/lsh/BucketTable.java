package org.neardup.lsh;

import java.util.Arrays;
import java.util.function.IntConsumer;
import org.neardup.sort.IntSort;

/**
 * LSH buckets in memory: a map from 64-bit bucket keys to the documents (non-negative int handles)
 * in each bucket, with removal that gives the memory back. The in-memory bucket store of every
 * index, batch and online.
 *
 * <p>Layout: open addressing with linear probing over {@code long[] keys} and {@code int[] values};
 * a bucket of one document stores its handle in {@code values} directly (most buckets: a document's
 * band keys are mostly unique), a larger bucket stores the index of a growable {@code int[]} member
 * list. Removal shifts later entries back (no tombstones), frees emptied lists, and the table
 * shrinks when it becomes sparse, so that a table that held many documents and lost them costs no
 * more than one that never held them. Not thread-safe: callers lock.
 */
public final class BucketTable {
  private static final int EMPTY = Integer.MIN_VALUE;
  private static final int MIN_CAPACITY = 16;
  private static final double MAX_LOAD = 0.6;
  private static final double SHRINK_LOAD = 0.1;

  private long[] keys;
  private int[] values; // EMPTY; >= 0 a single handle; < 0 the list -(value + 1)
  private int mask;
  private int buckets;
  private long entries;
  private final int initialCapacity;

  private int[][] lists = new int[16][];
  private int[] listSizes = new int[16];
  private long[] listKeys = new long[16]; // the bucket key of each list, to renumber lists
  private int listsUsed; // list slots ever handed out (the high-water mark)
  private int[] freeLists = new int[16];
  private int freeListCount;

  /** An empty table sized for about {@code expectedBuckets} buckets before it grows. */
  public BucketTable(int expectedBuckets) {
    initialCapacity = capacityFor(Math.max(0, expectedBuckets), MAX_LOAD);
    allocate(initialCapacity);
  }

  private static int capacityFor(long buckets, double load) {
    long needed = Math.max(MIN_CAPACITY, (long) Math.ceil(buckets / load) + 1);
    if (needed > (1 << 30)) {
      throw new IllegalStateException("too many LSH buckets for one in-memory table: " + buckets);
    }
    return Integer.highestOneBit((int) needed - 1) << 1;
  }

  private void allocate(int capacity) {
    keys = new long[capacity];
    values = new int[capacity];
    Arrays.fill(values, EMPTY);
    mask = capacity - 1;
  }

  /** Number of non-empty buckets. */
  public int buckets() {
    return buckets;
  }

  /** Number of (bucket, document) entries. */
  public long entries() {
    return entries;
  }

  /**
   * Adds {@code handle} (&gt;= 0) to the bucket {@code key}. A handle must not be added twice to
   * one bucket.
   */
  public void add(long key, int handle) {
    if (handle < 0) {
      throw new IllegalArgumentException("handles are non-negative, got " + handle);
    }
    int i = find(key);
    int value = values[i];
    if (value == EMPTY) {
      keys[i] = key;
      values[i] = handle;
      entries++;
      if (++buckets > MAX_LOAD * keys.length) {
        rehash(capacityFor(buckets, MAX_LOAD) << 1);
      }
      return;
    }
    if (value >= 0) {
      int list = newList(key, value, handle);
      values[i] = -(list + 1);
    } else {
      append(-(value + 1), handle);
    }
    entries++;
  }

  /** Removes {@code handle} from the bucket {@code key}; false when it was not there. */
  public boolean remove(long key, int handle) {
    int i = find(key);
    int value = values[i];
    if (value == EMPTY) {
      return false;
    }
    if (value >= 0) {
      if (value != handle) {
        return false;
      }
      deleteSlot(i);
      buckets--;
    } else {
      int list = -(value + 1);
      int[] members = lists[list];
      int size = listSizes[list];
      int at = indexOf(members, size, handle);
      if (at < 0) {
        return false;
      }
      members[at] = members[size - 1];
      listSizes[list] = --size;
      if (size == 1) {
        values[i] = members[0];
        freeList(list);
      } else if (size < members.length / 4 && members.length > 8) {
        lists[list] = Arrays.copyOf(members, members.length / 2);
      }
    }
    entries--;
    if (buckets < SHRINK_LOAD * keys.length && keys.length > initialCapacity) {
      rehash(Math.max(initialCapacity, capacityFor(buckets, MAX_LOAD / 2)));
    }
    return true;
  }

  /** How many documents the bucket {@code key} holds. */
  public int size(long key) {
    int value = values[find(key)];
    if (value == EMPTY) {
      return 0;
    }
    return value >= 0 ? 1 : listSizes[-(value + 1)];
  }

  /** Calls {@code consumer} with every handle in the bucket {@code key}, in no particular order. */
  public void forEach(long key, IntConsumer consumer) {
    int value = values[find(key)];
    if (value == EMPTY) {
      return;
    }
    if (value >= 0) {
      consumer.accept(value);
      return;
    }
    int list = -(value + 1);
    int[] members = lists[list];
    for (int m = 0, size = listSizes[list]; m < size; m++) {
      consumer.accept(members[m]);
    }
  }

  /**
   * The distinct handles in any of the buckets {@code bucketKeys}, sorted: the LSH candidates of a
   * document whose band keys these are.
   */
  public int[] union(long[] bucketKeys) {
    int[] all = entries(bucketKeys);
    if (all.length == 0) {
      return all;
    }
    int distinct = 1;
    for (int i = 1; i < all.length; i++) {
      if (all[i] != all[distinct - 1]) {
        all[distinct++] = all[i];
      }
    }
    return distinct == all.length ? all : Arrays.copyOf(all, distinct);
  }

  /**
   * Every entry of the buckets {@code bucketKeys}, sorted: a handle once a bucket that holds it (so
   * a run of equal handles is the number of those buckets holding it). One lookup a bucket.
   */
  public int[] entries(long[] bucketKeys) {
    int[] found = new int[16];
    int count = 0;
    for (long key : bucketKeys) {
      int value = values[find(key)];
      if (value == EMPTY) {
        continue;
      }
      if (value >= 0) {
        if (count == found.length) {
          found = Arrays.copyOf(found, count * 2);
        }
        found[count++] = value;
        continue;
      }
      int list = -(value + 1);
      int size = listSizes[list];
      if (count + size > found.length) {
        found = Arrays.copyOf(found, Math.max(found.length * 2, count + size));
      }
      System.arraycopy(lists[list], 0, found, count, size);
      count += size;
    }
    if (count == 0) {
      return new int[0];
    }
    IntSort.sortNonNegative(found, count);
    return count == found.length ? found : Arrays.copyOf(found, count);
  }

  /**
   * The number of document pairs that share at least one bucket, counted once per shared bucket:
   * the sum over buckets of size·(size − 1)/2. An upper bound on the distinct candidate pairs (a
   * pair sharing several bands is counted several times), computed without enumerating pairs.
   */
  long pairsUpperBound() {
    long pairs = 0;
    for (int l = 0; l < listsUsed; l++) {
      if (lists[l] != null) {
        long size = listSizes[l];
        pairs += size * (size - 1) / 2;
      }
    }
    return pairs;
  }

  /** Bytes of heap this table holds (arrays only), for memory accounting. */
  public long memoryBytes() {
    long bytes = 12L * keys.length + 16L * lists.length + 4L * freeLists.length;
    for (int l = 0; l < listsUsed; l++) {
      if (lists[l] != null) {
        bytes += 16 + 4L * lists[l].length;
      }
    }
    return bytes;
  }

  private int find(long key) {
    int i = slot(key);
    while (values[i] != EMPTY && keys[i] != key) {
      i = (i + 1) & mask;
    }
    return i;
  }

  private int slot(long key) {
    return (int) ((key * 0x9E3779B97F4A7C15L) >>> 33) & mask;
  }

  /**
   * Empties slot {@code i}, shifting back the entries of its probe run that may move (no
   * tombstones).
   */
  private void deleteSlot(int i) {
    int j = i;
    while (true) {
      j = (j + 1) & mask;
      if (values[j] == EMPTY) {
        break;
      }
      int home = slot(keys[j]);
      boolean movable = j > i ? (home <= i || home > j) : (home <= i && home > j);
      if (movable) {
        keys[i] = keys[j];
        values[i] = values[j];
        i = j;
      }
    }
    values[i] = EMPTY;
  }

  private void rehash(int capacity) {
    long[] oldKeys = keys;
    int[] oldValues = values;
    allocate(capacity);
    for (int i = 0; i < oldKeys.length; i++) {
      if (oldValues[i] != EMPTY) {
        int j = find(oldKeys[i]);
        keys[j] = oldKeys[i];
        values[j] = oldValues[i];
      }
    }
  }

  private int newList(long key, int first, int second) {
    int list;
    if (freeListCount > 0) {
      list = freeLists[--freeListCount];
    } else {
      if (listsUsed == lists.length) {
        lists = Arrays.copyOf(lists, listsUsed * 2);
        listSizes = Arrays.copyOf(listSizes, listsUsed * 2);
        listKeys = Arrays.copyOf(listKeys, listsUsed * 2);
      }
      list = listsUsed++;
    }
    lists[list] = new int[] {first, second, 0, 0};
    listSizes[list] = 2;
    listKeys[list] = key;
    return list;
  }

  private void append(int list, int handle) {
    int[] members = lists[list];
    int size = listSizes[list];
    if (size == members.length) {
      members = lists[list] = Arrays.copyOf(members, size * 2);
    }
    members[size] = handle;
    listSizes[list] = size + 1;
  }

  private void freeList(int list) {
    lists[list] = null;
    listSizes[list] = 0;
    if (freeListCount == freeLists.length) {
      freeLists = Arrays.copyOf(freeLists, freeListCount * 2);
    }
    freeLists[freeListCount++] = list;
    if (freeListCount > 16 && freeListCount > 3 * (listsUsed - freeListCount)) {
      compactLists();
    }
  }

  /**
   * Renumbers the member lists densely when most list slots are free, so the list arrays shrink:
   * each live list moves to the next low number and its bucket's value follows (found through the
   * list's key). Cost: the live lists, paid for by the frees that made them few.
   */
  private void compactLists() {
    int live = listsUsed - freeListCount;
    int capacity = Math.max(16, live * 2);
    int[][] newLists = new int[capacity][];
    int[] newSizes = new int[capacity];
    long[] newKeys = new long[capacity];
    int next = 0;
    for (int l = 0; l < listsUsed; l++) {
      if (lists[l] != null) {
        newLists[next] = lists[l];
        newSizes[next] = listSizes[l];
        newKeys[next] = listKeys[l];
        values[find(listKeys[l])] = -(next + 1);
        next++;
      }
    }
    lists = newLists;
    listSizes = newSizes;
    listKeys = newKeys;
    listsUsed = next;
    freeLists = new int[16];
    freeListCount = 0;
  }

  private static int indexOf(int[] members, int size, int handle) {
    for (int m = 0; m < size; m++) {
      if (members[m] == handle) {
        return m;
      }
    }
    return -1;
  }
}
