package org.neardup.sort;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.neardup.api.Faces;

/**
 * An external merge sort of (long key, int value) entries, for more of them than the heap holds:
 * entries collect in a buffer of fixed size; a full buffer is sorted and written to a {@link
 * SpillFile} as one sorted run; {@link #sorted()} merges the runs and what is left in the buffer.
 * With fewer entries than the buffer holds, nothing touches the disk. More than {@link #MAX_FAN_IN}
 * runs are merged in several passes, so memory stays bounded however many entries there are.
 *
 * <p>Order: ascending by key (signed), then by value. A sorter made {@code withValues = false}
 * keeps keys only (8 bytes an entry instead of 12); its values read as 0.
 *
 * <p>A run on disk is its entries one after the other: the key as 8 little-endian bytes, then (with
 * values) the value as 4. Not thread-safe; close it to free the spill file.
 */
@Faces
public final class KeyValueSorter implements AutoCloseable {
  /** The most runs merged at once. */
  static final int MAX_FAN_IN = 64;

  private static final int WRITE_BLOCK_ENTRIES = 1 << 16;
  private static final int READ_BLOCK_BYTES = 1 << 16;

  private final boolean withValues;
  private final int capacity;
  private final Path spillDirectory;
  private final String spillPrefix;
  private final int entryBytes;
  private long[] keys;
  private int[] values;
  private int count;
  private SpillFile file;
  private final List<long[]> runs = new ArrayList<>(); // {position, entries}
  private long size;
  private boolean sorting;

  /**
   * @param bufferEntries entries kept in memory before a run is written, at least 1
   * @param withValues whether entries carry an int value
   * @param spillDirectory where the spill file goes; null for the system's temporary directory
   * @param spillPrefix the start of the spill file's name
   */
  public KeyValueSorter(
      int bufferEntries, boolean withValues, Path spillDirectory, String spillPrefix) {
    if (bufferEntries < 1) {
      throw new IllegalArgumentException("buffer must hold at least 1 entry, got " + bufferEntries);
    }
    this.capacity = bufferEntries;
    this.withValues = withValues;
    this.spillDirectory = spillDirectory;
    this.spillPrefix = spillPrefix;
    this.entryBytes = withValues ? 12 : 8;
    this.keys = new long[Math.min(bufferEntries, 1024)];
    this.values = withValues ? new int[keys.length] : null;
  }

  /**
   * Heap bytes a buffer of {@code entries} needs at most, sorting included: the buffer itself, the
   * sort's scratch and, with values, the packed sort keys.
   */
  public static long bufferBytes(long entries, boolean withValues) {
    return entries * (withValues ? 12 + 8 + 8 : 8 + 8);
  }

  /** Adds an entry with value 0. */
  public void add(long key) {
    add(key, 0);
  }

  /** Adds an entry. */
  public void add(long key, int value) {
    if (sorting) {
      throw new IllegalStateException("entries added after sorted()");
    }
    if (count == keys.length) {
      if (count == capacity) {
        spill();
      } else {
        int grown = (int) Math.min(capacity, 2L * keys.length);
        keys = Arrays.copyOf(keys, grown);
        if (withValues) {
          values = Arrays.copyOf(values, grown);
        }
      }
    }
    keys[count] = key;
    if (withValues) {
      values[count] = value;
    }
    count++;
    size++;
  }

  /** Entries added so far. */
  public long size() {
    return size;
  }

  /** Sorted runs written to disk so far. */
  public int runCount() {
    return runs.size();
  }

  /** Bytes of the spill file (0 when nothing was spilled). */
  public long spilledBytes() {
    return file == null ? 0 : file.size();
  }

