package org.neardup.index;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.LongConsumer;
import org.neardup.internal.Handles;

/**
 * {@link IndexStorage} on the heap: dense int handles ({@link Handles}) indexing arrays of
 * signatures and shingle sets, and a {@code BucketTable}. Removal gives memory back: handles are
 * reused, the bucket table shrinks, and {@link #compact} shrinks the arrays when most handles are
 * free. Memory per document: its key, its signature (4 bytes a value, and, once a top-k query has
 * needed them, its low bytes again, one byte a value, for the floor candidates), its shingle set
 * (8 bytes a shingle) and about 20 bytes a bucket entry (one a band, and for the other {@link
 * BucketSpace}s one a floor band or sampled shingle); texts are not kept. The buckets of every space are kept, each
 * space's table made on first use. Not thread-safe on its own: {@link NearDupIndex} locks.
 *
 * @param <K> the document key type
 */
public final class InMemoryStorage<K> implements IndexStorage<K>, SketchStore<K>, BucketStore {
  private final Handles<K> handles;
  private final int expectedSize;
  private final Map<BucketSpace, TableBuckets> spaces = new EnumMap<>(BucketSpace.class);
  private int[][] signatures;
  private volatile LowByteTable lowBytes; // made by the first top-k query that needs it
  private long[][] sets;

  /** An empty store sized for about {@code expectedSize} documents of {@code bands} bands. */
  public InMemoryStorage(int expectedSize, int bands) {
    this.handles = new Handles<>(expectedSize);
    this.expectedSize = expectedSize;
    spaces.put(BucketSpace.THRESHOLD, new TableBuckets(Math.max(16, expectedSize) * Math.max(1, bands)));
    this.signatures = new int[handles.capacity()][];
    this.sets = new long[handles.capacity()][];
  }

  @Override
  public SketchStore<K> sketches() {
    return this;
  }

  @Override
  public BucketStore buckets() {
    return this;
  }

  @Override
  public BucketStore buckets(BucketSpace space) {
    return space == BucketSpace.THRESHOLD ? this : table(space);
  }

  private TableBuckets table(BucketSpace space) {
    return spaces.computeIfAbsent(space, s -> new TableBuckets(Math.max(16, expectedSize) * 16));
  }

  /** Bytes of heap the buckets of {@code space} hold (0 for a space never used), for memory accounting. */
  public long memoryBytes(BucketSpace space) {
    TableBuckets table = spaces.get(space);
    return table == null ? 0 : table.memoryBytes();
  }

  /** (bucket, document) entries of {@code space}. */
  public long entries(BucketSpace space) {
    TableBuckets table = spaces.get(space);
    return table == null ? 0 : table.entries();
  }

  @Override
  public void commit() {
    // nothing to make durable
  }

  @Override
  public void close() {
    // nothing to release: the garbage collector takes it all
  }

  @Override
  public long handleOf(K key) {
    return handles.handleOf(key);
  }

  @Override
  public K key(long handle) {
    return handles.key((int) handle);
  }

  @Override
  public int[] signature(long handle) {
    return signatures[(int) handle];
  }

  /**
   * From the low bytes of every live signature, in a {@link LowByteTable} made on the first call (an
   * index without a top-k floor never makes one) and kept in step by inserts and compactions.
   */
  @Override
  public void lowByteAgreements(long[] handles, int count, long[] query, int length, int[] agreements) {
    LowByteTable table = lowBytes;
    if (table == null) {
      table = lowByteTable();
    }
    table.agreements(handles, count, query, length, agreements);
  }

  @Override
  public void prepareTopK() {
    lowByteTable();
  }

  /** Makes the low-byte table once; queries may race to it under the index's read lock. */
  private synchronized LowByteTable lowByteTable() {
    if (lowBytes == null) {
      LowByteTable table = new LowByteTable();
      table.resize(handles.capacity());
      for (int handle = 0; handle < signatures.length; handle++) {
        if (signatures[handle] != null) {
          table.put(handle, signatures[handle]);
        }
      }
      lowBytes = table;
    }
    return lowBytes;
  }

  @Override
  public long[] shingleSet(long handle) {
    return sets[(int) handle];
  }

  @Override
  public long size() {
    return handles.size();
  }

  @Override
  public long insert(K key, int[] signature, long[] shingleSet, String text) {
    int handle = handles.add(key);
    if (handles.capacity() > signatures.length) {
      signatures = Arrays.copyOf(signatures, handles.capacity());
      sets = Arrays.copyOf(sets, handles.capacity());
    }
    signatures[handle] = signature;
    LowByteTable table = lowBytes;
    if (table != null) {
      table.put(handle, signature);
    }
    sets[handle] = shingleSet;
    return handle;
  }

  @Override
  public void delete(long handle) {
    K key = handles.key((int) handle);
    handles.remove(key);
    signatures[(int) handle] = null;
    sets[(int) handle] = null;
  }

  @Override
  public boolean isSparse() {
    return handles.isSparse();
  }

  @Override
  public void compact(HandleMover mover) {
    handles.compact(
        (from, to) -> {
          signatures[to] = signatures[from];
          if (lowBytes != null) {
            lowBytes.move(from, to);
          }
          sets[to] = sets[from];
          signatures[from] = null;
          sets[from] = null;
          mover.move(from, to);
        });
    signatures = Arrays.copyOf(signatures, handles.capacity());
    if (lowBytes != null) {
      lowBytes.resize(handles.size()); // the live handles are below the size now
    }
    sets = Arrays.copyOf(sets, handles.capacity());
  }

  @Override
  public void add(long[] bucketKeys, long handle) {
    table(BucketSpace.THRESHOLD).add(bucketKeys, handle);
  }

  @Override
  public void remove(long[] bucketKeys, long handle) {
    table(BucketSpace.THRESHOLD).remove(bucketKeys, handle);
  }

  @Override
  public long[] candidates(long[] bucketKeys) {
    return table(BucketSpace.THRESHOLD).candidates(bucketKeys);
  }

  @Override
  public int size(long bucketKey) {
    return table(BucketSpace.THRESHOLD).size(bucketKey);
  }

  @Override
  public long[] members(long bucketKey) {
    return table(BucketSpace.THRESHOLD).members(bucketKey);
  }

  @Override
  public void forEach(long bucketKey, LongConsumer consumer) {
    table(BucketSpace.THRESHOLD).forEach(bucketKey, consumer);
  }

  @Override
  public CountedCandidates countedCandidates(long[] bucketKeys, int minimumHits) {
    return table(BucketSpace.THRESHOLD).countedCandidates(bucketKeys, minimumHits);
  }
}
