package org.neardup.server.store;

import static org.neardup.server.store.RocksLayout.handle;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.neardup.format.ShingleSetFormat;
import org.neardup.index.SetHead;
import org.neardup.index.SketchStore;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;

/**
 * The documents of a {@link RocksIndexStore} ({@link RocksLayout}: keys, ids, signatures, sets,
 * texts). Writes are staged in the store's {@link RocksBatch} and kept readable in in-memory
 * overlays (the documents and keys written since the last commit), so the writes of one index batch
 * see each other without RocksDB's indexed batches. Handles are given out in increasing order from
 * the committed next handle, which the store's commit writes with the count.
 */
final class RocksDocuments implements SketchStore<String> {
  private final RocksBatch batch;
  private final ColumnFamilyHandle keys;
  private final ColumnFamilyHandle ids;
  private final ColumnFamilyHandle signatures;
  private final ColumnFamilyHandle sets;
  private final ColumnFamilyHandle texts;
  private final FloorCache floor; // null without a top-k floor
  private final boolean keepTexts;

  /** Keys written since the last commit: their handle, or -1 when deleted. */
  private final Map<String, Long> keyOverlay = new HashMap<>();

  /** Documents written since the last commit; a null value when deleted. */
  private final Map<Long, StagedDocument> documentOverlay = new HashMap<>();

  /** Documents of handles below {@link #committedNextHandle} that this batch deleted. */
  private int deletedInBatch;

  /**
   * The committed handles of the batch's keys, read ahead ({@link #readAhead}): -1 for a key not
   * held.
   */
  private final Map<String, Long> prefetchedKeys = new HashMap<>();

  /**
   * Signatures and sets of committed documents read by this batch (a handle's entry is one of them,
   * or both): a batch of many copies of a text compares each with the same held documents, which
   * are read once instead of once a copy. At most {@link #BATCH_CACHE_BYTES} of them.
   */
  private final Map<Long, int[]> signaturesRead = new HashMap<>();

  private final Map<Long, long[]> setsRead = new HashMap<>();
  private long cachedBytes;

  /** What the batch's cache of committed signatures and sets holds at most. */
  static final long BATCH_CACHE_BYTES = 64L << 20;

  private long nextHandle;
  private long count;
  private long committedNextHandle;
  private long committedCount;

  /** A document staged for the next commit. */
  // Shares its arrays (no copy: a carrier inside this class); equals and hashCode compare them
  // by identity, which nothing here relies on.
  @SuppressWarnings("ArrayRecordComponent")
  private record StagedDocument(String key, int[] signature, long[] set, String text) {}

  RocksDocuments(
      RocksBatch batch,
      ColumnFamilyHandle keys,
      ColumnFamilyHandle ids,
      ColumnFamilyHandle signatures,
      ColumnFamilyHandle sets,
      ColumnFamilyHandle texts,
      FloorCache floor,
      boolean keepTexts,
      long nextHandle,
      long count) {
    this.batch = batch;
    this.keys = keys;
    this.ids = ids;
    this.signatures = signatures;
    this.sets = sets;
    this.texts = texts;
    this.floor = floor;
    this.keepTexts = keepTexts;
    this.nextHandle = this.committedNextHandle = nextHandle;
    this.count = this.committedCount = count;
  }

  /**
   * Reads the committed handles of {@code documentKeys} in one multiGet, for the batch just begun.
   */
  void readAhead(List<String> documentKeys) {
    if (documentKeys.isEmpty()) {
      return;
    }
    List<String> distinct = new ArrayList<>(new LinkedHashSet<>(documentKeys));
    List<byte[]> keyBytes = new ArrayList<>(distinct.size());
    for (String key : distinct) {
      keyBytes.add(key.getBytes(StandardCharsets.UTF_8));
    }
    List<byte[]> values = batch.multiGet(keys, keyBytes);
    for (int i = 0; i < distinct.size(); i++) {
      byte[] value = values.get(i);
      prefetchedKeys.put(distinct.get(i), value == null ? -1L : RocksLayout.handle(value));
    }
  }

  /** Whether the batch wrote a document. */
  boolean changed() {
    return !keyOverlay.isEmpty() || !documentOverlay.isEmpty();
  }

  /** Stages the next handle and the count in {@code meta}, for the commit. */
  void stageCounts(WriteBatch pending, ColumnFamilyHandle meta) throws RocksDBException {
    pending.put(meta, RocksLayout.NEXT_HANDLE, handle(nextHandle));
    pending.put(meta, RocksLayout.COUNT, handle(count));
  }

  /** The number of values of the signatures the batch added, 0 when it added none. */
  int stagedSignatureLength() {
    for (StagedDocument staged : documentOverlay.values()) {
      if (staged != null) {
        return staged.signature().length;
      }
    }
    return 0;
  }

