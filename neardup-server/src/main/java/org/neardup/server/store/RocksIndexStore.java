package org.neardup.server.store;

import static org.neardup.server.store.RocksLayout.handle;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.neardup.format.ShingleSetFormat;
import org.neardup.index.BucketSpace;
import org.neardup.index.BucketStore;
import org.neardup.index.IndexStorage;
import org.neardup.index.SetHead;
import org.neardup.index.SketchStore;
import org.neardup.lsh.Banding;
import org.neardup.sort.LongSort;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * {@link IndexStorage} in RocksDB ({@link RocksLayout}). What a {@link
 * org.neardup.index.NearDupIndex} writes is staged in a {@link WriteBatch}, and kept readable in
 * small in-memory overlays (the documents, keys and bucket lists touched since the last commit), so
 * the writes of one index batch see each other without RocksDB's indexed batches. {@link
 * #commit()} writes the batch atomically — with a synced write-ahead log when durable, so that an
 * acknowledged write survives {@code kill -9}. If the write fails, the batch and overlays are
 * dropped and nothing of it happened.
 *
 * <p>Reads of buckets are one {@code multiGet} of the b bucket keys (point lookups with Bloom
 * filters: most buckets of a new document do not exist); a bucket's value is its handles. Called
 * under the index's lock (reads concurrently, writes exclusively), as {@link IndexStorage} requires;
 * the RocksDB handles are owned by the {@link IndexDirectory}.
 */
final class RocksIndexStore implements IndexStorage<String>, SketchStore<String>, BucketStore {
  private final RocksDB db;
  private final ColumnFamilyHandle meta;
  private final ColumnFamilyHandle keys;
  private final ColumnFamilyHandle ids;
  private final ColumnFamilyHandle signatures;
  private final ColumnFamilyHandle sets;
  private final ColumnFamilyHandle texts;
  private final ColumnFamilyHandle buckets;
  private final FloorCache floor; // null without a top-k floor
  private final SearchBuckets containment; // null without containment sampling
  private final boolean keepTexts;
  private final ReadOptions reads = new ReadOptions();
  private final WriteOptions writes;
  private final DiskSpace space;

  private final WriteBatch pending = new WriteBatch();
  /** Keys written since the last commit: their handle, or -1 when deleted. */
  private final Map<String, Long> keyOverlay = new HashMap<>();
  /** Documents written since the last commit; a null value when deleted. */
  private final Map<Long, StagedDocument> documentOverlay = new HashMap<>();
  /** Buckets changed since the last commit: their whole member list. */
  private final Map<Long, long[]> bucketOverlay = new HashMap<>();
  /** Documents of handles below {@link #committedNextHandle} that this batch deleted. */
  private int deletedInBatch;
  /** The committed handles of the batch's keys, read ahead ({@link #prefetch}): -1 for a key not held. */
  private final Map<String, Long> prefetchedKeys = new HashMap<>();
  /** The bucket keys read ahead ({@link #prefetch}), ascending, and their committed member lists. */
  private long[] prefetchedBuckets = EMPTY;
  private long[][] prefetchedLists = new long[0][];
  /**
   * The bucket keys and member lists of the last read under the write lock: an add that queried
   * its buckets first (addAndQuery) reuses them instead of reading them again.
   */
  private long[] lastKeys;
  private List<long[]> lastLists;
  /** Between {@link #begin()} and {@link #commit()}: the index's write lock is held. */
  private boolean writing;

  private long nextHandle;
  private long count;
  private long committedNextHandle;
  private long committedCount;
  private long commits;
  /** Reads of keys and of buckets one write at a time (not {@link #prefetch}ed): for tests. */
  private final LongAdder singleReads = new LongAdder();

  /** A document staged for the next commit. */
  private record StagedDocument(String key, int[] signature, long[] set, String text) {}

