package org.neardup.server.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.neardup.error.NearDupException;
import org.neardup.format.IndexSettingsFormat;
import org.neardup.index.IndexSettings;
import org.neardup.index.NearDupIndex;
import org.neardup.lsh.Banding;
import org.neardup.lsh.LshParams;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.Cache;
import org.rocksdb.Checkpoint;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.DBOptions;
import org.rocksdb.HashLinkedListMemTableConfig;
import org.rocksdb.IndexType;
import org.rocksdb.InfoLogLevel;
import org.rocksdb.LRUCache;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.StringAppendOperator;

/**
 * A data directory holding a persistent index: an embedded RocksDB database ({@link RocksLayout})
 * with the settings it was built with. {@link #open} creates it with the given settings, or opens
 * it and checks that the settings given agree with the stored ones — an index opened with other
 * shingling or banding would answer garbage, so that is an error naming the differences. One
 * process at a time: RocksDB locks the directory. Thread-safe; close it once.
 */
public final class IndexDirectory implements AutoCloseable {
  private final Path directory;
  private final IndexSettings settings;
  private final RocksDB db;
  private final List<ColumnFamilyHandle> handles;
  private final List<String> families; // the name of each handle, the default family first
  private final List<AutoCloseable> resources;
  private final RocksIndexStore store;
  private final NearDupIndex<String> index;
  private final DiskSpace space;
  private boolean closed;

  /** The options each family was opened with, by name: what a bulk load writes its tables with. */
  private Map<String, ColumnFamilyOptions> familyOptions;

  private IndexDirectory(
      Path directory,
      IndexSettings settings,
      RocksDB db,
      List<ColumnFamilyHandle> handles,
      List<String> families,
      List<AutoCloseable> resources,
      RocksIndexStore store,
      int threads,
      DiskSpace space) {
    this.directory = directory;
    this.space = space;
    this.settings = settings;
    this.db = db;
    this.handles = handles;
    this.families = families;
    this.resources = resources;
    this.store = store;
    this.index = NearDupIndex.over(settings.toConfig(threads), settings.search(), store);
  }

  /**
   * How to open an index.
   *
   * @param requested the settings to create a new index with, or null to open an existing one with
   *     its own settings
   * @param checkRequested whether {@code requested} must also agree with an existing index's
   *     settings (the user gave them explicitly); when false an existing index keeps its own
   * @param durable whether every commit syncs the write-ahead log (acknowledged writes survive a
   *     crash); false only for bulk loads that sync once at the end
   * @param cacheBytes the RocksDB block cache
   * @param threads worker threads of the index's config (for batch work)
   */
  public record Options(
      IndexSettings requested,
      boolean checkRequested,
      boolean durable,
      long cacheBytes,
      int threads) {
    /** Open an existing index with its own settings, durably, with a 256 MiB cache. */
    public static Options existing() {
      return new Options(null, false, true, 256L << 20, Runtime.getRuntime().availableProcessors());
    }
  }

  /**
   * Opens the index in {@code directory}, creating it (and the directory) when there is none.
   *
   * @throws NearDupException when the directory holds something else, holds an index with other
   *     settings than those required, has no index and no settings were given to create one, or is
   *     in use by another process
   * @throws DiskFullException when the disk is full (opening writes: the write-ahead log replayed
   *     into a table, a new log, the options file)
   * @throws StoreException when RocksDB cannot open it
   */
  public static IndexDirectory open(Path directory, Options options) {
    return open(directory, options, false);
  }

  /**
   * Opens the index in {@code directory} to read it only, writing nothing there, not even RocksDB's
   * log: for looking at an index ({@code index stats}, {@code index check}), also on a full disk.
   * What the write-ahead log holds is replayed in memory. Its index must not be written to.
   *
   * @throws NearDupException when the directory holds no index, or one of an older layout (which
   *     opening it for writing converts)
   * @throws StoreException when RocksDB cannot open it
   */
  public static IndexDirectory openReadOnly(Path directory) {
    return open(directory, Options.existing(), true);
  }

