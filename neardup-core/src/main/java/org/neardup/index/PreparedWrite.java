package org.neardup.index;

/**
 * A write with its shingle set sorted and its bucket keys (of every space the index uses)
 * computed: what {@link NearDupIndex#prepare} does outside the index's lock.
 */
record PreparedWrite<K>(IndexWrite<K> write, long[] set, long[] bucketKeys, long[] floorKeys, long[] sampledKeys) {}
