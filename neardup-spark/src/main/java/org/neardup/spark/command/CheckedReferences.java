package org.neardup.spark.command;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.SparkContext;
import org.neardup.config.PipelineConfig;
import org.neardup.options.UsageException;
import org.neardup.spark.reference.IndexReferences;
import org.neardup.spark.reference.IndexScratch;
import org.neardup.spark.reference.ReferenceFile;
import org.neardup.spark.reference.References;

/**
 * The references and the run's settings against them. Its index directories (if any) stay open
 * until {@link #references} has copied them; close it when the run ends.
 */
final class CheckedReferences implements AutoCloseable {
  private final List<Path> paths;
  private final List<ReferenceFile> files; // null at an index's place until copied
  private final PipelineConfig config;
  private final IndexReferences indexes; // null without index directories

  CheckedReferences(
      List<Path> paths, List<ReferenceFile> files, PipelineConfig config, IndexReferences indexes) {
    this.paths = List.copyOf(paths);
    this.files = java.util.Collections.unmodifiableList(new ArrayList<>(files));
    this.config = config;
    this.indexes = indexes;
  }

  PipelineConfig config() {
    return config;
  }

  /**
   * The references as files every executor reads: each index copied into a signature file, in a
   * local temporary directory in local mode, else under the context's checkpoint directory.
   *
   * @throws UsageException for an index on a cluster without a checkpoint directory
   */
  References references(SparkContext context) throws IOException {
    if (indexes == null) {
      return new References(files);
    }
    String scratch;
    try {
      scratch = IndexScratch.directory(context, paths.get(files.indexOf(null)));
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    List<ReferenceFile> copied = new ArrayList<>();
    for (int i = 0; i < files.size(); i++) {
      if (files.get(i) == null) {
        copied.addAll(
            indexes.copy(
                paths.get(i),
                scratch,
                context.hadoopConfiguration(),
                context.defaultParallelism()));
      } else {
        copied.add(files.get(i));
      }
    }
    indexes.closeIndexes();
    return new References(copied);
  }

  /**
   * The index directory a reference file is a copy of, with its documents, or null for a reference
   * given as a file.
   */
  Map.Entry<Path, Long> indexOf(ReferenceFile copy) {
    Path directory = indexes == null ? null : indexes.source(copy);
    return directory == null ? null : Map.entry(directory, indexes.documents(directory));
  }

  @Override
  public void close() {
    if (indexes != null) {
      indexes.close();
    }
  }
}
