package org.neardup.batch.reference;

import java.util.Arrays;

/**
 * The LSH buckets of a slice of a corpus's documents, for looking a reference document's bucket
 * keys up: an open-addressing table of (bucket key, ordinal) entries, one per band a document, at
 * most three quarters full. An entry keeps 32 bits of its key (the slot tells more of it apart), so
 * a lookup may name a document of another bucket now and then (a chance of about one in four
 * billion a slot compared): verification drops it, as it drops every false candidate. 8 bytes a
 * slot, about 11 an entry. Not thread-safe to build; lookups may run concurrently once built.
 */
final class NewBuckets {
  private static final int MAX_SLOTS = 1 << 30;

  private final int[] fingerprints;
  private final int[] ordinals; // ordinal + 1; 0 marks an empty slot
  private final int mask;

  /** A table for {@code entries} entries. */
  NewBuckets(long entries) {
    long wanted = Math.max(16, entries + entries / 3 + 1);
    if (wanted > MAX_SLOTS) {
      throw new IllegalArgumentException("too many bucket entries for one table: " + entries);
    }
    int slots = Integer.highestOneBit((int) (wanted - 1)) << 1;
    fingerprints = new int[slots];
    ordinals = new int[slots];
    mask = slots - 1;
  }

  /** Bytes a table of {@code entries} entries takes. */
  static long bytesFor(long entries) {
    long wanted = Math.max(16, entries + entries / 3 + 1);
    return 8 * Long.highestOneBit(wanted - 1) * 2;
  }

  /** Puts {@code ordinal} in the bucket of {@code key}. */
  void add(long key, int ordinal) {
    int slot = slot(key);
    while (ordinals[slot] != 0) {
      slot = (slot + 1) & mask;
    }
    fingerprints[slot] = (int) key;
    ordinals[slot] = ordinal + 1;
  }

  /**
   * The ordinals in the buckets of {@code keys}, each once, ascending; {@code scratch} is reused
   * (the result may be it, grown).
   */
  int[] candidates(long[] keys, int[] scratch, int[] count) {
    int n = 0;
    for (long key : keys) {
      int fingerprint = (int) key;
      for (int slot = slot(key); ordinals[slot] != 0; slot = (slot + 1) & mask) {
        if (fingerprints[slot] == fingerprint) {
          if (n == scratch.length) {
            scratch = Arrays.copyOf(scratch, 2 * n);
          }
          scratch[n++] = ordinals[slot] - 1;
        }
      }
    }
    Arrays.sort(scratch, 0, n);
    int distinct = 0;
    for (int i = 0; i < n; i++) {
      if (i == 0 || scratch[i] != scratch[distinct - 1]) {
        scratch[distinct++] = scratch[i];
      }
    }
    count[0] = distinct;
    return scratch;
  }

  private int slot(long key) {
    return (int) (key >>> 32) & mask;
  }
}
