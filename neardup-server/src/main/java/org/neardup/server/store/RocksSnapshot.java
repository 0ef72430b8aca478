package org.neardup.server.store;

import java.util.function.BiConsumer;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;

/** Reads a RocksDB database at one point in time (its check, its scan); close it to release it. */
final class RocksSnapshot implements AutoCloseable {
  private final RocksDB db;
  private final org.rocksdb.Snapshot snapshot;
  private final org.rocksdb.ReadOptions options;
  private final BiConsumer<ColumnFamilyHandle, RocksDBException> failures;

  /** A snapshot whose reads throw a {@link StoreException} when a value cannot be read. */
  RocksSnapshot(RocksDB db) {
    this(db, false);
  }

  /**
   * A snapshot whose reads throw a {@link StoreException} when a value cannot be read.
   *
   * @param secondary whether {@code db} is a secondary instance, which takes no snapshot (it does
   *     not move: it is read as it was when opened)
   */
  RocksSnapshot(RocksDB db, boolean secondary) {
    this(
        db,
        secondary,
        (family, e) -> {
          throw new StoreException("cannot read the index: " + e.getMessage(), e);
        });
  }

  /** A snapshot whose reads give {@code failures} a value that cannot be read, and answer null. */
  RocksSnapshot(RocksDB db, BiConsumer<ColumnFamilyHandle, RocksDBException> failures) {
    this(db, false, failures);
  }

  private RocksSnapshot(
      RocksDB db, boolean secondary, BiConsumer<ColumnFamilyHandle, RocksDBException> failures) {
    this.db = db;
    this.failures = failures;
    this.snapshot = secondary ? null : db.getSnapshot();
    // total order: the buckets' hash memtable has no order of its own, and a scan of it without
    // this finds nothing of what is not flushed yet
    this.options = new org.rocksdb.ReadOptions().setTotalOrderSeek(true);
    if (snapshot != null) {
      options.setSnapshot(snapshot);
    }
  }

  RocksIterator iterator(ColumnFamilyHandle family) {
    return db.newIterator(family, options);
  }

  /** The value, or null when there is none or it cannot be read (then said to the failures). */
  byte[] get(ColumnFamilyHandle family, byte[] key) {
    try {
      return db.get(family, options, key);
    } catch (RocksDBException e) {
      failures.accept(family, e);
      return null;
    }
  }

  @Override
  public void close() {
    options.close();
    if (snapshot != null) {
      db.releaseSnapshot(snapshot);
    }
  }
}
