package org.neardup.spark.command;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.neardup.input.OnError;
import org.neardup.options.BuildInfo;
import org.neardup.options.Formats;
import org.neardup.options.RunManifest;
import org.neardup.options.UsageException;
import org.neardup.spark.JobSettings;
import org.neardup.spark.NearDupJob;
import org.neardup.spark.corpus.SignedSplit;
import org.neardup.spark.input.InputSpec;
import org.neardup.spark.input.SplitPlanner;
import org.neardup.spark.input.SplitPlanner.InputFile;
import org.neardup.spark.output.DedupParts;
import org.neardup.spark.output.ManifestFiles;
import org.neardup.spark.output.Removal;
import org.neardup.spark.reference.ReferenceFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code spark dedup}: the input minus the removed documents, as {@code ./neardup dedup} writes it.
 */
@Command(
    name = "dedup",
    mixinStandardHelpOptions = true,
    description = {
      "Writes a deduplicated copy of the input on Spark, as ./neardup dedup does.",
      "Default: removes the documents outside the kept set (greedy in --keep order), so every"
          + " removed document has a kept near-duplicate and no two kept documents are"
          + " near-duplicates. With --components: keeps one document of each connected component.",
      "Every other record byte for byte in the input's format: one part file a split of the input,"
          + " in input order (a CSV part repeats the header). Parquet input gives Parquet output.",
      "Records skipped as bad (--on-error skip) never reach the copy: they go to the rejects"
          + " directory (--rejects, by default OUTPUT.rejects beside the output), named in the"
          + " summary."
    })
final class DedupJobCommand extends JobCommand {
  @Mixin KeptSetOptions keptSet;

  @Option(
      names = "--rejects",
      paramLabel = "DIR",
      description =
          "Where records skipped as bad go (--on-error skip): part files in the input's format, one"
              + " for each split that has any. Default: OUTPUT.rejects beside the output, written"
              + " only when records were skipped.")
  String rejects;

  @Option(
      names = "--annotate",
      description =
          "Write every record, the removed ones too, each with three fields added as ./neardup"
              + " dedup --annotate does: the id of the kept record it duplicates and their"
              + " similarity (both empty for a kept record), and a kept record's cluster size (how"
              + " many records it stands for). Parquet input gets three columns. Not with"
              + " --components.")
  boolean annotate;

  @Option(
      names = "--removed",
      paramLabel = "DIR",
      description =
          "Also write the removed records to DIR, in the input's format: a part file for each split"
              + " that has any.")
  String removed;

  @Option(
      names = "--manifest",
      paramLabel = "FILE",
      description =
          "Also write a record of the run to FILE (on any file system Spark writes; must not"
              + " exist), as JSON, in the layout of ./neardup dedup --manifest: neardup's version"
              + " and commit, the command line, every setting (banding, keep order, reading, and"
              + " the job's split size, partitions and bucket cap), each input and output with its"
              + " size and SHA-256 (a directory file by file), the counts (read, kept, removed,"
              + " rejected) and the start and end times. Written once the outputs are complete.")
  String manifest;

  private final RunManifest record = new RunManifest("spark dedup");
  private DedupParts.Written written;

  @Override
  String what() {
    return "records";
  }

  @Override
  KeptSetOptions keptSetOptions() {
    return keptSet;
  }

  @Override
  String refusedWithComponents() {
    return against.any() || signaturesOut != null
        ? (against.any() ? "--against" : "--signatures-out")
            + " goes with the kept set, not with --components: drop one"
        : null;
  }

  /** The kept documents only, for the next run's {@code --against}, as the CLI's. */
  @Override
  JavaRDD<SignedSplit> signedDocuments(NearDupJob job) {
    return job.keptDocuments();
  }

  @Override
  void checkOtherOutputs(JobSettings settings, List<InputSpec> inputs, Configuration hadoop)
      throws IOException {
    if (annotate && keptSet.components) {
      throw new UsageException(
          "--annotate names each removed record's kept record and their similarity, which"
              + " components do not have: drop --components");
    }
    if (annotate && inputs.stream().anyMatch(InputSpec::isParquet)) {
      SparkSession spark = SparkSession.active();
      for (InputFile file : SplitPlanner.files(inputs, hadoop)) {
        DedupParts.annotatedSchema(spark.read().parquet(file.file()).schema(), file.source());
      }
    }
    List<String> checked = new ArrayList<>(List.of(output));
    if (signaturesOut != null) {
      checked.add(signaturesOut);
    }
    if (manifest != null) {
      Path path = new Path(manifest);
      if (path.getFileSystem(hadoop).exists(path)) {
        throw new UsageException(
            manifest + ": already exists (the Spark job writes a new manifest, never over one)");
      }
      for (String other : checked) {
        OutputCheck.checkApart(other, manifest, hadoop);
      }
      OutputCheck.check(manifest, inputs, hadoop);
    }
    for (String directory : Arrays.asList(removed, rejectsDirectory(settings))) {
      if (directory == null) {
        continue;
      }
      for (String other : checked) {
        OutputCheck.checkApart(other, directory, hadoop);
      }
      if (manifest != null) {
        OutputCheck.checkApart(manifest, directory, hadoop);
      }
      OutputCheck.check(directory, inputs, hadoop);
      checked.add(directory);
    }
  }

