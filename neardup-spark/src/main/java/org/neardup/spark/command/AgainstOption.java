package org.neardup.spark.command;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.neardup.batch.BatchRun;
import org.neardup.batch.reference.LookupReference;
import org.neardup.config.PipelineConfig;
import org.neardup.input.InputProblems;
import org.neardup.io.InputFormat;
import org.neardup.io.InputOptions;
import org.neardup.io.ReferenceFiles;
import org.neardup.options.AgainstMixin;
import org.neardup.options.AgainstReferences;
import org.neardup.options.PipelineMixin;
import org.neardup.options.UsageException;
import org.neardup.spark.reference.IndexReferences;
import org.neardup.spark.reference.IndexScratch;
import org.neardup.spark.reference.ReferenceFile;

/**
 * The Spark job's {@code --against REF}: the CLI's option and rules, REF a text input or a
 * signature file of the local (or a shared) file system, which every executor reads, a directory of
 * signature part files ({@code spark dedup --signatures-out}), or an index directory, which the
 * driver opens as the CLI does and copies into a signature file the executors read ({@link
 * IndexReferences}). Checked on the driver before any work, as the CLI checks it: the settings of
 * signature files decide the run's unless given, an index's threshold and banding too.
 */
final class AgainstOption {
  private AgainstOption() {}

  /**
   * Checks the references of {@code against} and settles the run's settings with them.
   *
   * @throws UsageException for a missing reference, an index directory this driver cannot open, or
   *     settings that disagree
   */
  static CheckedReferences check(
      AgainstMixin against, SparkInputMixin input, PipelineMixin pipeline) {
    PipelineConfig base = pipeline.config();
    if (!against.any()) {
      return new CheckedReferences(List.of(), List.of(), base, null);
    }
    AgainstMixin files = new AgainstMixin();
    for (Path path : against.references) {
      files.references.addAll(parts(path));
    }
    IndexReferences indexes = null;
    for (Path path : files.references) {
      if (IndexScratch.isIndex(path) && indexes == null) {
        try {
          IndexScratch.requireClasses(path);
        } catch (IllegalArgumentException e) {
          throw new UsageException(e.getMessage());
        }
        indexes = new IndexReferences();
      }
    }
    try (AgainstReferences opened =
        AgainstReferences.open(
            files,
            input,
            new InputProblems(input.onErrorPolicy()),
            indexes == null ? null : indexes::open)) {
      PipelineConfig config =
          opened.config(pipeline, base, pipeline.sketch.anyGiven(), pipeline.settingsGiven());
      List<ReferenceFile> references = new ArrayList<>();
      for (int i = 0; i < files.references.size(); i++) {
        Path path = files.references.get(i);
        if (IndexScratch.isIndex(path)) {
          LookupReference index = (LookupReference) opened.references().get(i);
          try {
            BatchRun.checkReference(config, index); // the CLI's probe refuses it so
          } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
          }
          references.add(null); // copied once the run has its scratch directory
        } else if (ReferenceFiles.isSignatureFile(path)) {
          references.add(ReferenceFile.signatures(path));
        } else {
          InputOptions options = input.options(path);
          references.add(
              ReferenceFile.text(
                  path, options, options.format() == InputFormat.CSV && input.idField == null));
        }
      }
      return new CheckedReferences(files.references, references, config, indexes);
    } catch (UncheckedIOException e) {
      closeQuietly(indexes);
      throw new UsageException(e.getCause().getMessage());
    } catch (RuntimeException | Error e) {
      closeQuietly(indexes);
      throw e;
    }
  }

  private static void closeQuietly(IndexReferences indexes) {
    if (indexes != null) {
      indexes.close();
    }
  }

  /**
   * {@code path}, or the part files of a directory of signature files (its files in name order,
   * {@code _SUCCESS} and hidden files aside), which the CLI's readers take one by one.
   */
  static List<Path> parts(Path path) {
    if (!Files.isDirectory(path) || IndexScratch.isIndex(path)) {
      return List.of(path);
    }
    List<Path> parts;
    try (Stream<Path> listed = Files.list(path)) {
      parts =
          listed
              .filter(Files::isRegularFile)
              .filter(
                  p ->
                      !p.getFileName().toString().startsWith("_")
                          && !p.getFileName().toString().startsWith("."))
              .sorted()
              .toList();
    } catch (IOException e) {
      throw new UsageException(path + ": cannot list: " + e.getMessage());
    }
    if (parts.isEmpty() || !parts.stream().allMatch(ReferenceFiles::isSignatureFile)) {
      return List.of(path); // a text input's directory: its reader says what it takes
    }
    return parts;
  }
}
