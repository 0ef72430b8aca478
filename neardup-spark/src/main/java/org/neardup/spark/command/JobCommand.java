package org.neardup.spark.command;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.neardup.cluster.KeepOrder;
import org.neardup.config.PipelineConfig;
import org.neardup.options.AgainstMixin;
import org.neardup.options.Formats;
import org.neardup.options.PipelineMixin;
import org.neardup.options.UsageException;
import org.neardup.spark.JobSettings;
import org.neardup.spark.JobStats;
import org.neardup.spark.NearDupJob;
import org.neardup.spark.ProgressListener;
import org.neardup.spark.corpus.CorpusSource;
import org.neardup.spark.corpus.SignedSplit;
import org.neardup.spark.input.HadoopConf;
import org.neardup.spark.input.InputSpec;
import org.neardup.spark.input.SplitPlanner;
import org.neardup.spark.input.SplitPlanner.InputFile;
import org.neardup.spark.output.OutputFormat;
import org.neardup.spark.output.SignatureFilesWriter;
import org.neardup.spark.reference.References;
import org.neardup.spark.session.ClusterFailure;
import org.neardup.spark.session.ExecutorWatch;
import org.neardup.spark.session.Sessions;
import org.neardup.verify.VerifyMode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * What {@code spark pairs}, {@code spark clusters} and {@code spark dedup} share: the options of
 * {@code ./neardup pairs} (the CLI's own mixins), the Spark options, the session, the progress
 * listener and the summary. A subclass writes its result.
 */
abstract class JobCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin SparkInputMixin input;
  @Mixin PipelineMixin pipeline;
  @Mixin AgainstMixin against;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "DIR",
      required = true,
      description =
          "Output directory of part files (must not exist, nor lie inside an input directory), on"
              + " any file system Spark writes; checked writable before the job starts.")
  String output;

  @Option(
      names = {"-q", "--quiet"},
      description = "No progress and no summary on stderr.")
  boolean quiet;

  @Option(
      names = "--bucket-cap",
      paramLabel = "N",
      defaultValue = "" + JobSettings.DEFAULT_BUCKET_CAP,
      description =
          "Distinct texts a bucket may hold before it is a giant bucket, whose further texts are"
              + " only compared with its first and previous text (counted, reported); 0: no cap,"
              + " every pair examined. Default: ${DEFAULT-VALUE}.")
  int bucketCap;

  @Option(
      names = "--partitions",
      paramLabel = "N",
      description =
          "Partitions of the shuffles and of the output. Default: 2 x Spark's default parallelism,"
              + " or one per 16m of input when that is more (at most 8192).")
  Integer partitions;

  @Option(
      names = "--split-size",
      paramLabel = "BYTES",
      defaultValue = "auto",
      description =
          "Bytes of a text file one task reads (k, m, g suffixes), or auto: the input's size over"
              + " twice the parallelism, from 1m to 16m. CSV and compressed files are read whole."
              + " Default: ${DEFAULT-VALUE}.")
  String splitSize;

  @Option(
      names = "--signatures-out",
      paramLabel = "DIR",
      description =
          "Also write the signatures (and shingle sets) as signature files (.nds part files), for"
              + " ./neardup pairs --signatures and the service's bulk load; dedup: the kept"
              + " documents' only, which the next run takes as --against DIR.")
  String signaturesOut;

  @Mixin ClusterOptions cluster;

  /**
   * The bytes of a text file one task reads, {@code --split-size} settled (once the run starts).
   */
  long splitBytesUsed;

  /** The {@code --against} references, checked (once the run starts). */
  CheckedReferences checkedReferences;

  /** What the result's lines are called in the summary, e.g. {@code "pairs"}. */
  abstract String what();

  /** Writes the result to {@link #output}; returns the lines (records) written. */
  abstract long write(NearDupJob job) throws IOException;

  /**
   * Checks the outputs a subclass writes besides {@link #output} and {@code --signatures-out},
   * before any work, as {@link OutputCheck} does.
   */
  void checkOtherOutputs(JobSettings settings, List<InputSpec> inputs, Configuration hadoop)
      throws IOException {}

  /** Summary lines of what a subclass wrote besides {@link #output}, after the job's summary. */
  void summarizeOtherOutputs(PrintWriter err) {}

  /**
   * The documents whose signatures {@code --signatures-out} writes: every document's (dedup: the
   * kept ones').
   */
  JavaRDD<SignedSplit> signedDocuments(NearDupJob job) {
    return job.corpus().splits();
  }

  /** Why the options given do not go with {@code --components}, as the CLI says it; or null. */
  String refusedWithComponents() {
    return against.any()
        ? "--components joins whole components, --against keeps its references whatever they"
            + " join: drop one"
        : null;
  }

  /** The kept-set options (clusters, dedup); null for pairs, which has no iterative rounds. */
  KeptSetOptions keptSetOptions() {
    return null;
  }

  @Override
  public Integer call() throws Exception {
    if (pipeline.exact) {
      throw new UsageException(
          "--exact is not supported by the Spark job (it runs the LSH pipeline)");
    }
    String refused = refusedWithComponents();
    if (refused != null && keptSetOptions() != null && keptSetOptions().components) {
      throw new UsageException(refused);
    }
    CheckedReferences checked = AgainstOption.check(against, input, pipeline);
    checkedReferences = checked;
    try (checked) {
      return call(checked);
    }
  }

  private int call(CheckedReferences checked) throws Exception {
    PipelineConfig config = checked.config();
    PrintWriter err = spec.commandLine().getErr();
    URI masterUi = cluster.masterUi();
    cluster.executorTimeout(null); // checked before the session starts
    SparkSession spark = Sessions.create(spec.name(), cluster.master, cluster.settings);
    int executorTimeout = cluster.executorTimeout(spark.sparkContext().master());
    ProgressListener listener = new ProgressListener(err, quiet);
    spark.sparkContext().addSparkListener(listener);
    Optional<ExecutorWatch> watch =
        ExecutorWatch.start(spark.sparkContext(), executorTimeout, masterUi);
    try {
      return run(spark, config, checked, listener, err);
    } catch (Exception e) { // Spark's exceptions are checked ones, undeclared
      if (watch.isPresent() && watch.get().verdict().isPresent()) {
        throw new ClusterFailure.Thrown(ClusterFailure.noResources(watch.get().verdict().get()), e);
      }
      Optional<ClusterFailure> failure = ClusterFailure.of(e, spark.sparkContext().applicationId());
      if (failure.isPresent()) {
        throw new ClusterFailure.Thrown(failure.get(), e);
      }
      throw e;
    } finally {
      watch.ifPresent(ExecutorWatch::close);
      spark.sparkContext().removeSparkListener(listener);
    }
  }

  /**
   * The inputs' size in bytes, for the default partitions; 0 when they cannot be listed here (the
   * reading reports why).
   */
  private long inputBytes(Configuration hadoop) {
    try {
      return SplitPlanner.files(input.specs(), hadoop).stream().mapToLong(InputFile::length).sum();
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

  private int run(
      SparkSession spark,
      PipelineConfig config,
      CheckedReferences checked,
      ProgressListener listener,
      PrintWriter err)
      throws IOException {
    Configuration hadoop = spark.sparkContext().hadoopConfiguration();
    int parallelism = spark.sparkContext().defaultParallelism();
    KeepOrder keep = keptSetOptions() == null ? KeepOrder.FIRST : keptSetOptions().keepOrder();
    List<InputSpec> inputs =
        input.specs().stream().map(spec -> spec.withKeepField(keep.field())).toList();
    long inputBytes = inputBytes(hadoop);
    JobSettings settings;
    long splitBytes;
    try {
      settings =
          JobSettings.of(config)
              .withKeep(keep)
              .withOnError(input.onErrorPolicy())
              .withBucketCap(bucketCap)
              .withPartitions(
                  partitions != null
                      ? partitions
                      : JobSettings.autoPartitions(inputBytes, parallelism));
      if (partitions != null && partitions < 1) {
        throw new IllegalArgumentException("partitions must be at least 1, got " + partitions);
      }
      splitBytes = parseBytes(splitSize);
      if (splitBytes < 0) {
        throw new IllegalArgumentException(
            "split size must be at least 1 byte (0: automatic), got " + splitBytes);
      }
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    if (splitBytes == 0) {
      splitBytes = JobSettings.autoSplitBytes(inputBytes, parallelism);
    }
    splitBytesUsed = splitBytes;
    OutputCheck.check(output, inputs, hadoop);
    if (signaturesOut != null) {
      OutputCheck.checkApart(output, signaturesOut, hadoop);
      OutputCheck.check(signaturesOut, inputs, hadoop);
    }
    checkOtherOutputs(settings, inputs, hadoop);
    CheckpointDir checkpoints =
        keptSetOptions() == null
            ? null
            : CheckpointDir.set(
                spark.sparkContext(), keptSetOptions().checkpointDir, output, inputs);
    try {
      References references = checked.references(spark.sparkContext());
      NearDupJob job =
          NearDupJob.start(
              spark,
              settings,
              CorpusSource.ofFiles(spark, inputs, splitBytes, new HadoopConf(hadoop)),
              references);
      if (signaturesOut != null) {
        JavaRDD<SignedSplit> signed = signedDocuments(job);
        spark.sparkContext().setJobDescription("write signature files");
        SignatureFilesWriter.write(
            JavaSparkContext.fromSparkContext(spark.sparkContext()),
            signed,
            config.sketch(),
            config.verify() == VerifyMode.EXACT,
            signaturesOut);
      }
      long written = write(job);
      if (!quiet) {
        JobStats stats = job.stats(written, listener.shuffleBytesWritten());
        NearDupJob.summarize(stats, settings, what(), err);
        if (!references.isEmpty()) {
          err.printf(
              Locale.ROOT,
              "neardup: against %s: %s with similarity >= %s%n",
              Formats.count(against.references.size(), "reference"),
              Formats.count(job.referencePairs().count(), "pair"),
              Formats.plain(config.threshold()));
        }
        summarizeOtherOutputs(err);
      }
      return 0;
    } finally {
      if (checkpoints != null) {
        checkpoints.close();
      }
    }
  }

  /** {@code 64m} and the like, in bytes. */
  static long parseBytes(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    if (t.equals("auto")) {
      return 0;
    }
    long unit = 1;
    if (t.endsWith("k") || t.endsWith("m") || t.endsWith("g")) {
      unit = t.endsWith("k") ? 1L << 10 : t.endsWith("m") ? 1L << 20 : 1L << 30;
      t = t.substring(0, t.length() - 1);
    }
    try {
      return Long.parseLong(t) * unit;
    } catch (NumberFormatException e) {
      throw new UsageException(
          "--split-size must be a number of bytes (k, m, g suffixes), got '" + text + "'");
    }
  }

  /** The output format option's value, checked. */
  static OutputFormat outputFormat(String name) {
    try {
      return OutputFormat.parse(name);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }
}
