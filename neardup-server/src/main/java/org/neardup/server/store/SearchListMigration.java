package org.neardup.server.store;

import java.util.Arrays;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * Rewrites a legacy search family ({@link RocksLayout#LEGACY_SEARCH_FAMILIES}: one key an entry,
 * bucket key ‖ handle, with an empty value) as the lists that replace it (one key a bucket, its
 * handles ascending), then drops it. The entries come in key order, so a bucket's are consecutive
 * and ascending: one scan, the lists written in batches. Safe to interrupt: the legacy family is
 * dropped last, after the lists are synced, so an interrupted migration finds it again on the next
 * open, clears the lists written so far and starts over. Stateless.
 */
final class SearchListMigration {
  private static final int BATCH_BYTES = 4 << 20;
  /** Past every 8-byte key: the end of the range that clears a list family. */
  private static final byte[] PAST_EVERY_KEY = new byte[9];

  static {
    Arrays.fill(PAST_EVERY_KEY, (byte) 0xFF);
  }

  private SearchListMigration() {}

  /** Moves the entries of {@code legacy} into {@code lists} and drops {@code legacy}: the entries moved. */
  static long migrate(RocksDB db, ColumnFamilyHandle legacy, ColumnFamilyHandle lists) {
    long entries = 0;
    try (RocksIterator iterator = db.newIterator(legacy);
        WriteBatch batch = new WriteBatch();
        WriteOptions options = new WriteOptions()) {
      db.deleteRange(lists, new byte[8], PAST_EVERY_KEY); // what an interrupted migration wrote
      long bucket = 0;
      long[] handles = new long[16];
      int size = 0;
      for (iterator.seekToFirst(); iterator.isValid(); iterator.next()) {
        byte[] entry = iterator.key();
        if (entry.length != 16) {
          throw new StoreException("a legacy search entry of " + entry.length + " bytes (16 expected): the index is damaged", null);
        }
        long entryBucket = RocksLayout.getLong(entry, 0);
        if (size > 0 && entryBucket != bucket) {
          batch.put(lists, RocksLayout.handle(bucket), RocksLayout.handles(Arrays.copyOf(handles, size)));
          size = 0;
          if (batch.getDataSize() > BATCH_BYTES) {
            db.write(options, batch);
            batch.clear();
          }
        }
        bucket = entryBucket;
        if (size == handles.length) {
          handles = Arrays.copyOf(handles, 2 * size);
        }
        handles[size++] = RocksLayout.getLong(entry, 8);
        entries++;
      }
      iterator.status();
      if (size > 0) {
        batch.put(lists, RocksLayout.handle(bucket), RocksLayout.handles(Arrays.copyOf(handles, size)));
      }
      db.write(options, batch);
      db.flushWal(true);
      db.dropColumnFamily(legacy);
    } catch (RocksDBException e) {
      throw new StoreException("cannot rewrite the index's search entries as lists: " + e.getMessage(), e);
    }
    return entries;
  }
}