  /** The write-ahead log's size beyond which the families holding its oldest writes are flushed. */
  static final long MAX_WAL_BYTES = 256L << 20;

  /** Hash buckets of a list family's memtable ({@link #hashLists}). */
  static final long MEMTABLE_HASH_BUCKETS = 1L << 20;

  private static IndexDirectory open(Path directory, Options options, boolean readOnly) {
    Objects.requireNonNull(directory, "directory");
    boolean exists = Files.exists(directory.resolve("CURRENT"));
    if (!exists && readOnly) {
      throw new NearDupException(
          directory + ": no index there (build one with 'neardup index build')");
    }
    if (!exists) {
      if (Files.isRegularFile(directory)) {
        throw new NearDupException(directory + ": is a file, not an index directory");
      }
      if (Files.isDirectory(directory) && !isEmpty(directory)) {
        throw new NearDupException(
            directory + ": not a neardup index, and not empty (refusing to write into it)");
      }
      if (options.requested() == null) {
        throw new NearDupException(
            directory + ": no index there (build one with 'neardup index build')");
      }
    }
    RocksDB.loadLibrary();
    List<AutoCloseable> resources = new ArrayList<>();
    DiskSpace space = track(resources, new DiskSpace(directory));
    try {
      if (!readOnly) {
        Files.createDirectories(directory);
      }
      Cache cache = track(resources, new LRUCache(options.cacheBytes(), -1, false, 0.5));
      DBOptions dbOptions =
          track(
              resources,
              new DBOptions()
                  .setCreateIfMissing(true)
                  .setCreateMissingColumnFamilies(true)
                  .setMaxBackgroundJobs(2)
                  .setAllowConcurrentMemtableWrite(
                      false) // one writer; and the buckets' hash memtable needs it
                  .setKeepLogFileNum(3)
                  // the write-ahead log is kept until the memtables it holds are flushed: bounded,
                  // it costs
                  // at most this much disk and this much replay at a restart, not four times the
                  // memtables
                  .setMaxTotalWalSize(MAX_WAL_BYTES)
                  .setInfoLogLevel(InfoLogLevel.WARN_LEVEL)
                  .setListeners(List.of(space)));
      List<String> families = new ArrayList<>();
      families.add("default");
      families.addAll(RocksLayout.FAMILIES);
      List<String> search = searchFamilies(directory, exists, options);
      families.addAll(search);
      List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
      descriptors.add(
          new ColumnFamilyDescriptor(
              RocksDB.DEFAULT_COLUMN_FAMILY, pointLookups(resources, cache, true)));
      for (String family : RocksLayout.FAMILIES) {
        // signatures and shingle sets are random bits: compressing them costs and saves nothing
        boolean compress =
            !family.equals(RocksLayout.SIGNATURES) && !family.equals(RocksLayout.SETS);
        ColumnFamilyOptions familyOptions = pointLookups(resources, cache, compress);
        if (family.equals(RocksLayout.TEXTS)) {
          // read only to show a document: ZSTD keeps them in two thirds of LZ4's bytes
          familyOptions.setCompressionType(CompressionType.ZSTD_COMPRESSION);
        }
        if (family.equals(RocksLayout.BUCKETS)) {
          // 8-byte keys read and written by point lookups only: a hash table of linked lists
          // inserts in
          // constant time, where the default skip list spends most of a write's time
          familyOptions.useFixedLengthPrefixExtractor(8).setMemTableConfig(hashLists());
          // a bulk load into an index that holds documents appends to its lists by merges
          // (BulkLoader)
          familyOptions.setMergeOperator(track(resources, new StringAppendOperator("")));
        }
        descriptors.add(
            new ColumnFamilyDescriptor(family.getBytes(StandardCharsets.US_ASCII), familyOptions));
      }
      for (String family : search) {
        descriptors.add(
            new ColumnFamilyDescriptor(
                family.getBytes(StandardCharsets.US_ASCII), searchLists(resources, cache)));
      }
      Map<String, ColumnFamilyOptions> familyOptions = new HashMap<>();
      for (ColumnFamilyDescriptor descriptor : descriptors) {
        familyOptions.put(
            new String(descriptor.getName(), StandardCharsets.US_ASCII), descriptor.getOptions());
      }
      List<ColumnFamilyHandle> handles = new ArrayList<>();
      RocksDB db = openLocked(directory, dbOptions, descriptors, handles, readOnly);
      try {
        IndexSettings settings = settings(directory, db, options);
        ColumnFamilyHandle containment =
            searchFamily(
                directory,
                families,
                handles,
                RocksLayout.CONTAINMENT,
                settings.search().hasContainment());
        long nextHandle = readLong(db, handles.get(0), RocksLayout.NEXT_HANDLE);
        long count = readLong(db, handles.get(0), RocksLayout.COUNT);
        RocksIndexStore store =
            new RocksIndexStore(
                db,
                handles
                    .subList(0, 1 + RocksLayout.FAMILIES.size())
                    .toArray(ColumnFamilyHandle[]::new),
                floorBanding(settings),
                containment,
                settings.keepTexts(),
                options.durable(),
                nextHandle,
                count,
                space,
                directory);
        IndexDirectory opened =
            new IndexDirectory(
                directory,
                settings,
                db,
                handles,
                families,
                resources,
                store,
                options.threads(),
                space);
        opened.familyOptions = familyOptions;
        if (!readOnly) {
          Ingestion.recover(opened);
        }
        return opened;
      } catch (RuntimeException e) {
        handles.forEach(ColumnFamilyHandle::close);
        db.close();
        throw e;
      }
    } catch (IOException e) {
      closeAll(resources);
      throw new UncheckedIOException(directory + ": " + e.getMessage(), e);
    } catch (RuntimeException e) {
      closeAll(resources);
      throw e;
    }
  }

