package org.neardup.server.store;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rocksdb.AbstractEventListener;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.Cache;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.DBOptions;
import org.rocksdb.HashLinkedListMemTableConfig;
import org.rocksdb.IndexType;
import org.rocksdb.InfoLogLevel;
import org.rocksdb.LRUCache;
import org.rocksdb.RocksDB;
import org.rocksdb.StringAppendOperator;

/**
 * RocksDB's tuning of an index directory: the database's options and each column family's (its
 * tables, memtable, compression and merge operator), in {@link RocksLayout}'s families followed by
 * the search families the index has. Owns the native objects it makes: close it after the database
 * opened with it.
 */
final class RocksOptions implements AutoCloseable {
  /** The write-ahead log's size beyond which the families holding its oldest writes are flushed. */
  static final long MAX_WAL_BYTES = 256L << 20;

  /** Hash buckets of a list family's memtable ({@link #hashLists}). */
  static final long MEMTABLE_HASH_BUCKETS = 1L << 20;

  private final List<AutoCloseable> resources = new ArrayList<>();
  private final DBOptions database;
  private final List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();

  /** The options each family was opened with, by name: what a bulk load writes its tables with. */
  private final Map<String, ColumnFamilyOptions> families = new HashMap<>();

  /**
   * The options of a database with {@link RocksLayout}'s families and the search families {@code
   * search}.
   *
   * @param cacheBytes the block cache, shared by every family
   * @param listener hears of background errors (a full disk)
   */
  RocksOptions(long cacheBytes, AbstractEventListener listener, List<String> search) {
    try {
      Cache cache = track(new LRUCache(cacheBytes, -1, false, 0.5));
      database =
          track(
              new DBOptions()
                  .setCreateIfMissing(true)
                  .setCreateMissingColumnFamilies(true)
                  .setMaxBackgroundJobs(2)
                  .setAllowConcurrentMemtableWrite(
                      false) // one writer; and the buckets' hash memtable needs it
                  .setKeepLogFileNum(3)
                  // the write-ahead log is kept until the memtables it holds are flushed:
                  // bounded, it costs at most this much disk and this much replay at a restart,
                  // not four times the memtables
                  .setMaxTotalWalSize(MAX_WAL_BYTES)
                  .setInfoLogLevel(InfoLogLevel.WARN_LEVEL)
                  .setListeners(List.of(listener)));
      descriptors.add(
          new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, pointLookups(cache, true)));
      for (String family : RocksLayout.FAMILIES) {
        // signatures and shingle sets are random bits: compressing them costs and saves nothing
        boolean compress =
            !family.equals(RocksLayout.SIGNATURES) && !family.equals(RocksLayout.SETS);
        ColumnFamilyOptions familyOptions = pointLookups(cache, compress);
        if (family.equals(RocksLayout.TEXTS)) {
          // read only to show a document: ZSTD keeps them in two thirds of LZ4's bytes
          familyOptions.setCompressionType(CompressionType.ZSTD_COMPRESSION);
        }
        if (family.equals(RocksLayout.BUCKETS)) {
          // 8-byte keys read and written by point lookups only: a hash table of linked lists
          // inserts in constant time, where the default skip list spends most of a write's time
          familyOptions.useFixedLengthPrefixExtractor(8).setMemTableConfig(hashLists());
          // a bulk load into an index that holds documents appends to its lists by merges
          // (BulkLoader)
          familyOptions.setMergeOperator(track(new StringAppendOperator("")));
        }
        descriptors.add(
            new ColumnFamilyDescriptor(family.getBytes(StandardCharsets.US_ASCII), familyOptions));
      }
      for (String family : search) {
        descriptors.add(
            new ColumnFamilyDescriptor(
                family.getBytes(StandardCharsets.US_ASCII), searchLists(cache)));
      }
      for (ColumnFamilyDescriptor descriptor : descriptors) {
        families.put(
            new String(descriptor.getName(), StandardCharsets.US_ASCII), descriptor.getOptions());
      }
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  /** The database's options. */
  DBOptions database() {
    return database;
  }

  /** The families to open, the default family first, then as {@link #RocksOptions} lists them. */
  List<ColumnFamilyDescriptor> descriptors() {
    return descriptors;
  }

  /** The options the family {@code name} is opened with. */
  ColumnFamilyOptions family(String name) {
    return families.get(name);
  }

  /**
   * Tables with Bloom filters, their filters and indexes held in the block cache (bounded memory)
   * at high priority (L0's pinned), partitioned so that a lookup loads one 4 KiB partition, not the
   * whole filter of a large table, which a busy cache would evict and load again lookup after
   * lookup.
   */
  private BlockBasedTableConfig tables(Cache cache) {
    return new BlockBasedTableConfig()
        .setBlockCache(cache)
        .setCacheIndexAndFilterBlocks(true)
        .setCacheIndexAndFilterBlocksWithHighPriority(true)
        .setPinL0FilterAndIndexBlocksInCache(true)
        .setFilterPolicy(track(new BloomFilter(10)))
        .setIndexType(IndexType.kTwoLevelIndexSearch)
        .setPartitionFilters(true)
        .setMetadataBlockSize(4096)
        .setPinTopLevelIndexAndFilter(true);
  }

  private ColumnFamilyOptions pointLookups(Cache cache, boolean compress) {
    return pointLookups(tables(cache), compress);
  }

  private ColumnFamilyOptions pointLookups(BlockBasedTableConfig table, boolean compress) {
    ColumnFamilyOptions options =
        new ColumnFamilyOptions()
            .setMemtableWholeKeyFiltering(true)
            .setMemtablePrefixBloomSizeRatio(0.05)
            .setCompressionType(
                compress ? CompressionType.LZ4_COMPRESSION : CompressionType.NO_COMPRESSION)
            // the last level, most of the data and rewritten least: ZSTD (keys, ids and
            // buckets 16-50% smaller)
            .setBottommostCompressionType(
                compress ? CompressionType.ZSTD_COMPRESSION : CompressionType.NO_COMPRESSION)
            .setTableFormatConfig(table);
    return track(options);
  }

  /**
   * The search families: lists read by point lookups, appended to by merges that concatenate (an
   * empty delimiter), compressed (ascending handles have many zero bytes).
   */
  private ColumnFamilyOptions searchLists(Cache cache) {
    return lists(tables(cache));
  }

  /**
   * A list family with these tables. Its memtable is a hash table of linked lists (as the threshold
   * buckets'): a list appended to since the last flush is a chain of merge operands, which a read
   * finds by one hash probe instead of a skip-list search over every operand of the memtable. Scans
   * of these families must ask for total order ({@link ListLengths}, {@link IndexCheck}).
   */
  private ColumnFamilyOptions lists(BlockBasedTableConfig table) {
    return pointLookups(table, true)
        .setMergeOperator(track(new StringAppendOperator("")))
        .useFixedLengthPrefixExtractor(8)
        .setMemTableConfig(hashLists());
  }

  /**
   * A memtable of hash-table buckets of sorted linked lists, with a bucket a list for the most
   * lists a full memtable holds (a 64 MiB one holds about a million small lists): RocksDB's default
   * of 50,000 buckets makes chains of tens of entries, which every read and every write of a list
   * walks, a cache miss a node (most of a durable batch's committer time at 100,000 documents). The
   * table costs 8 bytes a bucket, 8 MiB a memtable.
   */
  private static HashLinkedListMemTableConfig hashLists() {
    return new HashLinkedListMemTableConfig().setBucketCount(MEMTABLE_HASH_BUCKETS);
  }

  private <T extends AutoCloseable> T track(T resource) {
    resources.add(resource);
    return resource;
  }

  /** Closes the native options, the last made first. */
  @Override
  public void close() {
    for (int i = resources.size() - 1; i >= 0; i--) {
      try {
        resources.get(i).close();
      } catch (Exception e) {
        // native options: nothing more to do
      }
    }
  }
}
