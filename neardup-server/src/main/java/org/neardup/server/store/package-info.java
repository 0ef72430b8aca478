/**
 * The persistent index: {@link org.neardup.server.store.IndexDirectory} opens (or creates) a data
 * directory holding an embedded RocksDB database with the index's settings, and hands out a {@link
 * org.neardup.index.NearDupIndex} over it. What is stored where is {@link
 * org.neardup.server.store.RocksLayout}'s business alone. {@link
 * org.neardup.server.store.BulkLoader} loads many documents at once, as sorted table files that
 * RocksDB ingests.
 */
package org.neardup.server.store;
