package org.neardup.server.store;

import java.util.Arrays;
import java.util.List;
import java.util.function.LongConsumer;
import org.neardup.index.BoundedCandidates;

/**
 * A bucket's member handles, ascending as they are given out: a committed list read as it is, or a
 * batch's staged copy that grows by doubling, so that a batch adding many documents to one bucket
 * (thousands of copies of a text) appends in constant time instead of copying the list each time.
 * Not thread-safe: a store's batch runs under the index's write lock.
 */
final class HandleList {
  private static final long[] NONE = new long[0];

  private long[] handles;
  private int size;
  private final boolean staged;

  private HandleList(long[] handles, int size, boolean staged) {
    this.handles = handles;
    this.size = size;
    this.staged = staged;
  }

  /** The committed list {@code handles}, read only. */
  static HandleList committed(long[] handles) {
    return new HandleList(handles, handles.length, false);
  }

  /** An empty list to stage. */
  static HandleList empty() {
    return new HandleList(NONE, 0, true);
  }

  /** This list as a batch's own copy, which it may change: itself when it is one already. */
  HandleList staged() {
    return staged
        ? this
        : new HandleList(Arrays.copyOf(handles, Math.max(4, size + (size >>> 1) + 1)), size, true);
  }

  int size() {
    return size;
  }

  long get(int i) {
    return handles[i];
  }

  /** Appends {@code handle} (a staged list). */
  void add(long handle) {
    if (size == handles.length) {
      handles = Arrays.copyOf(handles, Math.max(4, 2 * size));
    }
    handles[size++] = handle;
  }

  /** Appends the handles of {@code other} (a staged list). */
  void addAll(HandleList other) {
    for (int i = 0; i < other.size; i++) {
      add(other.handles[i]);
    }
  }

  /** Takes {@code handle} out (a staged list). */
  void remove(long handle) {
    int kept = 0;
    for (int i = 0; i < size; i++) {
      if (handles[i] != handle) {
        handles[kept++] = handles[i];
      }
    }
    size = kept;
  }

  void forEach(LongConsumer consumer) {
    for (int i = 0; i < size; i++) {
      consumer.accept(handles[i]);
    }
  }

  /** The handles, as a value ({@link RocksLayout#handles(long[])}). */
  long[] toArray() {
    return size == handles.length ? handles : Arrays.copyOf(handles, size);
  }

  /** The handles of {@code lists}, one list after the other. */
  static long[] concatenated(List<HandleList> lists) {
    int total = 0;
    for (HandleList list : lists) {
      total += list.size;
    }
    long[] all = new long[total];
    int at = 0;
    for (HandleList list : lists) {
      System.arraycopy(list.handles, 0, all, at, list.size);
      at += list.size;
    }
    return all;
  }

  /**
   * The first {@code count} distinct handles of the ascending {@code lists}, merged, and at least
   * how many more there are (the most any list has left): work in proportion to {@code count} and
   * the number of lists, not to their lengths. Null when a list is not ascending (a caller then
   * merges them whole).
   */
  static BoundedCandidates first(List<HandleList> lists, int count) {
    int[] at = new int[lists.size()];
    long[] taken = new long[Math.min(count, 1024)];
    int size = 0;
    long last = Long.MIN_VALUE;
    while (size < count) {
      long least = Long.MAX_VALUE;
      boolean any = false;
      for (int l = 0; l < at.length; l++) {
        HandleList list = lists.get(l);
        if (at[l] < list.size) {
          any = true;
          least = Math.min(least, list.handles[at[l]]);
        }
      }
      if (!any) {
        break;
      }
      if (size > 0 && least <= last) {
        return null; // not ascending
      }
      for (int l = 0; l < at.length; l++) {
        HandleList list = lists.get(l);
        if (at[l] < list.size && list.handles[at[l]] == least) {
          at[l]++;
        }
      }
      if (size == taken.length) {
        taken = Arrays.copyOf(taken, Math.min(count, 2 * size));
      }
      taken[size++] = least;
      last = least;
    }
    long more = 0;
    for (int l = 0; l < at.length; l++) {
      more = Math.max(more, lists.get(l).size - at[l]);
    }
    return new BoundedCandidates(Arrays.copyOf(taken, size), more);
  }
}
