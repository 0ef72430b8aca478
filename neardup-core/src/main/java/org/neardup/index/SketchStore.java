package org.neardup.index;

import org.neardup.api.Faces;
import org.neardup.minhash.Signatures;

/**
 * Where an index keeps its documents: by key, each with its signature and shingle set under a
 * {@code long} handle that the store assigns and the {@link BucketStore}s refer to. Calls come from
 * a {@link NearDupIndex} under its lock: reads may run concurrently, writes exclusively.
 * Implementations: in memory ({@link InMemoryStorage}), and on disk in the service.
 *
 * @param <K> the document key type
 */
@Faces
public interface SketchStore<K> {
  /** The handle of {@code key}, or -1 when absent. */
  long handleOf(K key);

  /** The key of a live handle. */
  K key(long handle);

  /** The signature of a live handle. */
  int[] signature(long handle);

  /** The sorted shingle set of a live handle, or null when the index keeps none (estimate mode). */
  long[] shingleSet(long handle);

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
   * The raw text of a live handle, or null when the store keeps no texts (the default) or none was
   * given.
   */
  default String text(long handle) {
    return null;
  }

  /**
   * {@code agreements[i]} = {@link Signatures#lowByteAgreement} of the live handle {@code
   * handles[i]}'s signature with a query's {@code lowBytes} (of a signature of {@code length}
   * values), for {@code i < count}: what top-k search computes for each of its many floor
   * candidates, a batch at a time. Speed hook: a store that keeps the low bytes together answers
   * without reading each signature (both stores of this project do).
   */
  default void lowByteAgreements(
      long[] handles, int count, long[] lowBytes, int length, int[] agreements) {
    for (int i = 0; i < count; i++) {
      agreements[i] =
          Signatures.lowByteAgreement(lowBytes, Signatures.lowBytes(signature(handles[i])), length);
    }
  }

  /**
   * Makes now what {@link #lowByteAgreements} reads and a store would otherwise make on its first
   * call (and, a store that makes them together, the top-k floor buckets), so that the first top-k
   * query does not wait for it. Called under the index's read lock, for an index with a top-k
   * floor; idempotent. Speed hook: nothing made on first use, nothing to do (the default).
   */
  default void prepareLowBytes() {}

  /**
   * The smallest at most {@code count} hashes of a live handle's shingle set, with the set's size;
   * null when the index keeps no sets. Speed hook: a store that must copy a set to return it (the
   * service's) copies only the head; by default, the whole set.
   */
  default SetHead shingleSetHead(long handle, int count) {
    long[] set = shingleSet(handle);
    return set == null ? null : SetHead.ofOwned(set, set.length);
  }

  /**
   * Called after each deletion: a store whose handle space is mostly free renumbers its live
   * handles densely, calling {@code mover} once for each handle that changed (after the document
   * moved: {@code signature(to)} is readable), so that the buckets follow. A store whose free
   * handles cost nothing does nothing (the default).
   */
  default void compact(HandleMover mover) {}

  /** Receives a renumbered handle. */
  @FunctionalInterface
  interface HandleMover {
    void move(long from, long to);
  }
}