  /**
   * The search families to open: those an existing index has, or the one a new index's settings ask
   * for (an index without containment has none).
   *
   * @throws NearDupException when the index has a family this version does not make (an index of a
   *     pre-release layout), naming it
   */
  private static List<String> searchFamilies(Path directory, boolean exists, Options options) {
    List<String> families = new ArrayList<>();
    if (exists) {
      try (org.rocksdb.Options listing = new org.rocksdb.Options()) {
        for (byte[] bytes : RocksDB.listColumnFamilies(listing, directory.toString())) {
          String name = new String(bytes, StandardCharsets.US_ASCII);
          if (RocksLayout.SEARCH_FAMILIES.contains(name)) {
            families.add(name);
          } else if (!name.equals("default") && !RocksLayout.FAMILIES.contains(name)) {
            throw new NearDupException(
                directory
                    + ": the index has a column family this version of neardup"
                    + " does not make ('"
                    + name
                    + "': a pre-release layout); build it again with 'neardup index build'");
          }
        }
      } catch (RocksDBException e) {
        throw new StoreException(
            directory + ": cannot list the index's column families: " + e.getMessage(), e);
      }
      return families;
    }
    if (options.requested().search().hasContainment()) {
      families.add(RocksLayout.CONTAINMENT);
    }
    return families;
  }

  /** The top-k floor's banding of an index with these settings, or null without a floor. */
  private static Banding floorBanding(IndexSettings settings) {
    LshParams floor =
        settings.search().topKBanding(settings.sketch().numPermutations(), settings.targetRecall());
    return floor == null ? null : new Banding(floor, settings.bandingVersion());
  }

