package org.neardup.server.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;
import org.neardup.index.BucketStore;
import org.neardup.sort.LongSort;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDBException;

/**
 * The containment posting lists of a {@link RocksIndexStore} ({@link RocksLayout#CONTAINMENT}): one
 * key a sampled shingle, its value the handles of the documents holding it, ascending, 8 bytes each
 * — the layout of the threshold buckets, so that a query reads its lists in one {@code multiGet}
 * (an entry a key cost a JNI call an entry). The list of a common shingle holds many documents, so
 * an add never reads it: it appends its handle with a merge (the family's merge operator
 * concatenates, {@link IndexDirectory}); handles are given out in increasing order, so appended
 * lists stay ascending. A removal reads the list and puts it back without the handle when the batch
 * commits. A list's length is not known without reading it: the long lists' lengths are kept on the
 * heap ({@link ListLengths}) for {@link #size}, so that a containment query reads the shortest
 * lists first (k - h + 1 of them, in one multiGet).
 *
 * <p>Writes are staged in the store's {@link RocksBatch}, so that they commit with the document.
 * Containment queries read only what is committed: they run under the index's read lock, never
 * inside a batch of writes. A removal inside a batch needs the batch's own changes to the lists it
 * rewrites, so they are kept until {@link #committed()}. Called under the index's lock, as the
 * store is.
 */
final class SearchBuckets implements BucketStore {
  private final RocksBatch batch;
  private final ColumnFamilyHandle family;
  private final ListLengths lengths;

  /** Lists this batch puts whole (after a removal), as they are now. */
  private final Map<Long, HandleList> rewritten = new HashMap<>();

  /** Handles this batch appends to lists it does not put whole. */
  private final Map<Long, HandleList> appended = new HashMap<>();

  SearchBuckets(RocksBatch batch, ColumnFamilyHandle family, DiskSpace space) {
    this.batch = batch;
    this.family = family;
    this.lengths = new ListLengths(batch.db(), family, space);
  }

  /** The length of a long list ({@link ListLengths}), 0 for a short one. */
  @Override
  public int size(long bucketKey) {
    return lengths.size(bucketKey);
  }

  @Override
  public void add(long[] bucketKeys, long handle) {
    byte[] entry = RocksLayout.handle(handle);
    try {
      for (long bucket : bucketKeys) {
        HandleList whole = rewritten.get(bucket);
        if (whole != null) {
          whole.add(handle); // put whole at the commit
        } else {
          batch.pending().merge(family, RocksLayout.handle(bucket), entry);
          appended.computeIfAbsent(bucket, b -> HandleList.empty()).add(handle);
        }
      }
    } catch (RocksDBException e) {
      throw new StoreException("cannot stage a write: " + e.getMessage(), e);
    }
  }

  @Override
  public void remove(long[] bucketKeys, long handle) {
    List<long[]> committed = read(bucketKeys);
    for (int i = 0; i < bucketKeys.length; i++) {
      long bucket = bucketKeys[i];
      HandleList list = rewritten.get(bucket);
      if (list == null) {
        list = HandleList.committed(committed.get(i)).staged();
        HandleList added = appended.remove(bucket);
        if (added != null) {
          list.addAll(added); // their merges, staged before, are overwritten by the put
        }
        rewritten.put(bucket, list);
      }
      list.remove(handle);
    }
  }

  /** Stages the lists the batch rewrote, whole: called once, just before the batch is written. */
  void stageRewritten() {
    try {
      for (Map.Entry<Long, HandleList> bucket : rewritten.entrySet()) {
        byte[] key = RocksLayout.handle(bucket.getKey());
        HandleList list = bucket.getValue();
        if (list.size() == 0) {
          batch.pending().delete(family, key);
        } else {
          batch.pending().put(family, key, RocksLayout.handles(list.toArray()));
        }
      }
    } catch (RocksDBException e) {
      throw new StoreException("cannot stage a removal: " + e.getMessage(), e);
    }
  }

  /** The batch was written: the lengths kept follow what it appended and rewrote. */
  void written() {
    appended.forEach((bucket, list) -> lengths.appended(bucket, list.size()));
    rewritten.forEach((bucket, list) -> lengths.set(bucket, list.size()));
  }

  /** The batch was written (or dropped): what it staged is committed (or gone). */
  void committed() {
    rewritten.clear();
    appended.clear();
  }

  @Override
  public long[] candidates(long[] bucketKeys) {
    long[] found = concatenated(read(bucketKeys));
    Arrays.sort(found);
    return LongSort.dropRepeats(found, found.length);
  }

  @Override
  public void forEach(long[] bucketKeys, LongConsumer consumer) {
    for (long[] list : read(bucketKeys)) {
      for (long handle : list) {
        consumer.accept(handle);
      }
    }
  }

  /**
   * The committed lists of {@code bucketKeys}, in one multiGet (an empty list for a missing
   * bucket).
   */
  private List<long[]> read(long[] bucketKeys) {
    if (bucketKeys.length == 0) {
      return List
          .of(); // (a text too short to sample a shingle from): RocksDB refuses an empty multiGet
    }
    List<byte[]> keys = new ArrayList<>(bucketKeys.length);
    for (long bucket : bucketKeys) {
      keys.add(RocksLayout.handle(bucket));
    }
    List<byte[]> values = batch.multiGet(family, keys);
    List<long[]> lists = new ArrayList<>(values.size());
    for (int i = 0; i < bucketKeys.length; i++) {
      byte[] value = values.get(i);
      lists.add(value == null ? EMPTY : RocksLayout.handles(value));
      lengths.set(bucketKeys[i], lists.get(i).length);
    }
    return lists;
  }

  private static final long[] EMPTY = new long[0];

  /** The handles of {@code lists}, one list after the other. */
  private static long[] concatenated(List<long[]> lists) {
    int total = 0;
    for (long[] list : lists) {
      total += list.length;
    }
    long[] all = new long[total];
    int size = 0;
    for (long[] list : lists) {
      System.arraycopy(list, 0, all, size, list.length);
      size += list.length;
    }
    return all;
  }
}
