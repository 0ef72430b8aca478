package org.neardup.spark.command;

import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.SparkContext;
import org.neardup.options.UsageException;
import org.neardup.spark.input.InputSpec;

/**
 * The reliable checkpoint directory of a run with iterative rounds (kept set, components): set on
 * the context for the run and deleted when it ends. It is {@code --checkpoint-dir}, else {@code
 * spark.checkpoint.dir}, else {@code .NAME.checkpoints} next to the output directory {@code NAME},
 * on the output's file system. Spark writes into a fresh subdirectory of it; the run deletes that
 * subdirectory, and the default directory as a whole. Not thread-safe.
 */
final class CheckpointDir implements Closeable {
  private final FileSystem fileSystem;
  private final Path toDelete;

  private CheckpointDir(FileSystem fileSystem, Path toDelete) {
    this.fileSystem = fileSystem;
    this.toDelete = toDelete;
  }

  /**
   * Sets the context's checkpoint directory for a run writing to {@code output}.
   *
   * @throws UsageException when the directory asked for lies inside an input directory (the next
   *     run would read what a failed run left there)
   */
  static CheckpointDir set(
      SparkContext context, String requested, String output, List<InputSpec> inputs)
      throws IOException {
    String base =
        requested != null ? requested : context.getConf().get("spark.checkpoint.dir", null);
    if (base != null) {
      OutputCheck.checkNotInInput(base, inputs, context.hadoopConfiguration());
    }
    boolean ownBase = false;
    if (base == null) {
      Path out = new Path(output);
      Path qualified = out.getFileSystem(context.hadoopConfiguration()).makeQualified(out);
      if (qualified.getParent() == null) {
        throw new UsageException(
            "--output must not be the root of a file system, got '" + output + "'");
      }
      base = new Path(qualified.getParent(), "." + qualified.getName() + ".checkpoints").toString();
      ownBase = true;
    }
    context.setCheckpointDir(base);
    Path actual = new Path(context.getCheckpointDir().get());
    return new CheckpointDir(
        actual.getFileSystem(context.hadoopConfiguration()), ownBase ? new Path(base) : actual);
  }

  /** Deletes the run's checkpoints. */
  @Override
  public void close() throws IOException {
    fileSystem.delete(toDelete, true);
  }
}
