package org.neardup.server.store;

import java.nio.file.Path;
import java.util.Arrays;
import org.neardup.sort.KeyValueSorter;
import org.neardup.sort.SortedEntries;

/**
 * The list entries of a bulk load for one list family ({@link RocksLayout#BUCKETS} or {@link
 * RocksLayout#CONTAINMENT}): (list key, handle) pairs, in input order, sorted externally ({@link
 * KeyValueSorter}: sorted runs spilled to disk when the buffer is full, merged at the end), then
 * written as one table with a list a key, its handles ascending — the layout of the lists the
 * per-document path makes. Into an index that has no documents yet the lists are puts; into one
 * that has, they are merge operands that the family's operator appends to the lists held (handles
 * of a load are above every handle held, so the lists stay ascending), so no list is read.
 *
 * <p>The sorter orders signed keys and int values: a key goes in with its sign bit flipped (signed
 * order of the flipped keys is the unsigned, big-endian order of RocksDB's), a handle as its offset
 * from the load's first handle. Not thread-safe; close it.
 */
final class ListRuns implements AutoCloseable {
  private final KeyValueSorter sorter;
  private final long firstHandle;

  /**
   * @param bufferEntries pairs held on the heap before a run is written (12 bytes each)
   * @param spillDirectory where the runs go
   * @param firstHandle the load's first handle
   */
  ListRuns(int bufferEntries, Path spillDirectory, long firstHandle) {
    this.sorter = new KeyValueSorter(bufferEntries, true, spillDirectory, "neardup-lists-");
    this.firstHandle = firstHandle;
  }

  /** {@code handle} joins each list of {@code keys}. */
  void add(long[] keys, long handle) {
    long offset = handle - firstHandle;
    if (offset > Integer.MAX_VALUE) {
      throw new StoreException(
          "a bulk load holds at most " + Integer.MAX_VALUE + " documents", null);
    }
    for (long key : keys) {
      sorter.add(key ^ Long.MIN_VALUE, (int) offset);
    }
  }

  long size() {
    return sorter.size();
  }

  /** Writes the lists into {@code table}: puts, or merge operands when {@code append}. */
  void writeTo(SstTable table, boolean append) {
    long[] handles = new long[16];
    int size = 0;
    long current = 0;
    try (SortedEntries entries = sorter.sorted()) {
      while (entries.next()) {
        long key = entries.key();
        if (size > 0 && key != current) {
          write(table, append, current, handles, size);
          size = 0;
        }
        current = key;
        if (size == handles.length) {
          handles = Arrays.copyOf(handles, 2 * size);
        }
        handles[size++] = firstHandle + entries.value();
      }
      if (size > 0) {
        write(table, append, current, handles, size);
      }
    }
  }

  private static void write(
      SstTable table, boolean append, long flippedKey, long[] handles, int size) {
    byte[] key = RocksLayout.handle(flippedKey ^ Long.MIN_VALUE);
    byte[] value = RocksLayout.handles(Arrays.copyOf(handles, size));
    if (append) {
      table.merge(key, value);
    } else {
      table.put(key, value);
    }
  }

  @Override
  public void close() {
    sorter.close();
  }
}
