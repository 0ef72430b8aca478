package org.neardup.server.store;

import static org.neardup.server.store.RocksLayout.handle;

import java.nio.file.Path;
import java.util.List;
import org.neardup.index.BucketSpace;
import org.neardup.index.BucketStore;
import org.neardup.index.IndexStorage;
import org.neardup.index.SketchStore;
import org.neardup.lsh.Banding;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * {@link IndexStorage} in RocksDB ({@link RocksLayout}): the documents ({@link RocksDocuments}),
 * the threshold buckets ({@link RocksBuckets}), the top-k floor's buckets on the heap ({@link
 * FloorCache}) and the containment lists ({@link SearchBuckets}). What a {@link
 * org.neardup.index.NearDupIndex} writes is staged in one {@link RocksBatch}, and kept readable by
 * each half until the commit, so the writes of one index batch see each other without RocksDB's
 * indexed batches. {@link #commit()} writes the batch atomically — with a synced write-ahead log
 * when durable, so that an acknowledged write survives {@code kill -9}. If the write fails, or the
 * index's batch fails before it ({@link #rollback}), the batch and what each half kept of it are
 * dropped and nothing of it happened.
 *
 * <p>Called under the index's lock (reads concurrently, writes exclusively), as {@link
 * IndexStorage} requires; the RocksDB handles are owned by the {@link IndexDirectory}.
 */
final class RocksIndexStore implements IndexStorage<String> {
  private final RocksDB db;
  private final ColumnFamilyHandle meta;
  private final RocksBatch batch;
  private final RocksDocuments documents;
  private final RocksBuckets buckets;
  private final FloorCache floor; // null without a top-k floor
  private final SearchBuckets containment; // null without containment sampling
  private final WriteOptions writes;
  private final DiskSpace space;
  private long commits;

  /**
   * @param families the handles of the default family and of {@link RocksLayout#FAMILIES}, in order
   * @param floorBanding the top-k floor's banding, or null without a floor
   * @param containment the {@link RocksLayout#CONTAINMENT} family, or null
   * @param space told of each write, and of a write that fails for want of space
   * @param directory the index's directory, where the floor's memory is mapped from
   */
  RocksIndexStore(
      RocksDB db,
      ColumnFamilyHandle[] families,
      Banding floorBanding,
      ColumnFamilyHandle containment,
      boolean keepTexts,
      boolean durable,
      long nextHandle,
      long count,
      DiskSpace space,
      Path directory) {
    this.db = db;
    this.space = space;
    this.meta = families[0];
    this.batch = new RocksBatch(db);
    this.floor =
        floorBanding == null ? null : new FloorCache(db, families[3], floorBanding, directory);
    this.documents =
        new RocksDocuments(
            batch,
            families[1],
            families[2],
            families[3],
            families[4],
            families[5],
            floor,
            keepTexts,
            nextHandle,
            count);
    this.buckets = new RocksBuckets(batch, families[6]);
    this.containment = containment == null ? null : new SearchBuckets(batch, containment, space);
    this.writes = new WriteOptions().setSync(durable);
  }

  @Override
  public SketchStore<String> sketches() {
    return documents;
  }

  @Override
  public BucketStore buckets(BucketSpace space) {
    BucketStore store =
        switch (space) {
          case THRESHOLD -> buckets;
          case TOP_K -> floor;
          case CONTAINMENT -> containment;
        };
    if (store == null) {
      throw new UnsupportedOperationException("this index was built without " + space + " buckets");
    }
    return store;
  }

  /**
   * Reads of a key's handle or of a write's buckets that went to RocksDB one write at a time, not
   * answered by what {@link #begin} read for the batch (queries' reads included).
   */
  long singleReads() {
    return batch.singleReads();
  }

  /** Commits made so far (each one write, synced when durable). */
  long commits() {
    return commits;
  }

  /**
   * Reads the batch's keys in one multiGet, and its buckets in another, instead of a get and a
   * multiGet a write: the committer's reads of a batch of 1,000 documents become two bulk reads.
   */
  @Override
  public void begin(List<String> keysRead, long[] bucketKeysRead) {
    batch.begin();
    documents.readAhead(keysRead);
    buckets.readAhead(bucketKeysRead);
  }

