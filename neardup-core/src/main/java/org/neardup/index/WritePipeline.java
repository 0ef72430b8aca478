package org.neardup.index;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.locks.Lock;
import org.neardup.sketch.Sketch;

/**
 * The write path of a {@link NearDupIndex}: prepares writes outside the lock (sorted sets, the keys
 * of every {@link KeptSpace}), then applies a batch of them in order under the index's write lock
 * and commits it to the storage once. A unique write is decided, and an add that queries is
 * answered, by the index's {@link ThresholdSearch} within the same lock. Deleting a document
 * removes its entries from every space, and the storage's compaction moves the entries of the
 * documents it renumbers.
 *
 * @param <K> the document key type
 */
final class WritePipeline<K> {
  private final IndexStorage<K> storage;
  private final SketchStore<K> sketches;

  /** The bucket spaces kept, the threshold's first. */
  private final List<KeptSpace> spaces;

  /**
   * Whether a space's keys are made from the shingle set: a deleted document's set is read then.
   */
  private final boolean keysFromSets;

  /** Whether writes keep shingle sets (the verifier needs them). */
  private final boolean keepsSets;

  private final ThresholdSearch<K> threshold;
  private final Lock writeLock;

  /** Set when a failed batch could not be rolled back: writes are refused from then on. */
  private boolean unusable;

  private final SketchStore.HandleMover mover =
      this::move; // made once: compact is called after every deletion

  WritePipeline(
      IndexStorage<K> storage,
      List<KeptSpace> spaces,
      boolean keepsSets,
      ThresholdSearch<K> threshold,
      Lock writeLock) {
    this.storage = storage;
    this.sketches = storage.sketches();
    this.spaces = spaces;
    this.keysFromSets = spaces.stream().anyMatch(KeptSpace::fromSet);
    this.keepsSets = keepsSets;
    this.threshold = threshold;
    this.writeLock = writeLock;
  }

  /** Sorts the write's shingle set and hashes its keys of every space. Thread-safe. */
  PreparedWrite<K> prepare(IndexWrite<K> write) {
    Sketch sketch = write.sketch();
    if (sketch == null || sketch.isEmpty()) {
      return new PreparedWrite<>(write, null, null);
    }
    long[] set = keepsSets ? sketch.shingleSet() : null;
    int[] signature = sketch.signature();
    long[][] keys = new long[spaces.size()][];
    for (int s = 0; s < keys.length; s++) {
      keys[s] = spaces.get(s).keys(signature, set);
    }
    return new PreparedWrite<>(write, set, keys);
  }

  /**
   * Applies {@code prepared} in order under the write lock, after telling the storage the keys and
   * bucket keys the batch reads, and commits them once. When a read or the commit fails, the
   * storage rolls the batch back ({@link IndexStorage#rollback}) and the failure propagates; a
   * storage that cannot leaves the pipeline refusing writes. A thread interrupted meanwhile stops
   * the batch between two writes the same way, with a {@link CancellationException}.
   */
  List<WriteResult<K>> write(List<PreparedWrite<K>> prepared) {
    List<K> keys = new ArrayList<>(prepared.size());
    int bucketKeyCount = 0;
    for (PreparedWrite<K> write : prepared) {
      keys.add(write.write().key());
      bucketKeyCount += write.thresholdKeys() == null ? 0 : write.thresholdKeys().length;
    }
    long[] bucketKeys = new long[bucketKeyCount];
    int next = 0;
    for (PreparedWrite<K> write : prepared) {
      long[] thresholdKeys = write.thresholdKeys();
      if (thresholdKeys != null) {
        System.arraycopy(thresholdKeys, 0, bucketKeys, next, thresholdKeys.length);
        next += thresholdKeys.length;
      }
    }
    writeLock.lock();
    try {
      if (unusable) {
        throw new IllegalStateException(
            "an earlier batch of writes failed midway in a storage that cannot undo writes:"
                + " this index takes no more writes");
      }
      try {
        storage.begin(keys, bucketKeys);
        List<WriteResult<K>> results = new ArrayList<>(prepared.size());
        for (PreparedWrite<K> write : prepared) {
          if (Thread.currentThread().isInterrupted()) {
            throw new CancellationException("the batch of writes was interrupted: nothing stored");
          }
          results.add(apply(write));
        }
        storage.commit();
        return results;
      } catch (RuntimeException | Error e) {
        try {
          unusable = !storage.rollback();
        } catch (RuntimeException | Error rollback) {
          unusable = true;
          e.addSuppressed(rollback);
        }
        throw e;
      }
    } finally {
      writeLock.unlock();
    }
  }

  private WriteResult<K> apply(PreparedWrite<K> prepared) {
    IndexWrite<K> write = prepared.write();
    K key = write.key();
    long existing = sketches.handleOf(key);
    if (write.kind() == IndexWrite.Kind.REMOVE) {
      if (existing < 0) {
        return new WriteResult<>(key, WriteResult.Status.NOT_FOUND, List.of());
      }
      delete(existing);
      return new WriteResult<>(key, WriteResult.Status.REMOVED, List.of());
    }
    if (write.sketch().isEmpty()) {
      return new WriteResult<>(key, WriteResult.Status.EMPTY_DOCUMENT, List.of());
    }
    if (existing >= 0 && write.kind() == IndexWrite.Kind.ADD) {
      return new WriteResult<>(key, WriteResult.Status.ALREADY_PRESENT, List.of());
    }
    int[] signature = write.sketch().signature();
    if (write.unique()) { // decided before the document it replaces goes, and without it
      // A match among the first candidates decides it within the limits (the copies case); only
      // when none of them matches are all compared, as proving the write unique needs.
      FoundMatches<K> held =
          threshold.matches(
              signature, prepared.set(), prepared.thresholdKeys(), write.limits(), existing);
      if (held.matches().isEmpty() && held.notCompared() > 0) {
        held =
            threshold.matches(
                signature,
                prepared.set(),
                prepared.thresholdKeys(),
                write.limits().comparingAll(),
                existing);
      }
      if (!held.matches().isEmpty()) {
        return new WriteResult<>(key, WriteResult.Status.DUPLICATE, held);
      }
    }
    if (existing >= 0) {
      delete(existing);
    }
    FoundMatches<K> matches =
        write.query() && !write.unique()
            ? threshold.matches(signature, prepared.set(), prepared.thresholdKeys(), write.limits())
            : FoundMatches.none();
    long handle = sketches.insert(key, signature, prepared.set(), write.text());
    long[][] keys = prepared.keys();
    for (int s = 0; s < keys.length; s++) {
      spaces.get(s).store().add(keys[s], handle);
    }
    return new WriteResult<>(
        key, existing >= 0 ? WriteResult.Status.REPLACED : WriteResult.Status.ADDED, matches);
  }

  private void delete(long handle) {
    int[] signature = sketches.signature(handle);
    long[] set = keysFromSets ? sketches.shingleSet(handle) : null;
    for (KeptSpace space : spaces) {
      space.store().remove(space.keys(signature, set), handle);
    }
    sketches.delete(handle);
    sketches.compact(mover);
  }

  /** Moves a renumbered document's entries in every bucket space. */
  private void move(long from, long to) {
    int[] signature = sketches.signature(to);
    long[] set = keysFromSets ? sketches.shingleSet(to) : null;
    for (KeptSpace space : spaces) {
      long[] keys = space.keys(signature, set);
      space.store().remove(keys, from);
      space.store().add(keys, to);
    }
  }
}
