package org.neardup.index;

/**
 * A write with its shingle set sorted and its bucket keys computed: {@code keys[i]} those of the
 * index's i-th {@link KeptSpace} (the threshold's first), null for a write without a sketch to key.
 * What {@link NearDupIndex#prepare} does outside the index's lock.
 */
// Shares its arrays (no copy: a carrier between the pipeline's steps); equals and hashCode
// compare them by identity, which no caller relies on.
@SuppressWarnings("ArrayRecordComponent")
record PreparedWrite<K>(IndexWrite<K> write, long[] set, long[][] keys) {
  /** The keys of the threshold buckets, or null. */
  long[] thresholdKeys() {
    return keys == null ? null : keys[NearDupIndex.THRESHOLD];
  }
}