  /** The batch was written: its documents are committed (and the floor's low bytes follow them). */
  void written() {
    if (floor != null) {
      for (Map.Entry<Long, StagedDocument> document : documentOverlay.entrySet()) {
        StagedDocument staged = document.getValue();
        floor.set(document.getKey(), staged == null ? null : staged.signature());
      }
    }
    committedNextHandle = nextHandle;
    committedCount = count;
  }

  /** The batch was dropped: the handles and count are the committed ones again. */
  void dropped() {
    nextHandle = committedNextHandle;
    count = committedCount;
  }

  /** The batch ended: its overlays and what it read ahead are gone. */
  void clear() {
    keyOverlay.clear();
    documentOverlay.clear();
    deletedInBatch = 0;
    prefetchedKeys.clear();
    signaturesRead.clear();
    setsRead.clear();
    cachedBytes = 0;
  }

  /** Whether a value of {@code bytes} more fits the batch's cache. */
  private boolean cacheable(long bytes) {
    if (!batch.writing() || cachedBytes + bytes > BATCH_CACHE_BYTES) {
      return false;
    }
    cachedBytes += bytes;
    return true;
  }

  /** The handle the next document gets. */
  long nextHandle() {
    return nextHandle;
  }

  /** A bulk load committed documents up to {@code nextHandle}, {@code count} in all. */
  void bulkLoaded(long nextHandle, long count) {
    this.nextHandle = this.committedNextHandle = nextHandle;
    this.count = this.committedCount = count;
  }

  @Override
  public long handleOf(String key) {
    Long staged = keyOverlay.get(key);
    if (staged != null) {
      return staged;
    }
    Long prefetched = batch.writing() ? prefetchedKeys.get(key) : null;
    if (prefetched != null) {
      return prefetched;
    }
    batch.singleRead();
    byte[] value = batch.get(keys, key.getBytes(StandardCharsets.UTF_8));
    return value == null ? -1 : RocksLayout.handle(value);
  }

  @Override
  public String key(long handle) {
    if (isStaged(handle)) {
      StagedDocument staged = documentOverlay.get(handle);
      return staged == null ? null : staged.key();
    }
    byte[] value = batch.get(ids, handle(handle));
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
    int[] cached = batch.writing() ? signaturesRead.get(handle) : null;
    if (cached != null) {
      return cached;
    }
    byte[] value = batch.get(signatures, handle(handle));
    if (value == null) {
      throw new StoreException("index inconsistent: no signature for handle " + handle, null);
    }
    int[] signature = RocksLayout.signature(value);
    if (cacheable(value.length)) {
      signaturesRead.put(handle, signature);
    }
    return signature;
  }

  /**
   * Whether this batch wrote the document of {@code handle}: a handle it gave out, or one it
   * deleted (never during a query: queries do not run inside a batch). Answered without boxing the
   * handle unless the batch deleted documents.
   */
  private boolean isStaged(long handle) {
    return handle >= committedNextHandle
        || (deletedInBatch > 0 && documentOverlay.containsKey(handle));
  }

  /** From the floor in memory ({@link FloorCache}); in a batch of writes, from the signatures. */
  @Override
  public void lowByteAgreements(
      long[] handles, int count, long[] query, int length, int[] agreements) {
    if (floor != null && documentOverlay.isEmpty()) {
      floor.lowByteAgreements(handles, count, query, length, agreements);
    } else {
      SketchStore.super.lowByteAgreements(handles, count, query, length, agreements);
    }
  }

  /**
   * Loads the floor held in memory, low bytes and floor buckets ({@link FloorCache#load}), if the
   * index has one.
   */
  @Override
  public void prepareLowBytes() {
    if (floor != null) {
      floor.load();
    }
  }

  @Override
  public long[] shingleSet(long handle) {
    if (isStaged(handle)) {
      StagedDocument staged = documentOverlay.get(handle);
      return staged == null ? null : staged.set();
    }
    long[] cached = batch.writing() ? setsRead.get(handle) : null;
    if (cached != null) {
      return cached;
    }
    byte[] value = batch.get(sets, handle(handle));
    if (value == null) {
      return null;
    }
    long[] set = ShingleSetFormat.decode(value);
    if (cacheable(value.length)) {
      setsRead.put(handle, set);
    }
    return set;
  }

  /**
   * Reads the first {@code count} hashes only (a partial get copies no more), and the value's size.
   */
  @Override
  public SetHead shingleSetHead(long handle, int count) {
    if (isStaged(handle)) {
      return SketchStore.super.shingleSetHead(handle, count); // staged: the whole set, in memory
    }
    byte[] head = new byte[count * ShingleSetFormat.BYTES_PER_HASH];
    int size;
    try {
      size = batch.db().get(sets, batch.reads(), handle(handle), head);
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
    byte[] value = keepTexts ? batch.get(texts, handle(handle)) : null;
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
    WriteBatch pending = batch.pending();
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
    WriteBatch pending = batch.pending();
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
}