  /**
   * The handle of search family {@code name} when the settings need it; an error when it is
   * missing.
   */
  private static ColumnFamilyHandle searchFamily(
      Path directory,
      List<String> families,
      List<ColumnFamilyHandle> handles,
      String name,
      boolean needed) {
    int at = families.indexOf(name);
    if (needed && at < 0) {
      throw new NearDupException(
          directory
              + ": the index settings ask for '"
              + name
              + "' entries, but the index has none");
    }
    return needed ? handles.get(at) : null;
  }

  private static RocksDB openLocked(
      Path directory,
      DBOptions options,
      List<ColumnFamilyDescriptor> descriptors,
      List<ColumnFamilyHandle> handles,
      boolean readOnly) {
    try {
      return readOnly
          ? RocksDB.openReadOnly(options, directory.toString(), descriptors, handles, false)
          : RocksDB.open(options, directory.toString(), descriptors, handles);
    } catch (RocksDBException e) {
      if (DiskFullException.isNoSpace(e)) {
        throw new DiskFullException(directory, "opening the index", e);
      }
      String message = String.valueOf(e.getMessage());
      if (message.contains("lock") || message.contains("Resource temporarily unavailable")) {
        throw new NearDupException(
            directory + ": the index is in use by another process (a running 'neardup serve'?)");
      }
      throw new StoreException(directory + ": cannot open the index: " + message, e);
    }
  }

  /** The stored settings, checked against the requested ones; a new index stores the requested. */
  private static IndexSettings settings(Path directory, RocksDB db, Options options) {
    try {
      byte[] stored = db.get(RocksLayout.SETTINGS);
      if (stored == null) {
        if (options.requested() == null) {
          throw new NearDupException(
              directory + ": no index there (build one with 'neardup index build')");
        }
        db.put(RocksLayout.SETTINGS, IndexSettingsFormat.encode(options.requested()));
        db.flushWal(true);
        return options.requested();
      }
      IndexSettings settings = IndexSettingsFormat.decode(stored);
      if (options.requested() != null && options.checkRequested()) {
        List<String> differences = settings.differences(options.requested());
        if (!differences.isEmpty()) {
          throw new NearDupException(
              directory
                  + ": the index was built with other settings than given ("
                  + String.join("; ", differences)
                  + ", stored vs given); leave the options out to use the stored ones");
        }
      }
      return settings;
    } catch (RocksDBException e) {
      if (DiskFullException.isNoSpace(e)) {
        throw new DiskFullException(directory, "writing the index settings", e);
      }
      throw new StoreException(
          directory + ": cannot read the index settings: " + e.getMessage(), e);
    }
  }

  /**
   * Tables with Bloom filters, their filters and indexes held in the block cache (bounded memory)
   * at high priority (L0's pinned), partitioned so that a lookup loads one 4 KiB partition, not the
   * whole filter of a large table, which a busy cache would evict and load again lookup after
   * lookup.
   */
  private static BlockBasedTableConfig tables(List<AutoCloseable> resources, Cache cache) {
    return new BlockBasedTableConfig()
        .setBlockCache(cache)
        .setCacheIndexAndFilterBlocks(true)
        .setCacheIndexAndFilterBlocksWithHighPriority(true)
        .setPinL0FilterAndIndexBlocksInCache(true)
        .setFilterPolicy(track(resources, new BloomFilter(10)))
        .setIndexType(IndexType.kTwoLevelIndexSearch)
        .setPartitionFilters(true)
        .setMetadataBlockSize(4096)
        .setPinTopLevelIndexAndFilter(true);
  }

  private static ColumnFamilyOptions pointLookups(
      List<AutoCloseable> resources, Cache cache, boolean compress) {
    return pointLookups(resources, tables(resources, cache), compress);
  }

