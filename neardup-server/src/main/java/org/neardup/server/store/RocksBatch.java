package org.neardup.server.store;

import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;

/**
 * The batch of writes of a {@link RocksIndexStore}, shared by its halves (the documents, the
 * threshold buckets, the containment lists): the {@link WriteBatch} they stage their writes in,
 * whether a batch is in progress (between the index's begin and commit, under its write lock: reads
 * may then be answered from what the batch read ahead), and the reads they make. The store writes
 * it at its commit and clears it after.
 */
final class RocksBatch implements AutoCloseable {
  private final RocksDB db;
  private final ReadOptions reads = new ReadOptions();
  private final WriteBatch pending = new WriteBatch();
  private boolean writing;

  /** Reads of keys and of buckets one write at a time (not read ahead for the batch): for tests. */
  private final LongAdder singleReads = new LongAdder();

  RocksBatch(RocksDB db) {
    this.db = db;
  }

  RocksDB db() {
    return db;
  }

  ReadOptions reads() {
    return reads;
  }

  /** Where the writes of the batch are staged. */
  WriteBatch pending() {
    return pending;
  }

  /** Whether a batch of writes is in progress: the index's write lock is held. */
  boolean writing() {
    return writing;
  }

  void begin() {
    writing = true;
  }

  /** The batch ends: its commit begins, and no read is answered from what it read ahead. */
  void end() {
    writing = false;
  }

  /** What was staged is gone (written, or dropped). */
  void clear() {
    pending.clear();
  }

  /** Counts a read that went to RocksDB one write at a time. */
  void singleRead() {
    singleReads.increment();
  }

  long singleReads() {
    return singleReads.sum();
  }

  byte[] get(ColumnFamilyHandle family, byte[] key) {
    try {
      return db.get(family, reads, key);
    } catch (RocksDBException e) {
      throw new StoreException("cannot read the index: " + e.getMessage(), e);
    }
  }

  /** The values of {@code keys} in {@code family}, null for a missing key, in one multiGet. */
  List<byte[]> multiGet(ColumnFamilyHandle family, List<byte[]> keys) {
    try {
      return db.multiGetAsList(reads, Collections.nCopies(keys.size(), family), keys);
    } catch (RocksDBException e) {
      throw new StoreException("cannot read the index: " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    pending.close();
    reads.close();
  }
}
