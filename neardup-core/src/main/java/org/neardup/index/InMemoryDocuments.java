package org.neardup.index;

import java.util.Arrays;
import org.neardup.internal.Handles;

/**
 * The documents of an {@link InMemoryStorage}: dense int handles ({@link Handles}) indexing arrays
 * of signatures and shingle sets, and, once top-k search needs them, the signatures' low bytes in a
 * {@link LowByteTable}. Removal gives memory back: handles are reused, and {@link #compact} shrinks
 * the arrays when most handles are free. Texts are not kept. Not thread-safe on its own: {@link
 * NearDupIndex} locks.
 *
 * @param <K> the document key type
 */
final class InMemoryDocuments<K> implements SketchStore<K> {
  private final Handles<K> handles;
  private int[][] signatures;
  private volatile LowByteTable lowBytes; // made by the first top-k query that needs it
  private long[][] sets;

  InMemoryDocuments(int expectedSize) {
    this.handles = new Handles<>(expectedSize);
    this.signatures = new int[handles.capacity()][];
    this.sets = new long[handles.capacity()][];
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
   * From the low bytes of every live signature, in a {@link LowByteTable} made on the first call
   * (an index without a top-k floor never makes one) and kept in step by inserts and compactions.
   */
  @Override
  public void lowByteAgreements(
      long[] handles, int count, long[] query, int length, int[] agreements) {
    LowByteTable table = lowBytes;
    if (table == null) {
      table = lowByteTable();
    }
    table.agreements(handles, count, query, length, agreements);
  }

  @Override
  public void prepareLowBytes() {
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

  /** Renumbers densely once most handles are free, and shrinks the arrays. */
  @Override
  public void compact(HandleMover mover) {
    if (!handles.isSparse()) {
      return;
    }
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
}
