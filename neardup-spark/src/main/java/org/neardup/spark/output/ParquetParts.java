package org.neardup.spark.output;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Parquet outputs, written by Spark's Parquet writer and then named as the text outputs are: the
 * writer puts its write job's random UUID into every part's name ({@code
 * part-00000-UUID-c000.snappy.parquet}), which this takes out ({@code
 * part-00000-c000.snappy.parquet}), so two runs over the same input write the same files under the
 * same names. Stateless.
 */
public final class ParquetParts {
  /** A part's name as Spark's writer gives it: the part, the write job's UUID, the rest. */
  private static final Pattern WRITER_NAME =
      Pattern.compile(
          "(part-\\d+)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-.*)");

  private ParquetParts() {}

  /**
   * Writes {@code frame} as Parquet to {@code directory}, which must not exist, and renames its
   * parts without the write job's UUID.
   */
  public static void write(Dataset<Row> frame, String directory) {
    frame.write().parquet(directory);
    Path dir = new Path(directory);
    try {
      FileSystem fs = dir.getFileSystem(frame.sparkSession().sparkContext().hadoopConfiguration());
      for (FileStatus status : fs.listStatus(dir)) {
        String name = status.getPath().getName();
        Matcher parts = WRITER_NAME.matcher(name);
        if (parts.matches()) {
          Path target = new Path(dir, parts.group(1) + parts.group(2));
          if (!fs.rename(status.getPath(), target)) {
            throw new IOException("could not rename " + status.getPath() + " to " + target);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("naming the Parquet parts of " + directory, e);
    }
  }
}