  /** Sorts the buffer and writes it as a run. */
  private void spill() {
    int[] order = sortBuffer();
    if (file == null) {
      file = SpillFile.create(spillDirectory, spillPrefix);
    }
    ByteBuffer block =
        ByteBuffer.allocate(WRITE_BLOCK_ENTRIES * entryBytes).order(ByteOrder.LITTLE_ENDIAN);
    long position = file.size();
    for (int k = 0; k < count; k++) {
      int i = order == null ? k : order[k];
      block.putLong(keys[i]);
      if (withValues) {
        block.putInt(values[i]);
      }
      if (!block.hasRemaining()) {
        block.flip();
        file.append(block);
        block.clear();
      }
    }
    block.flip();
    file.append(block);
    runs.add(new long[] {position, count});
    count = 0;
  }

  /**
   * Sorts the buffer: keys alone in place, or (with values) returns the order of the entries. With
   * values, each key's high bits are packed with the entry's index into one long, sorted with
   * {@link LongSort}; entries whose packed high bits tie are then put in (key, value) order.
   */
  private int[] sortBuffer() {
    if (!withValues) {
      LongSort.sort(keys, count);
      return null;
    }
    int indexBits = Math.max(1, 32 - Integer.numberOfLeadingZeros(Math.max(1, count - 1)));
    long mask = (1L << indexBits) - 1;
    long[] packed = new long[count];
    for (int i = 0; i < count; i++) {
      packed[i] = (keys[i] & ~mask) | i;
    }
    LongSort.sort(packed, count);
    int[] order = new int[count];
    for (int k = 0; k < count; k++) {
      order[k] = (int) (packed[k] & mask);
    }
    for (int from = 0; from < count; ) {
      long high = packed[from] & ~mask;
      int to = from + 1;
      while (to < count && (packed[to] & ~mask) == high) {
        to++;
      }
      if (to - from > 1) {
        sortTies(order, from, to);
      }
      from = to;
    }
    return order;
  }

  /**
   * Puts order[from, to) in (key, value) order; usually it already is (one key, values added in
   * order).
   */
  private void sortTies(int[] order, int from, int to) {
    boolean inOrder = true;
    for (int k = from + 1; k < to && inOrder; k++) {
      inOrder = compare(order[k - 1], order[k]) <= 0;
    }
    if (inOrder) {
      return;
    }
    Integer[] boxed = new Integer[to - from];
    for (int k = from; k < to; k++) {
      boxed[k - from] = order[k];
    }
    Arrays.sort(boxed, (a, b) -> compare(a, b));
    for (int k = from; k < to; k++) {
      order[k] = boxed[k - from];
    }
  }

  private int compare(int a, int b) {
    int byKey = Long.compare(keys[a], keys[b]);
    return byKey != 0 ? byKey : Integer.compare(values[a], values[b]);
  }

  /**
   * Every entry added, in order. Call once, after the last {@link #add}; the cursor reads the runs
   * from the spill file, which stays until {@link #close()}.
   */
  public SortedEntries sorted() {
    if (sorting) {
      throw new IllegalStateException("sorted() may be called once");
    }
    sorting = true;
    int[] order = sortBuffer();
    while (runs.size() + 1 > MAX_FAN_IN) {
      mergeRuns(MAX_FAN_IN);
    }
    List<SortedEntries> sources = new ArrayList<>();
    for (long[] run : runs) {
      sources.add(new RunCursor(run[0], run[1]));
    }
    if (count > 0) {
      sources.add(new BufferCursor(order));
    }
    return sources.size() == 1 ? sources.get(0) : new Merge(sources);
  }

  /** Merges the first {@code fanIn} runs into one new run at the end of the file. */
  private void mergeRuns(int fanIn) {
    List<SortedEntries> sources = new ArrayList<>();
    for (long[] run : runs.subList(0, fanIn)) {
      sources.add(new RunCursor(run[0], run[1]));
    }
    ByteBuffer block =
        ByteBuffer.allocate(WRITE_BLOCK_ENTRIES * entryBytes).order(ByteOrder.LITTLE_ENDIAN);
    long position = file.size();
    long entries = 0;
    try (Merge merge = new Merge(sources)) {
      while (merge.next()) {
        block.putLong(merge.key());
        if (withValues) {
          block.putInt(merge.value());
        }
        entries++;
        if (!block.hasRemaining()) {
          block.flip();
          file.append(block);
          block.clear();
        }
      }
    }
    block.flip();
    file.append(block);
    runs.subList(0, fanIn).clear();
    runs.add(new long[] {position, entries});
  }

