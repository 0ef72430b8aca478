package org.neardup.server.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.neardup.index.BucketStore;
import org.neardup.index.CountedCandidates;
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
 * index) and the {@link Signatures#lowBytes} of every signature (what a floor candidate is first
 * compared on), about 2 KB a document. Both are made from the committed signatures by one scan on
 * first use, then kept in step by {@link RocksIndexStore#commit()}; nothing of them is written to
 * RocksDB. A query reads its 64 floor bands from the heap instead of 64 lists from RocksDB (most of a
 * top-k query's time on the service before), and an add writes 64 fewer merges.
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
  private static final class Loaded {
    long[][] lowBytes; // by handle
    final TableBuckets buckets;

    Loaded(long[][] lowBytes, TableBuckets buckets) {
      this.lowBytes = lowBytes;
      this.buckets = buckets;
    }
  }

  /** A bucket write of the batch in progress: an add, or a removal. */
  private record Staged(long[] bucketKeys, long handle, boolean add) {}

  FloorCache(RocksDB db, ColumnFamilyHandle signatures, Banding banding) {
    this.db = db;
    this.signatures = signatures;
    this.banding = banding;
  }

  /** The low bytes of a committed handle, or null if it holds none. */
  long[] lowBytes(long handle) {
    long[][] table = loaded().lowBytes;
    return handle < table.length ? table[(int) handle] : null;
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
    return loaded().buckets.candidates(bucketKeys);
  }

  @Override
  public CountedCandidates countedCandidates(long[] bucketKeys) {
    return loaded().buckets.countedCandidates(bucketKeys);
  }

  @Override
  public long[] members(long bucketKey) {
    return loaded().buckets.members(bucketKey);
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
        held.buckets.add(write.bucketKeys(), write.handle());
      } else {
        held.buckets.remove(write.bucketKeys(), write.handle());
      }
    }
  }

  /**
   * After a commit: {@code handle} now holds this signature (null: removed). Nothing to do (and
   * nothing computed) before the first load.
   */
  void set(long handle, int[] signature) {
    Loaded held = loaded;
    if (held == null) {
      return;
    }
    if (handle >= held.lowBytes.length) {
      held.lowBytes = Arrays.copyOf(held.lowBytes,
          (int) Math.max(handle + 1, held.lowBytes.length + (held.lowBytes.length >> 1) + 16));
    }
    held.lowBytes[(int) handle] = signature == null ? null : Signatures.lowBytes(signature);
  }

  /** The batch was written (or dropped): what it staged is applied (or gone). */
  void committed() {
    staged.clear();
  }

  private Loaded loaded() {
    Loaded held = loaded;
    if (held != null) {
      return held;
    }
    synchronized (this) {
      if (loaded == null) {
        long[][] lowBytes = new long[16][];
        TableBuckets buckets = new TableBuckets(1024);
        try (RocksIterator iterator = db.newIterator(signatures)) {
          for (iterator.seekToFirst(); iterator.isValid(); iterator.next()) {
            long handle = RocksLayout.handle(iterator.key());
            int[] signature = RocksLayout.signature(iterator.value());
            if (handle >= lowBytes.length) {
              lowBytes = Arrays.copyOf(lowBytes, (int) Math.max(handle + 1, 2L * lowBytes.length));
            }
            lowBytes[(int) handle] = Signatures.lowBytes(signature);
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
