package org.neardup.server.store;

import static org.neardup.server.store.RocksLayout.handle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;
import org.neardup.index.BoundedCandidates;
import org.neardup.index.BucketStore;
import org.neardup.sort.LongSort;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;

/**
 * The threshold buckets of a {@link RocksIndexStore} ({@link RocksLayout#BUCKETS}): one key a
 * bucket, its value the handles of its documents. Reads are one {@code multiGet} of the b bucket
 * keys (point lookups with Bloom filters: most buckets of a new document do not exist). A batch's
 * changes are kept as whole member lists in an overlay ({@link HandleList}s, appended to in place),
 * readable by the batch's later writes, and staged in the store's {@link RocksBatch} when it
 * commits. Handles are given out in increasing order, so every list is ascending, and a bounded
 * query merges the lists only as far as it compares ({@link #firstCandidates}).
 */
final class RocksBuckets implements BucketStore {
  private static final long[] EMPTY = new long[0];

  private final RocksBatch batch;
  private final ColumnFamilyHandle buckets;

  /** Buckets changed since the last commit: their whole member list, staged. */
  private final Map<Long, HandleList> bucketOverlay = new HashMap<>();

  /**
   * The bucket keys read ahead ({@link #readAhead}), ascending, and their committed member lists.
   */
  private long[] prefetchedBuckets = EMPTY;

  private long[][] prefetchedLists = new long[0][];

  /**
   * The bucket keys and member lists of the last read under the write lock: an add that queried its
   * buckets first (addAndQuery) reuses them instead of reading them again.
   */
  private long[] lastKeys;

  private List<HandleList> lastLists;

  RocksBuckets(RocksBatch batch, ColumnFamilyHandle buckets) {
    this.batch = batch;
    this.buckets = buckets;
  }

  /**
   * Reads the batch's buckets in one multiGet (sorted, each once), instead of a multiGet a write:
   * the committer's reads of a batch of 1,000 documents become one bulk read, which RocksDB serves
   * level by level and block by block.
   */
  void readAhead(long[] bucketKeys) {
    if (bucketKeys.length == 0) {
      return;
    }
    long[] sorted = bucketKeys.clone();
    Arrays.sort(sorted);
    sorted = LongSort.dropRepeats(sorted, sorted.length);
    List<byte[]> bucketBytes = new ArrayList<>(sorted.length);
    for (long bucket : sorted) {
      bucketBytes.add(handle(bucket));
    }
    List<byte[]> values = batch.multiGet(buckets, bucketBytes);
    long[][] lists = new long[sorted.length][];
    for (int i = 0; i < sorted.length; i++) {
      byte[] value = values.get(i);
      lists[i] = value == null ? EMPTY : RocksLayout.handles(value);
    }
    prefetchedBuckets = sorted;
    prefetchedLists = lists;
  }

  /** Whether the batch changed a bucket. */
  boolean changed() {
    return !bucketOverlay.isEmpty();
  }

  /** Stages the buckets the batch changed, whole (an emptied one deleted), for the commit. */
  void stage(WriteBatch pending) throws RocksDBException {
    for (Map.Entry<Long, HandleList> bucket : bucketOverlay.entrySet()) {
      byte[] bucketKey = handle(bucket.getKey());
      if (bucket.getValue().size() == 0) {
        pending.delete(buckets, bucketKey);
      } else {
        pending.put(buckets, bucketKey, RocksLayout.handles(bucket.getValue().toArray()));
      }
    }
  }

  /** The batch ended: its overlay and what it read are gone. */
  void clear() {
    forgetLastRead();
    bucketOverlay.clear();
    prefetchedBuckets = EMPTY;
    prefetchedLists = new long[0][];
  }

  @Override
  public void add(long[] bucketKeys, long handle) {
    List<HandleList> current = members(bucketKeys);
    forgetLastRead();
    for (int i = 0; i < bucketKeys.length; i++) {
      HandleList staged = current.get(i).staged(); // itself when staged already: appended in place
      staged.add(handle);
      bucketOverlay.put(bucketKeys[i], staged);
    }
  }

  @Override
  public void remove(long[] bucketKeys, long handle) {
    List<HandleList> current = members(bucketKeys);
    forgetLastRead();
    for (int i = 0; i < bucketKeys.length; i++) {
      HandleList staged = current.get(i).staged();
      staged.remove(handle);
      bucketOverlay.put(bucketKeys[i], staged);
    }
  }

  @Override
  public long[] candidates(long[] bucketKeys) {
    long[] found = HandleList.concatenated(members(bucketKeys));
    Arrays.sort(found);
    return LongSort.dropRepeats(found, found.length);
  }

  /** The lists are ascending (handles are given out in order): merged up to {@code count}. */
  @Override
  public BoundedCandidates firstCandidates(long[] bucketKeys, int count) {
    BoundedCandidates first = HandleList.first(members(bucketKeys), count);
    return first != null ? first : BucketStore.super.firstCandidates(bucketKeys, count);
  }

  @Override
  public void forEach(long[] bucketKeys, LongConsumer consumer) {
    for (HandleList list : members(bucketKeys)) {
      list.forEach(consumer);
    }
  }

  /**
   * The member lists of the buckets {@code bucketKeys}: staged ones from the overlay, the rest in
   * one multiGet.
   */
  private List<HandleList> members(long[] bucketKeys) {
    if (bucketKeys == lastKeys) {
      return lastLists; // the same array: the read just before, with nothing written in between
    }
    boolean writing = batch.writing();
    List<HandleList> lists = new ArrayList<>(bucketKeys.length);
    List<byte[]> missing = new ArrayList<>(bucketKeys.length);
    for (long bucket : bucketKeys) {
      HandleList staged = bucketOverlay.get(bucket);
      if (staged == null && writing && prefetchedBuckets.length > 0) {
        int at = Arrays.binarySearch(prefetchedBuckets, bucket);
        staged = at >= 0 ? HandleList.committed(prefetchedLists[at]) : null;
      }
      lists.add(staged);
      if (staged == null) {
        missing.add(handle(bucket));
      }
    }
    if (!missing.isEmpty()) {
      batch.singleRead();
      List<byte[]> values = batch.multiGet(buckets, missing);
      int next = 0;
      for (int i = 0; i < lists.size(); i++) {
        if (lists.get(i) == null) {
          byte[] value = values.get(next++);
          lists.set(i, HandleList.committed(value == null ? EMPTY : RocksLayout.handles(value)));
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
}
