package org.neardup.spark.command;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.neardup.config.PipelineConfig;
import org.neardup.input.InputProblems;
import org.neardup.io.InputFormat;
import org.neardup.io.InputOptions;
import org.neardup.io.ReferenceFiles;
import org.neardup.options.AgainstMixin;
import org.neardup.options.AgainstReferences;
import org.neardup.options.PipelineMixin;
import org.neardup.options.UsageException;
import org.neardup.spark.reference.ReferenceFile;
import org.neardup.spark.reference.References;

/**
 * The Spark job's {@code --against REF}: the CLI's option and rules, REF a text input or a
 * signature file of the local (or a shared) file system, which every executor reads, or a directory
 * of signature part files ({@code spark dedup --signatures-out}). Checked on the driver before any
 * work, as the CLI checks it: the settings of signature files decide the run's unless given.
 */
final class AgainstOption {
  private AgainstOption() {}

  /** The references and the run's settings against them. */
  @DefaultSerializer(JavaSerializer.class)
  record Checked(References references, PipelineConfig config) {}

  /**
   * Checks the references of {@code against} and settles the run's settings with them.
   *
   * @throws UsageException for a missing reference, an index directory, or settings that disagree
   */
  static Checked check(AgainstMixin against, SparkInputMixin input, PipelineMixin pipeline) {
    PipelineConfig base = pipeline.config();
    if (!against.any()) {
      return new Checked(new References(List.of()), base);
    }
    AgainstMixin files = new AgainstMixin();
    for (Path path : against.references) {
      files.references.addAll(parts(path));
    }
    try (AgainstReferences opened =
        AgainstReferences.open(files, input, new InputProblems(input.onErrorPolicy()), null)) {
      PipelineConfig config =
          opened.config(pipeline, base, pipeline.sketch.anyGiven(), pipeline.settingsGiven());
      List<ReferenceFile> references = new ArrayList<>();
      for (Path path : files.references) {
        if (ReferenceFiles.isSignatureFile(path)) {
          references.add(ReferenceFile.signatures(path));
        } else {
          InputOptions options = input.options(path);
          references.add(
              ReferenceFile.text(
                  path, options, options.format() == InputFormat.CSV && input.idField == null));
        }
      }
      return new Checked(new References(references), config);
    } catch (UncheckedIOException e) {
      throw new UsageException(e.getCause().getMessage());
    }
  }

  /**
   * {@code path}, or the part files of a directory of signature files (its files in name order,
   * {@code _SUCCESS} and hidden files aside), which the CLI's readers take one by one.
   */
  static List<Path> parts(Path path) {
    if (!Files.isDirectory(path) || Files.exists(path.resolve("CURRENT"))) {
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
