package org.neardup.server.store;

import org.neardup.collect.LongIntHashMap;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.FlushOptions;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;

/**
 * The lengths of a search family's long lists (at least {@link #TRACKED} handles), on the heap by
 * bucket key: what a containment query orders its lists by, to read the shortest first (a RocksDB
 * list's length is not known without reading it). A list not here is taken as short. Loaded by one
 * scan of the family on first use, after a flush of its memtable ({@link #flush}); then kept in
 * step by {@link SearchBuckets}: a commit adds its appends to the lists known long and sets the
 * lists it rewrote, and a list read by a query is recorded if it is long (one that grew long by
 * appends since the scan is learned this way). The lengths only order the reads: a stale one costs
 * time, never an answer. At most one entry for every {@value #TRACKED} handles of the family (about
 * 16 bytes an entry); on the articles with char:5 and 1 in 4 sampling, 14,000 of 60,000 lists.
 * Thread-safe: queries run concurrently under the index's read lock and may record lengths.
 */
final class ListLengths {
  /** Lists shorter than this are not tracked. */
  static final int TRACKED = 8;

  private final RocksDB db;
  private final ColumnFamilyHandle family;
  private final DiskSpace space;
  private LongIntHashMap lengths; // null until loaded; guarded by this

  /**
   * @param space told when the flush before the scan finds the disk full
   */
  ListLengths(RocksDB db, ColumnFamilyHandle family, DiskSpace space) {
    this.db = db;
    this.family = family;
    this.space = space;
  }

  /** The length of the list of {@code bucket} if it is long, else 0 (short, or not seen long). */
  synchronized int size(long bucket) {
    int length = loaded().get(bucket);
    return length == LongIntHashMap.ABSENT ? 0 : length;
  }

  /** A commit appended {@code count} handles to the list of {@code bucket}. */
  synchronized void appended(long bucket, int count) {
    if (lengths != null) {
      int length = lengths.get(bucket);
      if (length != LongIntHashMap.ABSENT) {
        lengths.put(bucket, length + count);
      }
    }
  }

  /**
   * The list of {@code bucket} holds {@code length} handles: a query read it, or a commit put it
   * whole.
   */
  synchronized void set(long bucket, int length) {
    if (lengths != null) {
      if (length >= TRACKED) {
        lengths.put(bucket, length);
      } else if (lengths.get(bucket) != LongIntHashMap.ABSENT) {
        lengths.put(bucket, LongIntHashMap.ABSENT);
      }
    }
  }

  /**
   * Writes the family's memtable to a table first: there a list written since the last flush is a
   * chain of merge operands, one an add, which every read of it walks and concatenates; in a table
   * it is one value. Once a process, before the scan, which then reads tables only.
   */
  private void flush() {
    try (FlushOptions wait = new FlushOptions().setWaitForFlush(true)) {
      db.flush(wait, family);
    } catch (RocksDBException e) {
      if (DiskFullException.isNoSpace(e)) {
        throw space.failed("writing the containment lists to a table", e);
      }
      throw new StoreException(
          "cannot write the containment lists to a table: " + e.getMessage(), e);
    }
  }

  private LongIntHashMap loaded() {
    if (lengths == null) {
      flush();
      LongIntHashMap scanned = new LongIntHashMap(1024);
      try (ReadOptions everyKey = new ReadOptions().setTotalOrderSeek(true);
          RocksIterator iterator = db.newIterator(family, everyKey)) {
        for (iterator.seekToFirst(); iterator.isValid(); iterator.next()) {
          int length = iterator.value().length / Long.BYTES;
          if (length >= TRACKED) {
            scanned.put(RocksLayout.handle(iterator.key()), length);
          }
        }
      }
      lengths = scanned;
    }
    return lengths;
  }
}
