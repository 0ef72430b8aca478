package org.neardup.spark.reference;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.apache.spark.SparkContext;

/**
 * What the driver decides about index directories given as references before it touches one,
 * without the index's classes ({@link IndexReferences} needs them): whether a path is an index
 * directory, whether this driver can open one, and where its copy goes. Stateless.
 */
public final class IndexScratch {
  private static final List<String> INDEX_CLASSES =
      List.of("org.neardup.server.store.IndexDirectory", "org.rocksdb.RocksDB");

  private IndexScratch() {}

  /**
   * Whether {@code path} is an index directory (a directory holding {@code CURRENT}), as the CLI
   * tells one.
   */
  public static boolean isIndex(Path path) {
    return Files.isDirectory(path) && Files.exists(path.resolve("CURRENT"));
  }

  /** Whether {@code path}, a local path or a URI, is a local index directory. */
  public static boolean isIndex(String path) {
    return !path.matches("[a-zA-Z][a-zA-Z0-9+.-]*:.*") && isIndex(Path.of(path));
  }

  /**
   * Refuses an index directory when the driver lacks the index's classes (a spark-submit with the
   * job's jar only), saying what to add or to do instead.
   *
   * @throws IllegalArgumentException naming the index and what is missing
   */
  public static void requireClasses(Path index) {
    for (String name : INDEX_CLASSES) {
      try {
        Class.forName(name, false, IndexScratch.class.getClassLoader());
      } catch (ClassNotFoundException | LinkageError e) {
        throw new IllegalArgumentException(
            index
                + ": an index directory as --against reference needs the index's classes on the"
                + " driver's class path, which has no "
                + name
                + ": add neardup-server's jar and rocksdbjni's (spark-submit --driver-class-path;"
                + " ./neardup spark has them), or give the index as a signature file: neardup index"
                + " export --data "
                + index
                + " -o FILE.nds");
      }
    }
  }

  /**
   * A new directory for the copies of a run's indexes, which every executor reads: a local
   * temporary directory in local mode, else one under the context's checkpoint directory (a URI).
   *
   * @throws IllegalArgumentException on a cluster without a checkpoint directory, naming {@code
   *     index}
   */
  public static String directory(SparkContext context, Path index) throws IOException {
    if (context.isLocal()) {
      return Files.createTempDirectory("neardup-index-").toString();
    }
    if (context.getCheckpointDir().isDefined()) {
      org.apache.hadoop.fs.Path dir =
          new org.apache.hadoop.fs.Path(
              context.getCheckpointDir().get(), "neardup-index-" + UUID.randomUUID());
      return dir.getFileSystem(context.hadoopConfiguration()).makeQualified(dir).toString();
    }
    throw new IllegalArgumentException(
        index
            + ": an index is read on the driver into a signature file that every executor reads,"
            + " under the checkpoint directory: set one every executor reads (--conf"
            + " spark.checkpoint.dir=DIR, or SparkContext.setCheckpointDir, on a shared file"
            + " system), or give the index as a signature file on such a file system (neardup"
            + " index export --data "
            + index
            + " -o FILE.nds)");
  }
}
