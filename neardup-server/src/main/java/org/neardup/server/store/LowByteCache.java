package org.neardup.server.store;

import java.util.Arrays;
import org.neardup.minhash.Signatures;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksIterator;

/**
 * The {@link Signatures#lowBytes} of every committed signature of an index with a top-k floor, on
 * the heap by handle: what top-k search reads of each of a query's many floor candidates, which
 * would otherwise be one RocksDB read each. 128 bytes and a reference a document for 128-value
 * signatures. Loaded by one scan of the signatures on first use, then kept in step by {@link
 * RocksIndexStore#commit()}. Reads run concurrently under the index's read lock, {@link #set} under
 * its write lock; the first load is synchronized.
 */
final class LowByteCache {
  private final RocksDB db;
  private final ColumnFamilyHandle signatures;
  private volatile long[][] byHandle; // null until loaded

  LowByteCache(RocksDB db, ColumnFamilyHandle signatures) {
    this.db = db;
    this.signatures = signatures;
  }

  /** The low bytes of a committed handle, or null if it holds none. */
  long[] get(long handle) {
    long[][] table = loaded();
    return handle < table.length ? table[(int) handle] : null;
  }

  /**
   * After a commit: {@code handle} now holds this signature (null: removed). Nothing to do (and
   * nothing computed) before the first load, which reads what was committed.
   */
  void set(long handle, int[] signature) {
    long[][] table = byHandle;
    if (table == null) {
      return;
    }
    if (handle >= table.length) {
      table = Arrays.copyOf(table, (int) Math.max(handle + 1, table.length + (table.length >> 1) + 16));
      byHandle = table;
    }
    table[(int) handle] = signature == null ? null : Signatures.lowBytes(signature);
  }

  private long[][] loaded() {
    long[][] table = byHandle;
    if (table != null) {
      return table;
    }
    synchronized (this) {
      if (byHandle == null) {
        long[][] scanned = new long[16][];
        try (RocksIterator iterator = db.newIterator(signatures)) {
          for (iterator.seekToFirst(); iterator.isValid(); iterator.next()) {
            long handle = RocksLayout.handle(iterator.key());
            if (handle >= scanned.length) {
              scanned = Arrays.copyOf(scanned, (int) Math.max(handle + 1, 2L * scanned.length));
            }
            scanned[(int) handle] = Signatures.lowBytes(RocksLayout.signature(iterator.value()));
          }
        }
        byHandle = scanned;
      }
      return byHandle;
    }
  }
}
