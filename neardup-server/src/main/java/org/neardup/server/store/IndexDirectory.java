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
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import org.neardup.error.NearDupException;
import org.neardup.format.IndexSettingsFormat;
import org.neardup.index.IndexSettings;
import org.neardup.index.NearDupIndex;
import org.neardup.index.SearchSettings;
import org.neardup.lsh.Banding;
import org.rocksdb.Checkpoint;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;

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

  /** Whether it is RocksDB's secondary instance ({@link #openToSearch}). */
  private boolean secondary;

  /** The options the database and each family were opened with. */
  private RocksOptions rocks;

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
    return open(directory, options, Access.WRITE);
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
    return open(directory, Options.existing(), Access.READ_ONLY);
  }

  /**
   * Opens the index in {@code directory} to search it only, as RocksDB's secondary instance: safe
   * while a {@code neardup serve} (or an {@code index build}) writes to it, and on a backup or an
   * index no process has open. It sees the index as it was when opened: every commit made before
   * entirely, none made after. Every table file is opened at once and kept open, so the writer's
   * compactions, which delete files, cannot take one away while it is read. It writes nothing into
   * {@code directory}: RocksDB's own log of the secondary goes to a private temporary directory,
   * deleted on close. Its index must not be written to.
   *
   * @throws NearDupException when the directory holds no index, or one of an older layout, or one
   *     that a bulk load is being ingested into (a moment to wait, or an {@code index build} that
   *     died: open it to write once, which undoes it)
   * @throws StoreException when RocksDB cannot open it
   */
  public static IndexDirectory openToSearch(Path directory) {
    return open(directory, Options.existing(), Access.SECONDARY);
  }

  /** How a process opens an index. */
  private enum Access {
    /** The one writer (RocksDB's primary instance, which locks the directory). */
    WRITE,
    /** A static view, for looking at an index no one writes to. */
    READ_ONLY,
    /** A view that may sit beside a writer (RocksDB's secondary instance). */
    SECONDARY
  }

  private static IndexDirectory open(Path directory, Options options, Access access) {
    boolean readOnly = access != Access.WRITE;
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
    checkFollowable(directory);
    RocksDB.loadLibrary();
    List<AutoCloseable> resources = new ArrayList<>();
    DiskSpace space = track(resources, new DiskSpace(directory));
    List<Path> created = exists ? List.of() : missingDirectories(directory);
    try {
      if (!readOnly) {
        Files.createDirectories(directory);
      }
      List<String> families = new ArrayList<>();
      families.add("default");
      families.addAll(RocksLayout.FAMILIES);
      List<String> search = searchFamilies(directory, exists, options);
      families.addAll(search);
      RocksOptions rocks = track(resources, new RocksOptions(options.cacheBytes(), space, search));
      List<ColumnFamilyHandle> handles = new ArrayList<>();
      RocksDB db =
          access == Access.SECONDARY
              ? openSecondary(directory, rocks.database(), rocks.descriptors(), handles, resources)
              : openLocked(directory, rocks.database(), rocks.descriptors(), handles, readOnly);
      try {
        IndexSettings settings = settings(directory, db, options);
        if (access == Access.SECONDARY && hasValue(db, RocksLayout.BULK_LOAD)) {
          throw new NearDupException(
              directory
                  + ": a bulk load is being ingested into the index (an 'index build' under way, or"
                  + " one that died: opening the index to write, as 'index stats' does not, undoes"
                  + " it); try again when it is done");
        }
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
        opened.rocks = rocks;
        opened.secondary = access == Access.SECONDARY;
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
      removeNewIndex(directory, exists, created);
      throw new UncheckedIOException(directory + ": " + e.getMessage(), e);
    } catch (RuntimeException e) {
      closeAll(resources);
      if (!(e instanceof InUse)) { // another process's files: not ours to remove
        removeNewIndex(directory, exists, created);
      }
      throw e;
    }
  }

  /** The index is locked by another process. */
  private static final class InUse extends NearDupException {
    private static final long serialVersionUID = 1L;

    InUse(Path directory) {
      super(directory + ": the index is in use by another process (a running 'neardup serve'?)");
    }
  }

  /**
   * Refuses a path the system cannot follow, before anything is created: a {@code ..} after a
   * directory that does not exist ({@code missing/../x}), which {@link Files#createDirectories}
   * would make ({@code missing}, beside the {@code x} meant).
   *
   * @throws NearDupException naming the directory that does not exist
   */
  private static void checkFollowable(Path directory) {
    Path absolute = directory.toAbsolutePath();
    Path prefix = absolute.getRoot();
    for (Path name : absolute) {
      if (name.toString().equals("..") && prefix != null && !Files.isDirectory(prefix)) {
        throw new NearDupException(
            directory + ": cannot be followed: " + prefix + " does not exist, so its '..' is not");
      }
      prefix = prefix == null ? name : prefix.resolve(name);
    }
  }

  /** The directories of {@code directory}'s path that do not exist yet, the deepest first. */
  private static List<Path> missingDirectories(Path directory) {
    List<Path> missing = new ArrayList<>();
    for (Path at = directory.toAbsolutePath(); at != null && !Files.exists(at); ) {
      missing.add(at);
      at = at.getParent();
    }
    return missing;
  }

  /**
   * After opening a new index failed: removes what the attempt wrote (RocksDB's first files) from a
   * directory that held no index, and the directories it created, so that nothing is left behind
   * and a later attempt finds the directory as it was. Best effort.
   */
  private static void removeNewIndex(Path directory, boolean exists, List<Path> created) {
    if (exists || !Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (Stream<Path> files = Files.walk(directory)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        if (!file.equals(directory) || created.contains(directory.toAbsolutePath())) {
          Files.deleteIfExists(file);
        }
      }
      for (Path parent : created) {
        Files.deleteIfExists(parent); // only the empty ones go
      }
    } catch (IOException | UncheckedIOException e) {
      // what is left says what failed; the directory holds no index
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
    return settings
        .search()
        .topKBanding(settings.sketch().numPermutations(), settings.targetRecall())
        .map(floor -> new Banding(floor, settings.bandingVersion()))
        .orElse(null);
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

  /**
   * RocksDB's secondary instance of {@code directory}, with every table file kept open ({@code
   * max_open_files = -1}, which RocksDB requires of a secondary) and its own log in a temporary
   * directory that {@code resources} delete on close.
   */
  private static RocksDB openSecondary(
      Path directory,
      DBOptions options,
      List<ColumnFamilyDescriptor> descriptors,
      List<ColumnFamilyHandle> handles,
      List<AutoCloseable> resources)
      throws IOException {
    Path own = Files.createTempDirectory("neardup-secondary-");
    track(resources, () -> removeOwnStaging(own));
    options.setMaxOpenFiles(-1);
    try {
      return RocksDB.openAsSecondary(
          options, directory.toString(), own.toString(), descriptors, handles);
    } catch (RocksDBException e) {
      throw new StoreException(
          directory + ": cannot open the index to search it: " + e.getMessage(), e);
    }
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
      if (message.contains("Read-only file system")) {
        throw new NearDupException(
            directory
                + ": the index is on a read-only file system: serving, building and backing it up"
                + " write to it ('neardup index stats' and 'index check' only read it)",
            e);
      }
      if (message.contains("Permission denied")) {
        throw new NearDupException(
            directory + ": cannot write the index: permission denied (" + message + ")", e);
      }
      if (message.contains("lock") || message.contains("Resource temporarily unavailable")) {
        throw new InUse(directory);
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
          SearchSettings search = options.requested().search();
          throw new NearDupException(
              directory
                  + ": the index was built with other settings than given ("
                  + String.join("; ", differences)
                  + ", stored vs given); leave the options out to use the stored ones"
                  + (settings.differsOnlyInSearch(options.requested())
                      ? ", or rebuild the index for them from the documents it holds: neardup"
                          + " index rebuild --data "
                          + directory
                          + (search.hasTopKFloor() ? " --top-k-floor " + search.topKFloor() : "")
                          + (search.hasContainment()
                              ? " --containment-sampling " + search.containmentSampling()
                              : "")
                      : ""));
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

  private static <T extends AutoCloseable> T track(List<AutoCloseable> resources, T resource) {
    resources.add(resource);
    return resource;
  }

  private static boolean hasValue(RocksDB db, byte[] key) {
    try {
      return db.get(key) != null;
    } catch (RocksDBException e) {
      throw new StoreException("cannot read the index: " + e.getMessage(), e);
    }
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

  /**
   * The options the family {@code name} was opened with: what a bulk load writes its tables with.
   */
  ColumnFamilyOptions familyOptions(String name) {
    return rocks.family(name);
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
   * Empty while writes go through; once one failed because the disk is full, the failure, until
   * RocksDB has recovered (there is room again) or a write succeeds. A volatile read.
   */
  public Optional<DiskFullException> diskFull() {
    return Optional.ofNullable(space.full());
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

  /** One document as the index holds it ({@link #forEachDocument}). */
  @FunctionalInterface
  public interface DocumentVisitor {
    /**
     * Receives one document.
     *
     * @param key the document's id
     * @param signature its MinHash signature
     * @param shingleSet its shingle hashes, sorted, or null when the index keeps none (estimate)
     * @param text its text, or null when the index keeps none
     */
    void document(String key, int[] signature, long[] shingleSet, String text);
  }

  /**
   * Visits every document held, in the order they were added, as of now (a snapshot: writes that go
   * on are not seen; opened {@link #openToSearch to search}, as of when it was opened). Returns how
   * many.
   */
  public long forEachDocument(DocumentVisitor visitor) {
    return StoredDocuments.scan(db, handles, secondary, visitor);
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