  /** Deletes the spill file and drops the buffer. */
  @Override
  public void close() {
    keys = null;
    values = null;
    if (file != null) {
      file.close();
    }
  }

  /** The sorted buffer. */
  private final class BufferCursor implements SortedEntries {
    private final int[] order;
    private int position = -1;
    private int current;

    BufferCursor(int[] order) {
      this.order = order;
    }

    @Override
    public boolean next() {
      if (++position >= count) {
        return false;
      }
      current = order == null ? position : order[position];
      return true;
    }

    @Override
    public long key() {
      return keys[current];
    }

    @Override
    public int value() {
      return withValues ? values[current] : 0;
    }

    @Override
    public void close() {}
  }

  /** One run of the spill file, read a block at a time. */
  private final class RunCursor implements SortedEntries {
    private final ByteBuffer block =
        ByteBuffer.allocate(READ_BLOCK_BYTES - READ_BLOCK_BYTES % entryBytes)
            .order(ByteOrder.LITTLE_ENDIAN);
    private long position;
    private long remaining;
    private long key;
    private int value;

    RunCursor(long position, long entries) {
      this.position = position;
      this.remaining = entries;
      block.limit(0);
    }

    @Override
    public boolean next() {
      if (!block.hasRemaining()) {
        if (remaining == 0) {
          return false;
        }
        block.clear();
        long bytes = Math.min(block.capacity(), remaining * entryBytes);
        block.limit((int) bytes);
        file.read(position, block);
        block.flip();
        position += bytes;
        remaining -= bytes / entryBytes;
      }
      key = block.getLong();
      value = withValues ? block.getInt() : 0;
      return true;
    }

    @Override
    public long key() {
      return key;
    }

    @Override
    public int value() {
      return value;
    }

    @Override
    public void close() {}
  }

  /** A k-way merge of sorted cursors: a binary heap of them, by current entry. */
  private static final class Merge implements SortedEntries {
    private final SortedEntries[] heap;
    private int live;
    private boolean started;
    private long key;
    private int value;

    Merge(List<SortedEntries> sources) {
      heap = new SortedEntries[sources.size()];
      for (SortedEntries source : sources) {
        if (source.next()) {
          heap[live++] = source;
        }
      }
      for (int i = live / 2 - 1; i >= 0; i--) {
        siftDown(i);
      }
    }

    @Override
    public boolean next() {
      if (started && live > 0) {
        if (heap[0].next()) {
          siftDown(0);
        } else {
          heap[0] = heap[--live];
          if (live > 0) {
            siftDown(0);
          }
        }
      }
      started = true;
      if (live == 0) {
        return false;
      }
      key = heap[0].key();
      value = heap[0].value();
      return true;
    }

    private void siftDown(int i) {
      SortedEntries moving = heap[i];
      while (true) {
        int child = 2 * i + 1;
        if (child >= live) {
          break;
        }
        if (child + 1 < live && less(heap[child + 1], heap[child])) {
          child++;
        }
        if (!less(heap[child], moving)) {
          break;
        }
        heap[i] = heap[child];
        i = child;
      }
      heap[i] = moving;
    }

    private static boolean less(SortedEntries a, SortedEntries b) {
      int byKey = Long.compare(a.key(), b.key());
      return byKey != 0 ? byKey < 0 : a.value() < b.value();
    }

    @Override
    public long key() {
      return key;
    }

    @Override
    public int value() {
      return value;
    }

    @Override
    public void close() {
      for (SortedEntries source : heap) {
        if (source != null) {
          source.close();
        }
      }
    }
  }
}
