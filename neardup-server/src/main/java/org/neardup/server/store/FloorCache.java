package org.neardup.server.store;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.neardup.index.BucketStore;
import org.neardup.index.CountedCandidates;
import org.neardup.index.LowByteTable;
import org.neardup.index.TableBuckets;
import org.neardup.lsh.Banding;
import org.neardup.minhash.Signatures;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;

/**
 * What top-k search reads below the threshold, on the heap, for an index with a top-k floor: the
 * floor buckets (which documents share each floor band: a {@link TableBuckets}, as in the in-memory
 * index) and the {@link Signatures#lowBytes} of every signature (a {@link LowByteTable}: what a
 * floor candidate is first compared on), about 2 KB a document. Both are made from the committed
 * signatures by one scan, when the service starts ({@link #load}) or on first use, then kept in step
 * by {@link RocksIndexStore#commit()}; nothing of them is written to RocksDB. A query reads its 64
 * floor bands from the heap instead of 64 lists from RocksDB (most of a top-k query's time on the
 * service before), and an add writes 64 fewer merges.
 *
 * <p>As the {@link BucketStore} of {@link org.neardup.index.BucketSpace#TOP_K}: adds and removals of
 * a batch are staged and applied when it is written ({@link #written}), so queries see only what is
 * committed, as they do of RocksDB. Reads run concurrently under the index's read lock, writes
 * under its write lock; the first load is synchronized.
 */
final class FloorCache implements BucketStore {
  private final RocksDB db;
  private final ColumnFamilyHandle signatures;
  private final Banding banding;
  private final List<Staged> staged = new ArrayList<>();
  private volatile Loaded loaded; // null until first use

  /** What is held, once loaded. */
  private record Loaded(LowByteTable lowBytes, TableBuckets buckets) {}

  /** A bucket write of the batch in progress: an add, or a removal. */
  private record Staged(long[] bucketKeys, long handle, boolean add) {}

  FloorCache(RocksDB db, ColumnFamilyHandle signatures, Banding banding) {
    this.db = db;
    this.signatures = signatures;
    this.banding = banding;
  }

  /** {@link LowByteTable#agreements} of committed handles. */
  void lowByteAgreements(long[] handles, int count, long[] query, int length, int[] agreements) {
    loaded().lowBytes().agreements(handles, count, query, length, agreements);
  }

  @Override
  public void add(long[] bucketKeys, long handle) {
    staged.add(new Staged(bucketKeys, handle, true));
  }

  @Override
  public void remove(long[] bucketKeys, long handle) {
    staged.add(new Staged(bucketKeys, handle, false));
  }

  @Override
  public long[] candidates(long[] bucketKeys) {
    return loaded().buckets().candidates(bucketKeys);
  }

  @Override
  public CountedCandidates countedCandidates(long[] bucketKeys, int minimumHits) {
    return loaded().buckets().countedCandidates(bucketKeys, minimumHits);
  }

  @Override
  public long[] members(long bucketKey) {
    return loaded().buckets().members(bucketKey);
  }

  /**
   * The batch was written: its bucket writes are applied (nothing before the first load, which reads
   * what was committed).
   */
  void written() {
    Loaded held = loaded;
    if (held == null) {
      return;
    }
    for (Staged write : staged) {
      if (write.add()) {
        held.buckets().add(write.bucketKeys(), write.handle());
      } else {
        held.buckets().remove(write.bucketKeys(), write.handle());
      }
    }
  }

  /**
   * After a commit: {@code handle} now holds this signature (null: removed, and no longer a floor
   * candidate: its low bytes stay, unread). Nothing to do (and nothing computed) before the first
   * load.
   */
  void set(long handle, int[] signature) {
    Loaded held = loaded;
    if (held != null && signature != null) {
      held.lowBytes().put(handle, signature);
    }
  }

  /** The batch was written (or dropped): what it staged is applied (or gone). */
  void committed() {
    staged.clear();
  }

  /**
   * Loads what is held, if not yet loaded ({@link RocksIndexStore#prepareTopK}), under the index's
   * read lock. A thread interrupted while it loads stops, with a {@link CancellationException}, and
   * leaves nothing loaded: a service that stops during its start-up load does not wait for it.
   */
  void load() {
    loaded();
  }

  private Loaded loaded() {
    Loaded held = loaded;
    if (held != null) {
      return held;
    }
    synchronized (this) {
      if (loaded == null) {
        LowByteTable lowBytes = new LowByteTable();
        TableBuckets buckets = new TableBuckets(1024);
        int read = 0;
        try (RocksIterator iterator = db.newIterator(signatures)) {
          for (iterator.seekToFirst(); iterator.isValid(); iterator.next()) {
            if ((read++ & 0xFFF) == 0 && Thread.currentThread().isInterrupted()) {
              throw new CancellationException("loading the top-k floor was interrupted");
            }
            long handle = RocksLayout.handle(iterator.key());
            int[] signature = RocksLayout.signature(iterator.value());
            lowBytes.put(handle, signature);
            buckets.add(banding.bucketKeys(signature), handle);
          }
          iterator.status();
        } catch (RocksDBException e) {
          throw new StoreException("cannot read the index's signatures: " + e.getMessage(), e);
        }
        loaded = new Loaded(lowBytes, buckets);
      }
      return loaded;
    }
  }
}