  /**
   * Writes the batch atomically. Whatever can fail is done before the write: staging, and making
   * room in the top-k floor's memory for what the batch adds to it. If any of it or the write
   * fails, the batch is dropped ({@link #rollback}) and nothing of it happened. Once the write is
   * done the batch is committed, and what the halves keep in memory follows it; a failure there
   * cannot undo the write, so it only unloads the floor, which is made again from RocksDB on its
   * next use.
   */
  @Override
  public void commit() {
    batch.end();
    if (!documents.changed() && !buckets.changed()) {
      endBatch();
      return;
    }
    try {
      WriteBatch pending = batch.pending();
      buckets.stage(pending);
      if (containment != null) {
        containment.stageRewritten();
      }
      documents.stageCounts(pending, meta);
      if (floor != null) {
        floor.reserve(documents.nextHandle(), documents.stagedSignatureLength());
      }
      db.write(writes, pending);
    } catch (RocksDBException e) {
      rollback();
      if (DiskFullException.isNoSpace(e)) {
        throw space.failed("writing the index", e);
      }
      throw new StoreException("cannot write the index: " + e.getMessage(), e);
    } catch (DiskFullException e) {
      rollback();
      throw space.failed(e);
    } catch (RuntimeException | Error e) {
      rollback();
      throw e;
    }
    written();
  }

  /** After the batch's write: the halves' memory follows what is now committed. */
  private void written() {
    commits++;
    space.written();
    documents.written();
    try {
      if (containment != null) {
        containment.written();
      }
      if (floor != null) {
        floor.written();
      }
    } catch (RuntimeException e) {
      if (floor != null) {
        floor.unload(); // made again from the committed signatures when next needed
      }
    } finally {
      endBatch();
    }
  }

  /**
   * Drops the batch: nothing of it is staged or readable, and the handles are the committed ones.
   */
  @Override
  public boolean rollback() {
    documents.dropped();
    endBatch();
    return true;
  }

  /** The batch is over: what it staged, kept and read ahead is gone. */
  private void endBatch() {
    batch.end();
    buckets.clear();
    if (containment != null) {
      containment.committed();
    }
    if (floor != null) {
      floor.committed();
    }
    batch.clear();
    documents.clear();
  }

  /** Makes what was written with a non-durable store durable (after a bulk load). */
  void syncWriteAheadLog() {
    try {
      db.flushWal(true);
    } catch (RocksDBException e) {
      if (DiskFullException.isNoSpace(e)) {
        throw space.failed("syncing the index", e);
      }
      throw new StoreException("cannot sync the index: " + e.getMessage(), e);
    }
  }

  /** The handle the next document gets. */
  long nextHandle() {
    return documents.nextHandle();
  }

  /**
   * Records, durably, that a bulk load ({@link BulkLoader}) ingested documents up to {@code
   * nextHandle}, {@code count} in all, and is no longer ingesting ({@link RocksLayout#BULK_LOAD}):
   * the ingested tables become the index's documents, in one write. Called outside a batch of
   * writes, in a process that has not yet made the heap state of top-k or containment queries
   * ({@link FloorCache}, {@link ListLengths}: made on first use, they would miss the load).
   */
  void bulkLoaded(long nextHandle, long count) {
    try (WriteBatch load = new WriteBatch();
        WriteOptions synced = new WriteOptions().setSync(true)) {
      load.put(meta, RocksLayout.NEXT_HANDLE, handle(nextHandle));
      load.put(meta, RocksLayout.COUNT, handle(count));
      load.delete(meta, RocksLayout.BULK_LOAD);
      db.write(synced, load);
      space.written();
    } catch (RocksDBException e) {
      if (DiskFullException.isNoSpace(e)) {
        throw space.failed("writing the index", e);
      }
      throw new StoreException("cannot write the index: " + e.getMessage(), e);
    }
    documents.bulkLoaded(nextHandle, count);
  }

  @Override
  public void close() {
    if (floor != null) {
      floor.close();
    }
    batch.close();
    writes.close();
  }
}
