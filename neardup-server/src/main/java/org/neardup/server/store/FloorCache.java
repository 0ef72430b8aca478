package org.neardup.server.store;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.IntConsumer;
import java.util.function.LongConsumer;
import org.neardup.index.BucketStore;
import org.neardup.index.CountedCandidates;
import org.neardup.lsh.Banding;
import org.neardup.minhash.Signatures;
import org.neardup.sort.LongSort;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;

/**
 * What top-k search reads below the threshold, for an index with a top-k floor: the floor buckets
 * (which documents share each floor band: a {@link FloorTable}) and the {@link Signatures#lowBytes}
 * of every signature (a {@link FloorLowBytes}: what a floor candidate is first compared on), about
 * 1.1–2.2 KB a document, off the heap: in memory mapped from files of the index's directory,
 * deleted as soon as they are made ({@link MappedMemory}), so the page cache holds them and the
 * heap holds none of it. Both are made from the committed signatures by one scan, when the service
 * starts ({@link #load}) or on first use, then kept in step by {@link RocksIndexStore#commit()};
 * nothing of them is written to RocksDB. A query reads its 64 floor bands from the heap instead of
 * 64 lists from RocksDB (most of a top-k query's time on the service before), and an add writes 64
 * fewer merges.
 *
 * <p>As the {@link BucketStore} of {@link org.neardup.index.BucketSpace#TOP_K}: adds and removals
 * of a batch are staged and applied when it is written ({@link #written}), so queries see only what
 * is committed, as they do of RocksDB. Reads run concurrently under the index's read lock, writes
 * under its write lock; the first load is synchronized.
 */
final class FloorCache implements BucketStore {
  private final RocksDB db;
  private final ColumnFamilyHandle signatures;
  private final Banding banding;
  private final Path directory;
  private final List<Staged> staged = new ArrayList<>();
  private volatile Loaded loaded; // null until first use

  /** What is held, once loaded. */
  private record Loaded(FloorLowBytes lowBytes, FloorTable buckets) {}

  /** A bucket write of the batch in progress: an add, or a removal. */
  // Shares its arrays (no copy: a carrier inside this class); equals and hashCode compare them
  // by identity, which nothing here relies on.
  @SuppressWarnings("ArrayRecordComponent")
  private record Staged(long[] bucketKeys, long handle, boolean add) {}

  /**
   * @param directory where the files of the mapped memory are made (and deleted at once)
   */
  FloorCache(RocksDB db, ColumnFamilyHandle signatures, Banding banding, Path directory) {
    this.db = db;
    this.signatures = signatures;
    this.banding = banding;
    this.directory = directory;
  }