  @Override
  long write(NearDupJob job) throws IOException {
    JavaRDD<Removal> dropped = job.removed(keptSet.components);
    job.spark().sparkContext().setJobDescription("write the deduplicated copy");
    written =
        DedupParts.write(
            job.spark(),
            job.corpus().source(),
            dropped,
            job.corpus().rejected(),
            new DedupParts.Targets(
                output, removed, rejectsDirectory(job.settings()), rejects != null, annotate));
    if (manifest != null) {
      job.spark().sparkContext().setJobDescription("checksums for the manifest");
      long forReferences =
          job.references().isEmpty()
              ? 0
              : dropped.filter(r -> r.keptOrdinal() < 0).count(); // a reference's group
      writeManifest(job, dropped.count(), forReferences);
    }
    return written.kept();
  }

  /** The run's record, once every output is complete: settings, files, counts, times. */
  private void writeManifest(NearDupJob job, long removedCount, long forReferences)
      throws IOException {
    JobSettings settings = job.settings();
    SparkContext spark = job.spark().sparkContext();
    JavaSparkContext context = JavaSparkContext.fromSparkContext(spark);
    long kept = annotate ? written.kept() - removedCount : written.kept();
    record
        .tool(BuildInfo.of(NearDupJob.class))
        .arguments(spec.commandLine().getParseResult().originalArgs())
        .pipeline(settings.config())
        .setting("pair_method", "lsh")
        .setting("pair_method_used", "lsh")
        .setting("keep", settings.keep().toString())
        .setting("components", keptSet.components)
        .setting("annotate", annotate)
        .setting("reading", input.describe())
        .setting("split_bytes", splitBytesUsed)
        .setting("partitions", job.partitions())
        .setting("bucket_cap", settings.bucketCap())
        .setting("spark", sparkSettings(spark));
    List<InputSpec> inputs = input.specs();
    List<Map<String, Object>> inputFiles =
        ManifestFiles.describe(context, inputs.stream().map(InputSpec::path).toList());
    for (int i = 0; i < inputs.size(); i++) {
      record.input(inputFiles.get(i), format(job, inputs.get(i)));
    }
    List<ReferenceFile> references = job.references().files();
    List<Map<String, Object>> referenceFiles =
        ManifestFiles.describe(
            context,
            references.stream()
                .filter(file -> checkedReferences.indexOf(file) == null)
                .map(ReferenceFile::path)
                .toList());
    int described = 0;
    java.util.Set<java.nio.file.Path> indexes = new java.util.HashSet<>();
    for (ReferenceFile file : references) {
      Map.Entry<java.nio.file.Path, Long> index = checkedReferences.indexOf(file);
      if (index != null) { // as the CLI's, once for its parts: its path and documents
        if (indexes.add(index.getKey())) {
          record.reference(index.getKey(), "index", Map.of("documents", index.getValue()));
        }
      } else {
        record.reference(
            referenceFiles.get(described++), file.signatures() ? "signatures" : "text");
      }
    }
    Map<String, String> outputs = new LinkedHashMap<>();
    outputs.put("clean", output);
    outputs.put("removed", removed);
    outputs.put("rejects", written.rejectsWritten() ? rejectsDirectory(settings) : null);
    outputs.put("signatures", signaturesOut);
    outputs.values().removeIf(java.util.Objects::isNull);
    List<Map<String, Object>> outputFiles =
        ManifestFiles.describe(context, List.copyOf(outputs.values()));
    int i = 0;
    for (String role : outputs.keySet()) {
      record.output(role, outputFiles.get(i++));
    }
    record
        .count("read", kept + removedCount + written.rejected())
        .count("kept", kept)
        .count("removed", removedCount)
        .count("removed_for_references", forReferences)
        .count("rejected", written.rejected())
        .count("empty", job.corpus().tally().emptyDocuments)
        .count("groups", job.groups(keptSet.components));
    ManifestFiles.write(record, manifest, context.hadoopConfiguration());
  }

  /** The Spark version and master the run used. */
  private static Map<String, Object> sparkSettings(SparkContext spark) {
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("version", spark.version());
    settings.put("master", spark.master());
    return settings;
  }

  /** The format an input was read in: its own, or the one its first file's name settled. */
  private static String format(NearDupJob job, InputSpec spec) {
    return job.corpus().source().files().stream()
        .filter(file -> file.spec().input() == spec.input())
        .map(file -> file.spec().format())
        .findFirst()
        .orElse(spec.format());
  }

  @Override
  void summarizeOtherOutputs(PrintWriter err) {
    if (manifest != null) {
      err.printf(Locale.ROOT, "neardup: the run's record -> %s%n", manifest);
    }
    if (removed != null) {
      err.printf(Locale.ROOT, "neardup: removed records -> %s%n", removed);
    }
    if (written != null && written.rejectsWritten()) {
      err.printf(
          Locale.ROOT,
          "neardup: %s skipped as bad -> %s%n",
          Formats.count(written.rejected(), "record"),
          rejectsDirectory(null));
      err.flush();
    }
  }

  /**
   * The rejects directory: {@code --rejects}, else (under {@code --on-error skip}, when records may
   * be skipped) the output's name with {@code .rejects} added; null when none can be written.
   */
  private String rejectsDirectory(JobSettings settings) {
    if (rejects != null) {
      return rejects;
    }
    if (settings != null && settings.onError() != OnError.SKIP) {
      return null;
    }
    return besideOutput(output);
  }

  /**
   * {@code OUTPUT} with {@code .rejects} added to its last name: {@code out/} -> {@code
   * out.rejects}.
   */
  static String besideOutput(String output) {
    String trimmed = output;
    while (trimmed.length() > 1 && trimmed.endsWith("/")) {
      trimmed = trimmed.substring(0, trimmed.length() - 1);
    }
    return trimmed + ".rejects";
  }
}