  private static ColumnFamilyOptions pointLookups(
      List<AutoCloseable> resources, BlockBasedTableConfig table, boolean compress) {
    ColumnFamilyOptions options =
        new ColumnFamilyOptions()
            .setMemtableWholeKeyFiltering(true)
            .setMemtablePrefixBloomSizeRatio(0.05)
            .setCompressionType(
                compress ? CompressionType.LZ4_COMPRESSION : CompressionType.NO_COMPRESSION)
            // the last level, most of the data and rewritten least: ZSTD (keys, ids and buckets
            // 16-50% smaller)
            .setBottommostCompressionType(
                compress ? CompressionType.ZSTD_COMPRESSION : CompressionType.NO_COMPRESSION)
            .setTableFormatConfig(table);
    return track(resources, options);
  }

  /**
   * The search families: lists read by point lookups, appended to by merges that concatenate (an
   * empty delimiter), compressed (ascending handles have many zero bytes).
   */
  private static ColumnFamilyOptions searchLists(List<AutoCloseable> resources, Cache cache) {
    return lists(resources, tables(resources, cache));
  }

  /**
   * A list family with these tables. Its memtable is a hash table of linked lists (as the threshold
   * buckets'): a list appended to since the last flush is a chain of merge operands, which a read
   * finds by one hash probe instead of a skip-list search over every operand of the memtable. Scans
   * of these families must ask for total order ({@link ListLengths}, {@link IndexCheck}).
   */
  private static ColumnFamilyOptions lists(
      List<AutoCloseable> resources, BlockBasedTableConfig table) {
    return pointLookups(resources, table, true)
        .setMergeOperator(track(resources, new StringAppendOperator("")))
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

  private static <T extends AutoCloseable> T track(List<AutoCloseable> resources, T resource) {
    resources.add(resource);
    return resource;
  }

  private static long readLong(RocksDB db, ColumnFamilyHandle family, byte[] key) {
    try {
      byte[] value = db.get(family, key);
      return value == null ? 0 : RocksLayout.handle(value);
    } catch (RocksDBException e) {
      throw new StoreException("cannot read the index: " + e.getMessage(), e);
    }
  }

  private static boolean isEmpty(Path directory) {
    try (Stream<Path> entries = Files.list(directory)) {
      return entries.findAny().isEmpty();
    } catch (IOException e) {
      throw new UncheckedIOException(directory + ": " + e.getMessage(), e);
    }
  }

  public Path directory() {
    return directory;
  }

  public IndexSettings settings() {
    return settings;
  }

  /** The online index over this directory. */
  public NearDupIndex<String> index() {
    return index;
  }

  /** The store under {@link #index()}: for tests of its layout. */
  RocksIndexStore store() {
    return store;
  }

  RocksDB db() {
    return db;
  }

  /** The handle of the open family {@code name}, or null when the index has none of that name. */
  ColumnFamilyHandle family(String name) {
    int at = families.indexOf(name);
    return at < 0 ? null : handles.get(at);
  }

  /** The options the family {@code name} was opened with. */
  ColumnFamilyOptions familyOptions(String name) {
    return familyOptions.get(name);
  }

  /** Commits written so far by this process. */
  public long commits() {
    return store.commits();
  }

  /** Makes every write so far durable (after a bulk load with {@code durable = false}). */
  public void sync() {
    store.syncWriteAheadLog();
  }

  /**
   * Bytes the directory takes on disk. RocksDB removes files while it runs (compactions), so a file
   * listed and gone before it is measured counts as nothing instead of failing the walk.
   */
  public long diskBytes() {
    long[] total = {0};
    try {
      Files.walkFileTree(
          directory,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
              if (attributes.isRegularFile()) {
                total[0] += attributes.size();
              }
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
              if (e instanceof NoSuchFileException) {
                return FileVisitResult.CONTINUE; // removed by RocksDB meanwhile
              }
              throw e;
            }
          });
    } catch (IOException e) {
      throw new UncheckedIOException(directory + ": " + e.getMessage(), e);
    }
    return total[0];
  }

  /**
   * A consistent copy of the index in {@code target}, which must not exist: RocksDB hard-links the
   * immutable files and copies the rest, so it is cheap, and it can be taken while writes go on
   * (every commit is in it entirely or not at all).
   *
   * <p>RocksDB's checkpoint first empties a staging directory named after its target plus {@code
   * .tmp}, following links. So it never sees {@code target}: it writes into a directory this method
   * has just created beside {@code target} (owner-only, a fresh name), which is then renamed to
   * {@code target}. Nothing that existed before the call is deleted, whatever its name.
   */
  public void checkpoint(Path target) {
    Path absolute = target.toAbsolutePath().normalize();
    if (Files.exists(absolute, LinkOption.NOFOLLOW_LINKS)) {
      throw new NearDupException(target + ": already exists (a backup goes into a new directory)");
    }
    if (resolved(absolute).startsWith(resolved(directory))) {
      throw new NearDupException(
          "the backup directory "
              + target
              + " is inside the data directory "
              + directory
              + ": a backup there would be lost with it, and is in the way of the index's files;"
              + " put it elsewhere");
    }
    Path parent = absolute.getParent();
    if (parent == null || !Files.isDirectory(parent)) {
      throw new NearDupException(target + ": its parent directory does not exist");
    }
    Path staging;
    try {
      staging = Files.createTempDirectory(parent, ".neardup-backup-");
    } catch (IOException e) {
      if (String.valueOf(e.getMessage()).contains("No space left on device")) {
        throw new DiskFullException(target, "writing the backup", e);
      }
      throw new UncheckedIOException(
          parent + ": cannot create the backup's staging directory: " + e.getMessage(), e);
    }
    Path copy = staging.resolve("index");
    try {
      try (Checkpoint checkpoint = Checkpoint.create(db)) {
        checkpoint.createCheckpoint(copy.toString());
      } catch (RocksDBException e) {
        if (DiskFullException.isNoSpace(e)) {
          throw new DiskFullException(target, "writing the backup", e);
        }
        throw new StoreException(target + ": cannot write the backup: " + e.getMessage(), e);
      }
      try {
        Files.move(copy, absolute, StandardCopyOption.ATOMIC_MOVE);
      } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
        throw new NearDupException(
            target + ": already exists (a backup goes into a new directory)");
      } catch (IOException e) {
        throw new UncheckedIOException(
            target + ": cannot move the backup into place: " + e.getMessage(), e);
      }
    } finally {
      removeOwnStaging(staging);
    }
  }

  /**
   * Deletes what {@link #checkpoint} created under {@code staging}: regular files and directories,
   * never a link's target.
   */
  private static void removeOwnStaging(Path staging) {
    try (Stream<Path> files = Files.walk(staging)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(file);
      }
    } catch (IOException | UncheckedIOException e) {
      // a leftover hidden directory beside the backup: harmless, and named by its prefix
    }
  }

  /**
   * Null while writes go through; once one failed because the disk is full, the failure, until
   * RocksDB has recovered (there is room again) or a write succeeds. A volatile read.
   */
  public DiskFullException diskFull() {
    return space.full();
  }

  /**
   * {@code path} absolute, its nearest existing ancestor with links resolved (the rest as given).
   */
  private static Path resolved(Path path) {
    Path absolute = path.toAbsolutePath().normalize();
    Path existing = absolute;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return absolute;
    }
    try {
      return existing.toRealPath().resolve(existing.relativize(absolute));
    } catch (IOException e) {
      return absolute;
    }
  }

  /**
   * Checks that every document and bucket entry is whole and consistent; see {@link IndexCheck}.
   */
  public IndexCheck.Report check() {
    return new IndexCheck(db, handles, families, settings).run();
  }

  /** Closes the index and the database; later calls do nothing. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    index.close();
    handles.forEach(ColumnFamilyHandle::close);
    db.close();
    closeAll(resources);
  }

  private static void closeAll(List<AutoCloseable> resources) {
    for (int i = resources.size() - 1; i >= 0; i--) {
      try {
        resources.get(i).close();
      } catch (Exception e) {
        // native options: nothing more to do
      }
    }
  }
}
