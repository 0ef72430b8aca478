package org.neardup.server.store;

import java.util.Arrays;
import org.neardup.index.BucketStore;
import org.neardup.index.CountedCandidates;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.AbstractWriteBatch;

/**
 * The buckets of a search family ({@link RocksLayout#TOP_K_BUCKETS}, {@link RocksLayout#CONTAINMENT})
 * of a {@link RocksIndexStore}: entries bucket key ‖ handle (empty values), staged in the store's
 * pending batch so that they commit with the document, and read by prefix scans of what is
 * committed: top-k and containment queries run under the index's read lock, never inside a batch
 * of writes (a write reads only the threshold buckets), so they never need the pending entries.
 * Called under the index's lock, as the store is.
 */
final class SearchBuckets implements BucketStore {
  private static final byte[] EMPTY = new byte[0];

  private final RocksDB db;
  private final AbstractWriteBatch pending;
  private final ReadOptions prefixReads;
  private final ColumnFamilyHandle family;

  SearchBuckets(RocksDB db, AbstractWriteBatch pending, ReadOptions prefixReads, ColumnFamilyHandle family) {
    this.db = db;
    this.pending = pending;
    this.prefixReads = prefixReads;
    this.family = family;
  }

  @Override
  public void add(long[] bucketKeys, long handle) {
    try {
      for (long bucket : bucketKeys) {
        pending.put(family, entry(bucket, handle), EMPTY);
      }
    } catch (RocksDBException e) {
      throw new StoreException("cannot stage a write: " + e.getMessage(), e);
    }
  }

  @Override
  public void remove(long[] bucketKeys, long handle) {
    try {
      for (long bucket : bucketKeys) {
        pending.delete(family, entry(bucket, handle));
      }
    } catch (RocksDBException e) {
      throw new StoreException("cannot stage a removal: " + e.getMessage(), e);
    }
  }

  @Override
  public long[] candidates(long[] bucketKeys) {
    long[] found = entries(bucketKeys);
    Arrays.sort(found);
    int distinct = 0;
    for (int i = 0; i < found.length; i++) {
      if (distinct == 0 || found[i] != found[distinct - 1]) {
        found[distinct++] = found[i];
      }
    }
    return Arrays.copyOf(found, distinct);
  }

  @Override
  public CountedCandidates countedCandidates(long[] bucketKeys) {
    long[] found = entries(bucketKeys);
    return CountedCandidates.count(found, found.length);
  }

  /** Every committed entry of the buckets {@code bucketKeys}: one handle a bucket holding it. One iterator for all. */
  private long[] entries(long[] bucketKeys) {
    long[] found = new long[16];
    int size = 0;
    try (RocksIterator iterator = db.newIterator(family, prefixReads)) {
      for (long bucket : bucketKeys) {
        byte[] prefix = RocksLayout.handle(bucket); // the bucket key, 8 bytes big-endian
        for (iterator.seek(prefix); iterator.isValid(); iterator.next()) {
          byte[] entry = iterator.key();
          if (!startsWith(entry, prefix)) {
            break;
          }
          if (size == found.length) {
            found = Arrays.copyOf(found, size * 2);
          }
          found[size++] = RocksLayout.getLong(entry, 8);
        }
      }
    }
    return Arrays.copyOf(found, size);
  }

  /** An entry's key: the bucket key, then the handle, both 8 bytes big-endian. */
  static byte[] entry(long bucketKey, long handle) {
    byte[] bytes = new byte[16];
    RocksLayout.putLong(bytes, 0, bucketKey);
    RocksLayout.putLong(bytes, 8, handle);
    return bytes;
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
