package org.neardup.spark.reference;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.SparkContext;
import org.neardup.batch.BatchRun;
import org.neardup.batch.reference.LookupReference;
import org.neardup.batch.reference.Reference;
import org.neardup.config.PipelineConfig;
import org.neardup.error.NearDupException;
import org.neardup.options.UsageException;
import org.neardup.server.store.IndexDirectory;
import org.neardup.server.store.IndexSignatures;

/**
 * The index directories among a run's references, on the driver: each opened to search only, as the
 * CLI opens one (RocksDB's secondary instance, so a live service's index can be one; the index as
 * it is when opened), and copied into a signature file the executors read as any other ({@link
 * IndexSignatures}: every document with its shingle set when the index verifies exactly), which
 * gives the run the pairs the index gives. Needs neardup-server and RocksDB on the driver's class
 * path only. Close it when done: it closes the indexes and deletes the copies. Not thread-safe.
 */
public final class IndexReferences implements AutoCloseable {
  private final Map<Path, IndexDirectory> opened = new LinkedHashMap<>();
  private final Map<Path, Long> documents = new LinkedHashMap<>();
  private final Map<String, Path> copiedFrom = new LinkedHashMap<>();
  private final List<Path> localCopies = new ArrayList<>();
  private final List<org.apache.hadoop.fs.Path> hadoopCopies = new ArrayList<>();

  /** The least documents of a part of a copy. */
  static final int LEAST_PART = 256;

  private Configuration hadoop;
  private int copies;

  /**
   * {@code paths} (signature files, directories of them, index directories) with each index
   * directory replaced by a copy that every executor reads ({@link IndexScratch#directory}),
   * deleted when the JVM exits: for the API, whose results are read after the call. Call it only
   * when {@link IndexScratch#requireClasses} passed.
   *
   * @throws IllegalArgumentException naming an index that cannot be opened, or was made with other
   *     settings than {@code config}
   */
  public static List<String> copied(List<String> paths, SparkContext context, PipelineConfig config)
      throws IOException {
    IndexReferences indexes = new IndexReferences();
    try {
      List<String> copied = new ArrayList<>();
      String scratch = null;
      for (String path : paths) {
        if (!IndexScratch.isIndex(path)) {
          copied.add(path);
          continue;
        }
        Path directory = Path.of(path);
        try {
          BatchRun.checkReference(config, indexes.open(directory));
        } catch (UsageException e) {
          throw new IllegalArgumentException(e.getMessage(), e);
        }
        if (scratch == null) {
          scratch = IndexScratch.directory(context, directory);
        }
        for (ReferenceFile part :
            indexes.copy(
                directory, scratch, context.hadoopConfiguration(), context.defaultParallelism())) {
          copied.add(part.path());
        }
      }
      return copied;
    } finally {
      indexes.closeIndexes(); // the copies stay until the JVM exits
    }
  }

  /**
   * Opens the index in {@code directory} to search it: the reference the CLI's run would search.
   *
   * @throws UsageException when it cannot be opened (no index there, one being loaded, ...)
   */
  public LookupReference open(Path directory) {
    IndexDirectory index;
    try {
      index = IndexDirectory.openToSearch(directory);
    } catch (NearDupException e) {
      throw new UsageException(e.getMessage());
    }
    opened.put(directory, index);
    documents.put(directory, index.index().size());
    return Reference.of(index.index(), directory.toString());
  }

  /** The documents of the index opened from {@code directory}, when it was opened. */
  public long documents(Path directory) {
    return documents.get(directory);
  }

  /**
   * Copies the index opened from {@code directory} into signature files in {@code scratch}: a local
   * directory, or a directory of a file system Hadoop writes (a URI), which is made and deleted on
   * {@link #close}. The documents go into parts of {@value #LEAST_PART} documents at least, as many
   * as {@code tasks} at most, which the probe's columns share as they share a directory of {@code
   * .nds} parts. Returns the parts as reference files, in order.
   */
  public List<ReferenceFile> copy(Path directory, String scratch, Configuration hadoop, int tasks)
      throws IOException {
    IndexDirectory index = opened.get(directory);
    long documents = index.index().size();
    int parts = (int) Math.max(1, Math.min(tasks, (documents + LEAST_PART - 1) / LEAST_PART));
    int copy = copies++;
    List<ReferenceFile> files = new ArrayList<>();
    List<OutputStream> streams = new ArrayList<>();
    try {
      if (scratch.matches("[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
        this.hadoop = hadoop;
        org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path(scratch);
        FileSystem fs = dir.getFileSystem(hadoop);
        if (hadoopCopies.stream().noneMatch(dir::equals)) {
          hadoopCopies.add(dir);
          fs.deleteOnExit(dir);
        }
        for (int part = 0; part < parts; part++) {
          org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(dir, name(copy, part));
          streams.add(fs.create(file, false));
          files.add(copied(directory, ReferenceFile.signatures(fs.makeQualified(file).toString())));
        }
      } else {
        Path dir = Path.of(scratch);
        if (!localCopies.contains(dir)) {
          Files.createDirectories(dir);
          localCopies.add(dir);
          dir.toFile().deleteOnExit();
        }
        for (int part = 0; part < parts; part++) {
          Path file = dir.resolve(name(copy, part));
          file.toFile().deleteOnExit();
          streams.add(Files.newOutputStream(file));
          files.add(copied(directory, ReferenceFile.signatures(file)));
        }
      }
      IndexSignatures.write(index, streams);
    } finally {
      for (OutputStream stream : streams) {
        stream.close();
      }
    }
    return files;
  }

  private static String name(int copy, int part) {
    return String.format(java.util.Locale.ROOT, "reference-%d-part-%05d.nds", copy, part);
  }

  private ReferenceFile copied(Path directory, ReferenceFile copy) {
    copiedFrom.put(copy.path(), directory);
    return copy;
  }

  /** The index directory {@code file} is a copy of, or null when it is none. */
  public Path source(ReferenceFile file) {
    return copiedFrom.get(file.path());
  }

  /** Closes the indexes (copied: the copies are read from now on). */
  public void closeIndexes() {
    opened.values().forEach(IndexDirectory::close);
    opened.clear();
  }

  /** Closes the indexes and deletes the copies. */
  @Override
  public void close() {
    closeIndexes();
    for (Path dir : localCopies) {
      try (var files = Files.walk(dir)) {
        for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(file);
        }
      } catch (IOException | java.io.UncheckedIOException e) {
        // deleted at exit, else left in the temporary directory
      }
    }
    localCopies.clear();
    for (org.apache.hadoop.fs.Path dir : hadoopCopies) {
      try {
        dir.getFileSystem(hadoop).delete(dir, true);
      } catch (IOException e) {
        // deleted when the file system closes at exit
      }
    }
    hadoopCopies.clear();
  }
}
