package org.neardup.index;

/**
 * Where an index keeps its documents' sketches: by key, each under a {@code long} handle that the
 * store assigns and the {@link BucketStore} refers to. Calls come from a {@link NearDupIndex} under
 * its lock: reads may run concurrently, writes exclusively. Implementations: in memory ({@link
 * InMemoryStorage}), and on disk in the service.
 *
 * @param <K> the document key type
 */
public interface SketchStore<K> {
  /** The handle of {@code key}, or -1 when absent. */
  long handleOf(K key);

  /** The key of a live handle. */
  K key(long handle);

  /** The signature of a live handle. */
  int[] signature(long handle);

  /**
   * {@code agreements[i]} = {@link org.neardup.minhash.Signatures#lowByteAgreement} of the live
   * handle {@code handles[i]}'s signature with a query's {@code lowBytes} (of a signature of {@code
   * length} values), for {@code i < count}: what top-k search computes for each of its many floor
   * candidates, a batch at a time. Made from {@link #signature} unless the store keeps the low bytes
   * (both stores of this project do, in a {@link LowByteTable}).
   */
  default void lowByteAgreements(long[] handles, int count, long[] lowBytes, int length, int[] agreements) {
    for (int i = 0; i < count; i++) {
      agreements[i] = org.neardup.minhash.Signatures.lowByteAgreement(
          lowBytes, org.neardup.minhash.Signatures.lowBytes(signature(handles[i])), length);
    }
  }

  /** The sorted shingle set of a live handle, or null when the index keeps none (estimate mode). */
  long[] shingleSet(long handle);

  /**
   * The smallest at most {@code count} hashes of a live handle's shingle set, with the set's size;
   * null when the index keeps no sets. A store that must copy a set to return it (the service's)
   * copies only the head; one that holds its sets in memory may return the whole set.
   */
  default SetHead shingleSetHead(long handle, int count) {
    long[] set = shingleSet(handle);
    return set == null ? null : new SetHead(set, set.length);
  }

  /** The raw text of a live handle, or null when the store keeps no texts (or none was given). */
  default String text(long handle) {
    return null;
  }

  /** Number of documents held. */
  long size();

  /**
   * Stores a new document and returns its handle.
   *
   * @param shingleSet sorted distinct shingle hashes, or null to keep none
   * @param text the raw text, or null; a store may keep it (the service does, to show it) or not
   */
  long insert(K key, int[] signature, long[] shingleSet, String text);

  /** Deletes a live handle's document. */
  void delete(long handle);

  /**
   * Whether most of the store's handle space is free, so that {@link #compact} would give memory
   * back. Stores whose handles cost nothing when free say false.
   */
  default boolean isSparse() {
    return false;
  }

  /**
   * Renumbers live handles densely, calling {@code mover} once for each handle that changed (after
   * the document moved: {@code signature(to)} is readable), so the buckets can follow.
   */
  default void compact(HandleMover mover) {}

  /** Receives a renumbered handle. */
  @FunctionalInterface
  interface HandleMover {
    void move(long from, long to);
  }
}