  /**
   * @param families the handles of the default family and of {@link RocksLayout#FAMILIES}, in order
   * @param floorBanding the top-k floor's banding, or null without a floor
   * @param containment the {@link RocksLayout#CONTAINMENT} family, or null
   * @param space told of each write, and of a write that fails for want of space
   * @param directory the index's directory, where the floor's memory is mapped from
   */
  RocksIndexStore(RocksDB db, ColumnFamilyHandle[] families, Banding floorBanding,
      ColumnFamilyHandle containment, boolean keepTexts, boolean durable, long nextHandle, long count, DiskSpace space,
      Path directory) {
    this.db = db;
    this.space = space;
    this.meta = families[0];
    this.keys = families[1];
    this.ids = families[2];
    this.signatures = families[3];
    this.sets = families[4];
    this.texts = families[5];
    this.buckets = families[6];
    this.floor = floorBanding == null ? null : new FloorCache(db, signatures, floorBanding, directory);
    this.containment = containment == null ? null : new SearchBuckets(db, pending, reads, containment, space);
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
   * answered by what {@link #prefetch} read for the batch (queries' reads included).
   */
  long singleReads() {
    return singleReads.sum();
  }

  /** Commits made so far (each one write, synced when durable). */
  long commits() {
    return commits;
  }

  /** Loads the floor held in memory ({@link FloorCache#load}), if the index has one. */
  @Override
  public void prepareTopK() {
    if (floor != null) {
      floor.load();
    }
  }

  @Override
  public void begin() {
    writing = true;
  }

  /**
   * Reads the batch's keys in one multiGet, and its buckets in another (sorted, each once), instead
   * of a get and a multiGet a write: the committer's reads of a batch of 1,000 documents become two
   * bulk reads, which RocksDB serves level by level and block by block.
   */
  @Override
  public void prefetch(List<String> documentKeys, long[] bucketKeys) {
    if (!documentKeys.isEmpty()) {
      List<String> distinct = new ArrayList<>(new LinkedHashSet<>(documentKeys));
      List<byte[]> keyBytes = new ArrayList<>(distinct.size());
      for (String key : distinct) {
        keyBytes.add(key.getBytes(StandardCharsets.UTF_8));
      }
      List<byte[]> values = multiGet(keys, keyBytes);
      for (int i = 0; i < distinct.size(); i++) {
        byte[] value = values.get(i);
        prefetchedKeys.put(distinct.get(i), value == null ? -1L : RocksLayout.handle(value));
      }
    }
    if (bucketKeys.length > 0) {
      long[] sorted = bucketKeys.clone();
      Arrays.sort(sorted);
      sorted = LongSort.dropRepeats(sorted, sorted.length);
      List<byte[]> bucketBytes = new ArrayList<>(sorted.length);
      for (long bucket : sorted) {
        bucketBytes.add(handle(bucket));
      }
      List<byte[]> values = multiGet(buckets, bucketBytes);
      long[][] lists = new long[sorted.length][];
      for (int i = 0; i < sorted.length; i++) {
        byte[] value = values.get(i);
        lists[i] = value == null ? EMPTY : RocksLayout.handles(value);
      }
      prefetchedBuckets = sorted;
      prefetchedLists = lists;
    }
  }

  private List<byte[]> multiGet(ColumnFamilyHandle family, List<byte[]> keyBytes) {
    try {
      return db.multiGetAsList(reads, Collections.nCopies(keyBytes.size(), family), keyBytes);
    } catch (RocksDBException e) {
      throw new StoreException("cannot read the index: " + e.getMessage(), e);
    }
  }

  private void forgetPrefetched() {
    prefetchedKeys.clear();
    prefetchedBuckets = EMPTY;
    prefetchedLists = new long[0][];
  }

  @Override
  public void commit() {
    writing = false;
    if (keyOverlay.isEmpty() && documentOverlay.isEmpty() && bucketOverlay.isEmpty()) {
      forgetLastRead();
      forgetPrefetched();
      return;
    }
    try {
      for (Map.Entry<Long, long[]> bucket : bucketOverlay.entrySet()) {
        byte[] bucketKey = handle(bucket.getKey());
        if (bucket.getValue().length == 0) {
          pending.delete(buckets, bucketKey);
        } else {
          pending.put(buckets, bucketKey, RocksLayout.handles(bucket.getValue()));
        }
      }
      if (containment != null) {
        containment.stageRewritten();
      }
      pending.put(meta, RocksLayout.NEXT_HANDLE, handle(nextHandle));
      pending.put(meta, RocksLayout.COUNT, handle(count));
      db.write(writes, pending);
      space.written();
      if (containment != null) {
        containment.written();
      }
      if (floor != null) {
        floor.written();
        for (Map.Entry<Long, StagedDocument> document : documentOverlay.entrySet()) {
          StagedDocument staged = document.getValue();
          floor.set(document.getKey(), staged == null ? null : staged.signature());
        }
      }
      committedNextHandle = nextHandle;
      committedCount = count;
      commits++;
    } catch (RocksDBException e) {
      nextHandle = committedNextHandle;
      count = committedCount;
      if (DiskFullException.isNoSpace(e)) {
        throw space.failed("writing the index", e);
      }
      throw new StoreException("cannot write the index: " + e.getMessage(), e);
    } finally {
      forgetLastRead();
      if (containment != null) {
        containment.committed();
      }
      if (floor != null) {
        floor.committed();
      }
      pending.clear();
      keyOverlay.clear();
      documentOverlay.clear();
      bucketOverlay.clear();
      deletedInBatch = 0;
      forgetPrefetched();
    }
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
    return nextHandle;
  }

  /**
   * Records, durably, that a bulk load ({@link BulkLoader}) ingested documents up to {@code
   * nextHandle}, {@code count} in all, and is no longer ingesting ({@link RocksLayout#BULK_LOAD}):
   * the ingested tables become the index's documents, in one write. Called outside a batch of
   * writes, in a process that has not yet made the heap state of top-k or containment queries
   * ({@link FloorCache}, {@link ListLengths}: made on first use, they would miss the load).
   */
  void bulkLoaded(long nextHandle, long count) {
    try (WriteBatch batch = new WriteBatch(); WriteOptions synced = new WriteOptions().setSync(true)) {
      batch.put(meta, RocksLayout.NEXT_HANDLE, handle(nextHandle));
      batch.put(meta, RocksLayout.COUNT, handle(count));
      batch.delete(meta, RocksLayout.BULK_LOAD);
      db.write(synced, batch);
      space.written();
    } catch (RocksDBException e) {
      if (DiskFullException.isNoSpace(e)) {
        throw space.failed("writing the index", e);
      }
      throw new StoreException("cannot write the index: " + e.getMessage(), e);
    }
    this.nextHandle = this.committedNextHandle = nextHandle;
    this.count = this.committedCount = count;
  }

  @Override
  public void close() {
    if (floor != null) {
      floor.close();
    }
    pending.close();
    reads.close();
    writes.close();
  }

  @Override
  public long handleOf(String key) {
    Long staged = keyOverlay.get(key);
    if (staged != null) {
      return staged;
    }
    Long prefetched = writing ? prefetchedKeys.get(key) : null;
    if (prefetched != null) {
      return prefetched;
    }
    singleReads.increment();
    byte[] value = get(keys, key.getBytes(StandardCharsets.UTF_8));
    return value == null ? -1 : RocksLayout.handle(value);
  }

  @Override
  public String key(long handle) {
    if (isStaged(handle)) {
      StagedDocument staged = documentOverlay.get(handle);
      return staged == null ? null : staged.key();
    }
    byte[] value = get(ids, handle(handle));
    return value == null ? null : new String(value, StandardCharsets.UTF_8);
  }

  @Override
  public int[] signature(long handle) {
    if (isStaged(handle)) {
      StagedDocument staged = documentOverlay.get(handle);
      if (staged != null) {
        return staged.signature();
      }
    }
    byte[] value = get(signatures, handle(handle));
    if (value == null) {
      throw new StoreException("index inconsistent: no signature for handle " + handle, null);
    }
    return RocksLayout.signature(value);
  }

  /**
   * Whether this batch wrote the document of {@code handle}: a handle it gave out, or one it deleted
   * (never during a query: queries do not run inside a batch). Answered without boxing the handle
   * unless the batch deleted documents.
   */
  private boolean isStaged(long handle) {
    return handle >= committedNextHandle || deletedInBatch > 0 && documentOverlay.containsKey(handle);
  }

  /** From the floor in memory ({@link FloorCache}); in a batch of writes, from the signatures. */
  @Override
  public void lowByteAgreements(long[] handles, int count, long[] query, int length, int[] agreements) {
    if (floor != null && documentOverlay.isEmpty()) {
      floor.lowByteAgreements(handles, count, query, length, agreements);
    } else {
      SketchStore.super.lowByteAgreements(handles, count, query, length, agreements);
    }
  }

  @Override
  public long[] shingleSet(long handle) {
    if (isStaged(handle)) {
      StagedDocument staged = documentOverlay.get(handle);
      return staged == null ? null : staged.set();
    }
    byte[] value = get(sets, handle(handle));
    return value == null ? null : ShingleSetFormat.decode(value);
  }

  /** Reads the first {@code count} hashes only (a partial get copies no more), and the value's size. */
  @Override
  public SetHead shingleSetHead(long handle, int count) {
    if (isStaged(handle)) {
      return SketchStore.super.shingleSetHead(handle, count); // staged: the whole set, in memory
    }
    byte[] head = new byte[count * ShingleSetFormat.BYTES_PER_HASH];
    int size;
    try {
      size = db.get(sets, reads, handle(handle), head);
    } catch (RocksDBException e) {
      throw new StoreException("cannot read the index: " + e.getMessage(), e);
    }
    if (size == RocksDB.NOT_FOUND) {
      return null;
    }
    int total = ShingleSetFormat.count(size);
    return new SetHead(ShingleSetFormat.decodeHead(head, Math.min(count, total)), total);
  }

  @Override
  public String text(long handle) {
    if (isStaged(handle)) {
      StagedDocument staged = documentOverlay.get(handle);
      return staged == null || !keepTexts ? null : staged.text();
    }
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
    try {
      pending.put(keys, keyBytes, h);
      pending.put(ids, h, keyBytes);
      pending.put(signatures, h, RocksLayout.signature(signature));
      if (shingleSet != null) {
        pending.put(sets, h, ShingleSetFormat.encode(shingleSet));
      }
      if (keepTexts && text != null) {
        pending.put(texts, h, text.getBytes(StandardCharsets.UTF_8));
      }
    } catch (RocksDBException e) {
      throw new StoreException("cannot stage a write: " + e.getMessage(), e);
    }
    keyOverlay.put(key, handle);
    documentOverlay.put(handle, new StagedDocument(key, signature, shingleSet, text));
    count++;
    return handle;
  }

  @Override
  public void delete(long handle) {
    byte[] h = handle(handle);
    String key = key(handle);
    try {
      if (key != null) {
        pending.delete(keys, key.getBytes(StandardCharsets.UTF_8));
        keyOverlay.put(key, -1L);
      }
      pending.delete(ids, h);
      pending.delete(signatures, h);
      pending.delete(sets, h);
      pending.delete(texts, h);
    } catch (RocksDBException e) {
      throw new StoreException("cannot stage a removal: " + e.getMessage(), e);
    }
    documentOverlay.put(handle, null);
    deletedInBatch++;
    count--;
  }

  @Override
  public void add(long[] bucketKeys, long handle) {
    List<long[]> current = members(bucketKeys);
    forgetLastRead();
    for (int i = 0; i < bucketKeys.length; i++) {
      long[] list = current.get(i);
      long[] grown = Arrays.copyOf(list, list.length + 1);
      grown[list.length] = handle;
      bucketOverlay.put(bucketKeys[i], grown);
    }
  }

  @Override
  public void remove(long[] bucketKeys, long handle) {
    List<long[]> current = members(bucketKeys);
    forgetLastRead();
    for (int i = 0; i < bucketKeys.length; i++) {
      long[] list = current.get(i);
      long[] kept = new long[list.length];
      int size = 0;
      for (long member : list) {
        if (member != handle) {
          kept[size++] = member;
        }
      }
      bucketOverlay.put(bucketKeys[i], Arrays.copyOf(kept, size));
    }
  }

  @Override
  public long[] candidates(long[] bucketKeys) {
    long[] found = SearchBuckets.concatenated(members(bucketKeys));
    Arrays.sort(found);
    return LongSort.dropRepeats(found, found.length);
  }

  /** The member lists of the buckets {@code bucketKeys}: staged ones from the overlay, the rest in one multiGet. */
  private List<long[]> members(long[] bucketKeys) {
    if (bucketKeys == lastKeys) {
      return lastLists; // the same array: the read just before, with nothing written in between
    }
    List<long[]> lists = new ArrayList<>(bucketKeys.length);
    List<byte[]> missing = new ArrayList<>(bucketKeys.length);
    List<ColumnFamilyHandle> families = new ArrayList<>(bucketKeys.length);
    for (long bucket : bucketKeys) {
      long[] staged = bucketOverlay.get(bucket);
      if (staged == null && writing && prefetchedBuckets.length > 0) {
        int at = Arrays.binarySearch(prefetchedBuckets, bucket);
        staged = at >= 0 ? prefetchedLists[at] : null;
      }
      lists.add(staged);
      if (staged == null) {
        missing.add(handle(bucket));
        families.add(buckets);
      }
    }
    if (!missing.isEmpty()) {
      singleReads.increment();
      List<byte[]> values;
      try {
        values = db.multiGetAsList(reads, families, missing);
      } catch (RocksDBException e) {
        throw new StoreException("cannot read the index: " + e.getMessage(), e);
      }
      int next = 0;
      for (int i = 0; i < lists.size(); i++) {
        if (lists.get(i) == null) {
          byte[] value = values.get(next++);
          lists.set(i, value == null ? new long[0] : RocksLayout.handles(value));
        }
      }
    }
    if (writing) { // under the index's write lock: keep for the add that follows its query
      lastKeys = bucketKeys;
      lastLists = lists;
    }
    return lists;
  }

  private void forgetLastRead() {
    lastKeys = null;
    lastLists = null;
  }

  private static final long[] EMPTY = new long[0];

  private byte[] get(ColumnFamilyHandle family, byte[] key) {
    try {
      return db.get(family, reads, key);
    } catch (RocksDBException e) {
      throw new StoreException("cannot read the index: " + e.getMessage(), e);
    }
  }
}
