package org.neardup.server.store;

import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;

/** Reads a RocksDB database at one point in time (its check, its scan); close it to release it. */
final class RocksSnapshot implements AutoCloseable {
  private final RocksDB db;
  private final org.rocksdb.Snapshot snapshot;
  private final org.rocksdb.ReadOptions options;

  RocksSnapshot(RocksDB db) {
    this.db = db;
    this.snapshot = db.getSnapshot();
    // total order: the buckets' hash memtable has no order of its own, and a scan of it without
    // this finds nothing of what is not flushed yet
    this.options = new org.rocksdb.ReadOptions().setSnapshot(snapshot).setTotalOrderSeek(true);
  }

  RocksIterator iterator(ColumnFamilyHandle family) {
    return db.newIterator(family, options);
  }

  byte[] get(ColumnFamilyHandle family, byte[] key) {
    try {
      return db.get(family, options, key);
    } catch (RocksDBException e) {
      throw new StoreException("cannot read the index: " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    options.close();
    db.releaseSnapshot(snapshot);
  }
}
