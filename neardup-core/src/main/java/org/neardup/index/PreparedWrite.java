package org.neardup.index;

/**
 * A write with its shingle set sorted and its bucket keys computed: {@code keys[i]} those of the
 * index's i-th {@link KeptSpace} (the threshold's first), null for a write without a sketch to key.
 * What {@link NearDupIndex#prepare} does outside the index's lock.
 */
record PreparedWrite<K>(IndexWrite<K> write, long[] set, long[][] keys) {
  /** The keys of the threshold buckets, or null. */
  long[] thresholdKeys() {
    return keys == null ? null : keys[NearDupIndex.THRESHOLD];
  }
}
