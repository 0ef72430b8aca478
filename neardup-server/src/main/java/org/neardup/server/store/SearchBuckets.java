package org.neardup.server.store;

import static org.neardup.server.store.RocksLayout.bucketEntry;
import static org.neardup.server.store.RocksLayout.bucketPrefix;

import java.util.Arrays;
import org.neardup.index.BucketStore;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteBatchWithIndex;

/**
 * The buckets of a search family ({@link RocksLayout#TOP_K_BUCKETS}, {@link RocksLayout#CONTAINMENT})
 * of a {@link RocksIndexStore}: entries bucket key ‖ handle (empty values), staged in the store's
 * pending batch so that they commit with the document, and read by prefix scans that see that
 * batch. Called under the index's lock, as the store is.
 */
final class SearchBuckets implements BucketStore {
  private static final byte[] EMPTY = new byte[0];

  private final RocksDB db;
  private final WriteBatchWithIndex pending;
  private final ReadOptions prefixReads;
  private final ColumnFamilyHandle family;

  SearchBuckets(RocksDB db, WriteBatchWithIndex pending, ReadOptions prefixReads, ColumnFamilyHandle family) {
    this.db = db;
    this.pending = pending;
    this.prefixReads = prefixReads;
    this.family = family;
  }

  @Override
  public void add(long[] bucketKeys, long handle) {
    try {
      for (long bucket : bucketKeys) {
        pending.put(family, bucketEntry(bucket, handle), EMPTY);
      }
    } catch (RocksDBException e) {
      throw new StoreException("cannot stage a write: " + e.getMessage(), e);
    }
  }

  @Override
  public void remove(long[] bucketKeys, long handle) {
    try {
      for (long bucket : bucketKeys) {
        pending.delete(family, bucketEntry(bucket, handle));
      }
    } catch (RocksDBException e) {
      throw new StoreException("cannot stage a removal: " + e.getMessage(), e);
    }
  }

  @Override
  public long[] candidates(long[] bucketKeys) {
    long[] found = new long[16];
    int size = 0;
    try (RocksIterator iterator = iterator()) {
      for (long bucket : bucketKeys) {
        byte[] prefix = bucketPrefix(bucket);
        for (iterator.seek(prefix); iterator.isValid(); iterator.next()) {
          byte[] entry = iterator.key();
          if (!startsWith(entry, prefix)) {
            break;
          }
          if (size == found.length) {
            found = Arrays.copyOf(found, size * 2);
          }
          found[size++] = RocksLayout.entryHandle(entry);
        }
      }
    }
    Arrays.sort(found, 0, size);
    int distinct = 0;
    for (int i = 0; i < size; i++) {
      if (distinct == 0 || found[i] != found[distinct - 1]) {
        found[distinct++] = found[i];
      }
    }
    return Arrays.copyOf(found, distinct);
  }

  private RocksIterator iterator() {
    RocksIterator base = db.newIterator(family, prefixReads);
    return pending.count() == 0 ? base : pending.newIteratorWithBase(family, base, prefixReads);
  }

  private static boolean startsWith(byte[] key, byte[] prefix) {
    if (key.length < prefix.length) {
      return false;
    }
    for (int i = 0; i < prefix.length; i++) {
      if (key[i] != prefix[i]) {
        return false;
      }
    }
    return true;
  }
}
