package org.neardup.batch.spill;

import java.nio.file.Path;
import org.neardup.sort.KeyValueSorter;
import org.neardup.sort.SortedEntries;

/**
 * Candidate pairs waiting for verification, each as one long: the later ordinal in the high 32
 * bits, the earlier in the low 32. They are sorted (externally, past the memory budget) and read
 * back once, without repeats, in order of their later member, then their earlier: the order in
 * which verification can read the documents again from start to end. Adding is synchronized, so
 * several threads may add; close it to free its file.
 */
public final class CandidatePairs implements AutoCloseable {
  private final KeyValueSorter sorter;

  /**
   * @param memoryBytes heap for the sort buffer
   * @param spillDirectory where sorted runs go; null for the system's temporary directory
   */
  public CandidatePairs(long memoryBytes, Path spillDirectory) {
    long entries = Math.max(1024, memoryBytes / KeyValueSorter.bufferBytes(1, false));
    sorter =
        new KeyValueSorter(
            (int) Math.min(1 << 27, entries), false, spillDirectory, "neardup-pairs-");
  }

  /** The pair of {@code earlier} and {@code later} (ordinals, earlier &lt; later) as one long. */
  public static long pack(int earlier, int later) {
    return ((long) later << 32) | (earlier & 0xFFFFFFFFL);
  }

  static int earlier(long pair) {
    return (int) pair;
  }

  static int later(long pair) {
    return (int) (pair >>> 32);
  }

  /** Adds {@code pairs[0, length)}. */
  public synchronized void add(long[] pairs, int length) {
    for (int i = 0; i < length; i++) {
      sorter.add(pairs[i]);
    }
  }

  /** Pairs added, repeats included. */
  synchronized long added() {
    return sorter.size();
  }

  /** Bytes written to disk. */
  public synchronized long spilledBytes() {
    return sorter.spilledBytes();
  }

  /** The distinct pairs in (later, earlier) order; call once, after the last add. */
  synchronized Cursor sorted() {
    return new Cursor(sorter.sorted());
  }

  @Override
  public synchronized void close() {
    sorter.close();
  }

  /** Distinct pairs in order. Not thread-safe. */
  static final class Cursor implements AutoCloseable {
    private final SortedEntries entries;
    private boolean started;
    private long current;

    private Cursor(SortedEntries entries) {
      this.entries = entries;
    }

    /** Moves to the next distinct pair; false at the end. */
    boolean next() {
      while (entries.next()) {
        long pair = entries.key();
        if (!started || pair != current) {
          started = true;
          current = pair;
          return true;
        }
      }
      return false;
    }

    /** The current pair, as {@link #pack} made it. */
    long pair() {
      return current;
    }

    @Override
    public void close() {
      entries.close();
    }
  }
}
