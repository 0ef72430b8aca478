package org.neardup.server.store;

import static org.neardup.server.store.RocksLayout.bucketEntry;
import static org.neardup.server.store.RocksLayout.bucketPrefix;
import static org.neardup.server.store.RocksLayout.handle;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.neardup.format.ShingleSetFormat;
import org.neardup.index.BucketSpace;
import org.neardup.index.BucketStore;
import org.neardup.index.IndexStorage;
import org.neardup.index.SketchStore;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteBatchWithIndex;
import org.rocksdb.WriteOptions;

/**
 * {@link IndexStorage} in RocksDB ({@link RocksLayout}): what a {@link
 * org.neardup.index.NearDupIndex} writes goes into a pending batch that its own reads see (so the
 * writes of one index batch see each other), and {@link #commit()} writes the batch atomically —
 * with a synced write-ahead log when durable, so that an acknowledged write survives {@code kill
 * -9}. If the write fails, the batch is dropped and nothing of it happened. Called under the
 * index's lock (reads concurrently, writes exclusively), as {@link IndexStorage} requires; the
 * RocksDB handles are owned by the {@link IndexDirectory}.
 */
final class RocksIndexStore implements IndexStorage<String>, SketchStore<String>, BucketStore {
  private static final byte[] EMPTY = new byte[0];

  private final RocksDB db;
  private final ColumnFamilyHandle meta;
  private final ColumnFamilyHandle keys;
  private final ColumnFamilyHandle ids;
  private final ColumnFamilyHandle signatures;
  private final ColumnFamilyHandle sets;
  private final ColumnFamilyHandle texts;
  private final ColumnFamilyHandle buckets;
  private final SearchBuckets topKBuckets; // null without a top-k floor
  private final SearchBuckets containment; // null without containment sampling
  private final boolean keepTexts;
  private final ReadOptions reads = new ReadOptions();
  private final ReadOptions prefixReads = new ReadOptions().setPrefixSameAsStart(true);
  private final WriteOptions writes;
  private final WriteBatchWithIndex pending = new WriteBatchWithIndex(true);

  private long nextHandle;
  private long count;
  private long committedNextHandle;
  private long committedCount;
  private long commits;

  /**
   * @param families the handles of the default family and of {@link RocksLayout#FAMILIES}, in order
   * @param topKBuckets the {@link RocksLayout#TOP_K_BUCKETS} family, or null
   * @param containment the {@link RocksLayout#CONTAINMENT} family, or null
   */
  RocksIndexStore(RocksDB db, ColumnFamilyHandle[] families, ColumnFamilyHandle topKBuckets,
      ColumnFamilyHandle containment, boolean keepTexts, boolean durable, long nextHandle, long count) {
    this.db = db;
    this.meta = families[0];
    this.keys = families[1];
    this.ids = families[2];
    this.signatures = families[3];
    this.sets = families[4];
    this.texts = families[5];
    this.buckets = families[6];
    this.topKBuckets = topKBuckets == null ? null : new SearchBuckets(db, pending, prefixReads, topKBuckets);
    this.containment = containment == null ? null : new SearchBuckets(db, pending, prefixReads, containment);
    this.keepTexts = keepTexts;
    this.writes = new WriteOptions().setSync(durable);
    this.nextHandle = this.committedNextHandle = nextHandle;
    this.count = this.committedCount = count;
  }

  @Override
  public SketchStore<String> sketches() {
    return this;
  }

  @Override
  public BucketStore buckets() {
    return this;
  }

  @Override
  public BucketStore buckets(BucketSpace space) {
    BucketStore store = switch (space) {
      case THRESHOLD -> this;
      case TOP_K -> topKBuckets;
      case CONTAINMENT -> containment;
    };
    if (store == null) {
      throw new UnsupportedOperationException("this index was built without " + space + " buckets");
    }
    return store;
  }

  /** Commits made so far (each one write, synced when durable). */
  long commits() {
    return commits;
  }

  @Override
  public void commit() {
    if (pending.count() == 0) {
      return;
    }
    try {
      pending.put(meta, RocksLayout.NEXT_HANDLE, handle(nextHandle));
      pending.put(meta, RocksLayout.COUNT, handle(count));
      db.write(writes, pending);
      committedNextHandle = nextHandle;
      committedCount = count;
      commits++;
    } catch (RocksDBException e) {
      nextHandle = committedNextHandle;
      count = committedCount;
      throw new StoreException("cannot write the index: " + e.getMessage(), e);
    } finally {
      pending.clear();
    }
  }