  /** {@link org.neardup.index.SketchStore#lowByteAgreements} of committed handles. */
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
    Handles all = entries(bucketKeys);
    Arrays.sort(all.handles, 0, all.size);
    return LongSort.dropRepeats(all.handles, all.size);
  }

  @Override
  public CountedCandidates countedCandidates(long[] bucketKeys, int minimumHits) {
    Handles all = entries(bucketKeys);
    return CountedCandidates.count(all.handles, all.size, minimumHits);
  }

  @Override
  public void forEach(long[] bucketKeys, LongConsumer consumer) {
    FloorTable table = loaded().buckets();
    for (long bucketKey : bucketKeys) {
      table.forEach(bucketKey, consumer::accept);
    }
  }

  /** The handles of the buckets {@code bucketKeys}, once a bucket holding each. */
  private Handles entries(long[] bucketKeys) {
    FloorTable table = loaded().buckets();
    Handles all = new Handles();
    all.touched = table.touch(bucketKeys);
    for (long bucketKey : bucketKeys) {
      table.forEach(bucketKey, all);
    }
    return all;
  }

  /** Handles collected, growing. */
  private static final class Handles implements IntConsumer {
    long[] handles = new long[64];
    int size;

    // What the table's first pass read: kept, so that the JIT does not drop its loads; never
    // read, on purpose.
    @SuppressWarnings("UnusedVariable")
    long touched;

    @Override
    public void accept(int handle) {
      if (size == handles.length) {
        handles = Arrays.copyOf(handles, 2 * size);
      }
      handles[size++] = handle;
    }
  }

  /**
   * Before the batch is written: makes room for what it adds, the low bytes of the handles below
   * {@code nextHandle} (signatures of {@code signatureLength} values, 0 when it adds none) and its
   * bucket entries, so that applying it after the write ({@link #written}, {@link #set}) cannot
   * fail for want of memory. Nothing to do before the first load.
   *
   * @throws DiskFullException when the memory cannot grow: the batch must not be written
   */
  void reserve(long nextHandle, int signatureLength) {
    Loaded held = loaded;
    if (held == null) {
      return;
    }
    long added = 0;
    for (Staged write : staged) {
      if (write.add()) {
        added += write.bucketKeys().length;
      }
    }
    held.buckets().reserve(added);
    held.lowBytes().reserve(nextHandle, signatureLength);
  }

  /**
   * The batch was written: its bucket writes are applied (nothing before the first load, which
   * reads what was committed).
   */
  void written() {
    Loaded held = loaded;
    if (held == null) {
      return;
    }
    for (Staged write : staged) {
      int handle = Math.toIntExact(write.handle());
      for (long bucketKey : write.bucketKeys()) {
        if (write.add()) {
          held.buckets().add(bucketKey, handle);
        } else {
          held.buckets().remove(bucketKey, handle);
        }
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
   * Loads what is held, if not yet loaded ({@link RocksDocuments#prepareLowBytes}), under the
   * index's read lock. A thread interrupted while it loads stops, with a {@link
   * CancellationException}, and leaves nothing loaded: a service that stops during its start-up
   * load does not wait for it.
   */
  void load() {
    loaded();
  }

  /** Bytes of memory mapped for the floor: 0 before it is loaded. */
  long mappedBytes() {
    Loaded held = loaded;
    return held == null ? 0 : held.buckets().mappedBytes() + held.lowBytes().mappedBytes();
  }

  /**
   * Drops what is held, to be made again from the committed signatures on next use: after a commit
   * whose changes it could not follow. Under the index's write lock.
   */
  void unload() {
    close();
  }

  /** Releases the mapped memory: called when the index closes, after its last query. */
  synchronized void close() {
    Loaded held = loaded;
    loaded = null;
    if (held != null) {
      held.buckets().close();
      held.lowBytes().close();
    }
  }

  /** RocksDB's estimate of the signatures held, to size the memory once rather than grow it. */
  private long estimatedDocuments() {
    try {
      return Math.max(0, db.getLongProperty(signatures, "rocksdb.estimate-num-keys"));
    } catch (RocksDBException e) {
      return 0;
    }
  }

  private Loaded loaded() {
    Loaded held = loaded;
    if (held != null) {
      return held;
    }
    synchronized (this) {
      if (loaded == null) {
        long documents = estimatedDocuments();
        FloorLowBytes lowBytes = new FloorLowBytes(directory, documents);
        FloorTable buckets;
        try {
          buckets = new FloorTable(directory, documents * banding.params().bands());
        } catch (RuntimeException e) {
          lowBytes.close();
          throw e;
        }
        int read = 0;
        try (RocksIterator iterator = db.newIterator(signatures)) {
          for (iterator.seekToFirst(); iterator.isValid(); iterator.next()) {
            if ((read++ & 0xFFF) == 0 && Thread.currentThread().isInterrupted()) {
              throw new CancellationException("loading the top-k floor was interrupted");
            }
            long handle = RocksLayout.handle(iterator.key());
            int[] signature = RocksLayout.signature(iterator.value());
            lowBytes.put(handle, signature);
            int value = Math.toIntExact(handle);
            for (long bucketKey : banding.bucketKeys(signature)) {
              buckets.add(bucketKey, value);
            }
          }
          iterator.status();
        } catch (RocksDBException | RuntimeException e) {
          buckets.close();
          lowBytes.close();
          if (e instanceof RuntimeException runtime) {
            throw runtime;
          }
          throw new StoreException("cannot read the index's signatures: " + e.getMessage(), e);
        }
        loaded = new Loaded(lowBytes, buckets);
      }
      return loaded;
    }
  }
}