  /** Makes what was written with a non-durable store durable (after a bulk load). */
  void syncWriteAheadLog() {
    try {
      db.flushWal(true);
    } catch (RocksDBException e) {
      throw new StoreException("cannot sync the index: " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    pending.close();
    reads.close();
    prefixReads.close();
    writes.close();
  }

  @Override
  public long handleOf(String key) {
    byte[] value = get(keys, key.getBytes(StandardCharsets.UTF_8));
    return value == null ? -1 : RocksLayout.handle(value);
  }

  @Override
  public String key(long handle) {
    byte[] value = get(ids, handle(handle));
    return value == null ? null : new String(value, StandardCharsets.UTF_8);
  }

  @Override
  public int[] signature(long handle) {
    byte[] value = get(signatures, handle(handle));
    if (value == null) {
      throw new StoreException("index inconsistent: no signature for handle " + handle, null);
    }
    int[] signature = new int[value.length / 4];
    ByteBuffer.wrap(value).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(signature);
    return signature;
  }

  @Override
  public long[] shingleSet(long handle) {
    byte[] value = get(sets, handle(handle));
    return value == null ? null : ShingleSetFormat.decode(value);
  }

  @Override
  public String text(long handle) {
    byte[] value = keepTexts ? get(texts, handle(handle)) : null;
    return value == null ? null : new String(value, StandardCharsets.UTF_8);
  }

  @Override
  public long size() {
    return count;
  }

  @Override
  public long insert(String key, int[] signature, long[] shingleSet, String text) {
    long handle = nextHandle++;
    byte[] h = handle(handle);
    byte[] keyBytes = key.getBytes(StandardCharsets.UTF_8);
    ByteBuffer values = ByteBuffer.allocate(4 * signature.length).order(ByteOrder.LITTLE_ENDIAN);
    values.asIntBuffer().put(signature);
    try {
      pending.put(keys, keyBytes, h);
      pending.put(ids, h, keyBytes);
      pending.put(signatures, h, values.array());
      if (shingleSet != null) {
        pending.put(sets, h, ShingleSetFormat.encode(shingleSet));
      }
      if (keepTexts && text != null) {
        pending.put(texts, h, text.getBytes(StandardCharsets.UTF_8));
      }
    } catch (RocksDBException e) {
      throw new StoreException("cannot stage a write: " + e.getMessage(), e);
    }
    count++;
    return handle;
  }

  @Override
  public void delete(long handle) {
    byte[] h = handle(handle);
    byte[] key = get(ids, h);
    try {
      if (key != null) {
        pending.delete(keys, key);
      }
      pending.delete(ids, h);
      pending.delete(signatures, h);
      pending.delete(sets, h);
      pending.delete(texts, h);
    } catch (RocksDBException e) {
      throw new StoreException("cannot stage a removal: " + e.getMessage(), e);
    }
    count--;
  }

  @Override
  public void add(long[] bucketKeys, long handle) {
    try {
      for (long bucket : bucketKeys) {
        pending.put(buckets, bucketEntry(bucket, handle), EMPTY);
      }
    } catch (RocksDBException e) {
      throw new StoreException("cannot stage a write: " + e.getMessage(), e);
    }
  }

  @Override
  public void remove(long[] bucketKeys, long handle) {
    try {
      for (long bucket : bucketKeys) {
        pending.delete(buckets, bucketEntry(bucket, handle));
      }
    } catch (RocksDBException e) {
      throw new StoreException("cannot stage a removal: " + e.getMessage(), e);
    }
  }

  @Override
  public long[] candidates(long[] bucketKeys) {
    long[] found = new long[16];
    int size = 0;
    try (RocksIterator iterator = bucketIterator()) {
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

  private RocksIterator bucketIterator() {
    RocksIterator base = db.newIterator(buckets, prefixReads);
    return pending.count() == 0 ? base : pending.newIteratorWithBase(buckets, base, prefixReads);
  }

  private byte[] get(ColumnFamilyHandle family, byte[] key) {
    try {
      return pending.count() == 0 ? db.get(family, reads, key) : pending.getFromBatchAndDB(db, family, reads, key);
    } catch (RocksDBException e) {
      throw new StoreException("cannot read the index: " + e.getMessage(), e);
    }
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
