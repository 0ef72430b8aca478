package org.neardup.spark;

import static org.apache.spark.sql.functions.col;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.neardup.cluster.KeepOrder;
import org.neardup.cluster.KeepPolicy;
import org.neardup.config.PipelineConfig;
import org.neardup.input.OnError;
import org.neardup.spark.corpus.CorpusSource;
import org.neardup.spark.corpus.FrameRows;
import org.neardup.spark.input.HadoopConf;
import org.neardup.spark.output.ResultFrames;
import org.neardup.spark.reference.IndexReferences;
import org.neardup.spark.reference.IndexScratch;
import org.neardup.spark.reference.References;

/**
 * Near-duplicate detection on Spark DataFrames, in the shape of the library's {@link
 * org.neardup.NearDup}: the same pairs, clusters and deduplication as {@code ./neardup} and {@code
 * ./neardup spark} with the same settings, computed where the frame's rows are.
 *
 * <pre>{@code
 * Dataset<Row> docs = spark.read().parquet("crawl.parquet");
 * Dataset<Row> pairs = NearDupSpark.withDefaults().pairs(docs, "id", "text");
 * Dataset<Row> clean = NearDupSpark.withDefaults().withKeep(KeepPolicy.LONGEST).dedup(docs, "id", "text");
 * Dataset<Row> week = NearDupSpark.withDefaults().against(docs, "id", "text").dedup(slice, "id", "text");
 * }</pre>
 *
 * <p>Each method takes the frame, the name of its id column and the name of its text column. The id
 * column may be of any type and is read as its string (a byte array as UTF-8, anything else by
 * Java's {@code toString()}: {@code 42}, {@code true}), as {@code ./neardup} reads a Parquet file;
 * ids must be unique and non-empty. To compare several text columns, give a column that joins them:
 * {@code frame.withColumn("text", concat_ws(" ", col("title"), col("body")))}. The frame's order
 * (its partitions in order, then its rows) is the input order: {@code KeepPolicy.FIRST} keeps the
 * first of it, and results name documents by their ids.
 *
 * <p>A row whose id is null, empty or invalid, whose text is null or invalid, or that repeats an id
 * is a bad record: by default the call fails with an {@link org.neardup.input.InputException}
 * naming it, as the CLI does; {@link #withOnError withOnError(OnError.SKIP)} leaves such rows out
 * of the computation instead. Rows whose text is empty after normalization are in no pair.
 *
 * <p>When work runs: every method reads and signs the frame's texts and checks their ids when it is
 * called (two Spark jobs; the signed documents stay cached as long as the result needs them).
 * {@link #pairs} is lazy from there, as Spark's transformations are: banding and verification run
 * when an action runs on the returned frame. {@link #clusters}, {@link #components}, {@link #dedup}
 * and {@link #annotate} run banding, verification and their iterative rounds (a greedy kept set, or
 * connected components, each round a Spark job) when called, and return a frame over the persisted
 * result; {@link #dedup} and {@link #annotate} join it with the frame, which is read again when an
 * action runs. Nothing is collected to the driver.
 *
 * <p>Immutable and thread-safe; the {@code with...} methods return a new instance.
 */
public final class NearDupSpark {
  private static final String REMOVED_ID = "__neardup_removed_id";
  private static final String KEPT_ID = "__neardup_kept_id";
  private static final String REMOVED_COUNT = "__neardup_removed_count";
  private static final List<DataType> INTEGER_TYPES =
      List.of(DataTypes.LongType, DataTypes.IntegerType, DataTypes.ShortType, DataTypes.ByteType);

  private final JobSettings settings;
  private final String inputColumn; // null: the frame is one input
  private final List<String> references; // signature files and directories of them

  private NearDupSpark(JobSettings settings, String inputColumn, List<String> references) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.inputColumn = inputColumn;
    this.references = List.copyOf(references);
  }

  private NearDupSpark(JobSettings settings) {
    this(settings, null, List.of());
  }

  /** The defaults of {@code ./neardup pairs}: threshold 0.8, char:5 shingles, 128 values. */
  public static NearDupSpark withDefaults() {
    return of(PipelineConfig.builder().build());
  }

  /** The library's settings {@code config}, the Spark job's defaults for the rest. */
  public static NearDupSpark of(PipelineConfig config) {
    return new NearDupSpark(JobSettings.of(config));
  }

  /** These settings. */
  public static NearDupSpark of(JobSettings settings) {
    return new NearDupSpark(settings);
  }

  public JobSettings settings() {
    return settings;
  }

  /** Which document of a group or cluster is kept: the first in this order. Default first. */
  public NearDupSpark withKeep(KeepPolicy keep) {
    return new NearDupSpark(settings.withKeep(keep), inputColumn, references);
  }

  /**
   * Which document of a group or cluster is kept: the first in this order, as {@code --keep} takes
   * it ({@link KeepOrder#parse}: {@code KeepOrder.parse("field:quality")}). A field is a column of
   * the frame, numeric or a string holding a decimal number, read as {@code ./neardup} reads a
   * Parquet column: a row without a finite number there is a bad row. {@code input,RULE} puts rows
   * of earlier inputs first: the frame is one input, unless {@link #withInputColumn} names a column
   * that numbers each row's input. Ties go to the frame's order.
   */
  public NearDupSpark withKeep(KeepOrder keep) {
    return new NearDupSpark(settings.withKeep(keep), inputColumn, references);
  }

  /**
   * The column that numbers each row's input for {@code input,RULE} keep orders ({@link
   * #withKeep(KeepOrder)}), as the command line's inputs are numbered in the order given: rows of a
   * smaller number come first, whatever the rule says, so the frame of several sources ({@code
   * union}ed, each with its priority in this column) keeps the preferred source's documents. An
   * integer column (byte, short, int or long), values in [0, 2^31); a row with a null there is a
   * bad row. Not read by other keep orders. Default: none, the frame is one input.
   */
  public NearDupSpark withInputColumn(String column) {
    return new NearDupSpark(settings, Objects.requireNonNull(column, "column"), references);
  }

  /** What a bad row does: fail the call (the default), or leave the row out. */
  public NearDupSpark withOnError(OnError onError) {
    return new NearDupSpark(settings.withOnError(onError), inputColumn, references);
  }

  /**
   * Distinct texts a bucket may hold before it is a giant bucket, of which only a star and a chain
   * of pairs are examined (0: no cap). Default {@value JobSettings#DEFAULT_BUCKET_CAP}.
   */
  public NearDupSpark withBucketCap(int bucketCap) {
    return new NearDupSpark(settings.withBucketCap(bucketCap), inputColumn, references);
  }

  /**
   * Partitions of the shuffles and of the results. Default: twice Spark's default parallelism, or
   * one per 16 MB of text when that is more.
   */
  public NearDupSpark withPartitions(int partitions) {
    return new NearDupSpark(settings.withPartitions(partitions), inputColumn, references);
  }

  /**
   * These settings against references, as {@code ./neardup spark ... --against} and the library's
   * {@link org.neardup.NearDup#against}: documents already kept, by definition, never in a result's
   * rows and never compared with each other. {@link #dedup} then removes a row when it has a
   * near-duplicate among them or among the rows kept before it in the keep order, {@link #annotate}
   * names the most similar of those in {@code duplicate_of} (ties to a reference, then to the
   * smallest reference id), {@link #clusters} heads a reference's group with a row of role {@code
   * reference}, and {@link #pairs} gives the rows' pairs among themselves and with the references
   * (the CLI's results, byte for byte as the command line writes them). {@link #components} does
   * not go with references.
   *
   * <p>Each reference is a signature file ({@code ./neardup sign}, {@code dedup --signatures-out},
   * {@link #sign}) or a directory of {@code .nds} part files ({@code spark dedup
   * --signatures-out}), a local path or a URI Hadoop reads ({@code hdfs://}, {@code s3a://}); it is
   * not sketched again, its shingle sets confirm each pair exactly. Each file is read once for each
   * share of the frame's rows that one task's heap holds (once in all when they fit), the files
   * spread over the executors' tasks, so a local path must be one every executor mounts, and a
   * directory of part files lets the cluster's cores share a large reference. A reference may also
   * be an index directory of {@code ./neardup index build} or {@code serve} (a local path of the
   * driver): each method opens it as the CLI does (RocksDB's secondary instance, so a live
   * service's index is safe), and copies its documents into a signature file in a new directory,
   * local in local mode, else under the Spark context's checkpoint directory (which every executor
   * must read), deleted when the JVM exits; its sketch settings, threshold, banding and
   * verification must be these. That needs neardup-server and RocksDB on the driver's class path
   * ({@code ./neardup index export} makes the signature file without them). The files are checked
   * (their sketch settings must be these) when a method runs; these references are added to any
   * given before.
   */
  public NearDupSpark against(String... signatureFiles) {
    List<String> all = new java.util.ArrayList<>(references);
    all.addAll(Arrays.asList(signatureFiles));
    return new NearDupSpark(settings, inputColumn, all);
  }

  /**
   * These settings against the rows of {@code reference} ({@link #against(String...)}): its id and
   * text columns read as a frame's are, its rows signed now (two Spark jobs) into signature files
   * in a new directory under the Spark context's checkpoint directory, or when it has none under
   * the local {@code java.io.tmpdir} (so on a cluster, set a checkpoint directory every executor
   * reads); the directory is deleted when the JVM exits.
   */
  public NearDupSpark against(Dataset<Row> reference, String idColumn, String textColumn) {
    SparkSession spark = reference.sparkSession();
    String directory;
    try {
      org.apache.hadoop.fs.Path base =
          spark.sparkContext().getCheckpointDir().isDefined()
              ? new org.apache.hadoop.fs.Path(spark.sparkContext().getCheckpointDir().get())
              : new org.apache.hadoop.fs.Path(
                  java.nio.file.Path.of(System.getProperty("java.io.tmpdir")).toUri());
      org.apache.hadoop.fs.FileSystem fs =
          base.getFileSystem(spark.sparkContext().hadoopConfiguration());
      org.apache.hadoop.fs.Path made =
          fs.makeQualified(
              new org.apache.hadoop.fs.Path(
                  base, "neardup-reference-" + java.util.UUID.randomUUID()));
      fs.deleteOnExit(made);
      directory = made.toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    sign(reference, idColumn, textColumn, directory);
    return against(directory);
  }

  /**
   * Writes the signatures of the frame's documents (with their shingle sets in exact verification)
   * to {@code directory} (which must not exist), one {@code part-NNNNN.nds} a partition in the
   * engine's signature file layout, rows in the frame's order: what {@link #against(String...)},
   * {@code ./neardup ... --against} and the service's bulk load read. Runs now (three Spark jobs);
   * returns the documents written (empty texts and bad rows skipped under {@link OnError#SKIP} are
   * not).
   */
  public long sign(Dataset<Row> frame, String idColumn, String textColumn, String directory) {
    NearDupJob job = of(settings.withKeep(KeepPolicy.FIRST)).start(frame, idColumn, textColumn);
    try {
      return org.neardup.spark.output.SignatureFilesWriter.write(
          org.apache.spark.api.java.JavaSparkContext.fromSparkContext(
              frame.sparkSession().sparkContext()),
          job.corpus().splits(),
          settings.config().sketch(),
          settings.config().verify() == org.neardup.verify.VerifyMode.EXACT,
          directory);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The near-duplicate pairs: columns {@code id_a}, {@code id_b} (the smaller id first, as Java
   * compares strings) and {@code similarity} (exact Jaccard, or the signature estimate), one row a
   * pair with similarity at or above the threshold, unordered; {@code orderBy("id_a", "id_b")}
   * gives {@code ./neardup pairs}' order for ids of one script. Reads and signs the frame now; lazy
   * from there.
   */
  public Dataset<Row> pairs(Dataset<Row> frame, String idColumn, String textColumn) {
    return start(frame, idColumn, textColumn).pairs();
  }

  /**
   * The duplicate groups of a deduplication, as {@code ./neardup clusters}: the kept set walks the
   * documents in the keep order and keeps each that is no near-duplicate of one kept before it;
   * each group is a kept document and the removed documents whose most similar kept near-duplicate
   * it is. Columns {@code cluster} (the kept document's id), {@code id}, {@code role} ({@code keep}
   * or {@code duplicate}) and {@code similarity} (to the kept document, 1 on its own row).
   * Documents in no pair are in no group. Runs the kept set's rounds now.
   */
  public Dataset<Row> clusters(Dataset<Row> frame, String idColumn, String textColumn) {
    return ResultFrames.withoutOrder(start(frame, idColumn, textColumn).groups());
  }

  /**
   * The connected components of the pairs, as {@code ./neardup clusters --components}: columns
   * {@code cluster} (the id of the component's first document), {@code id} and {@code role} ({@code
   * keep} for the document the keep order puts first, else {@code duplicate}). Components chain: a
   * member may be far less similar to the kept one than the threshold. Runs the rounds now.
   */
  public Dataset<Row> components(Dataset<Row> frame, String idColumn, String textColumn) {
    return ResultFrames.withoutOrder(start(frame, idColumn, textColumn).components());
  }

  /**
   * The frame's rows, schema unchanged, without the documents a deduplication removes (the rows
   * {@code ./neardup dedup} leaves out of its copy): every removed document has a kept
   * near-duplicate, and no two kept documents are near-duplicates. Rows skipped as bad ({@link
   * OnError#SKIP}) stay. Runs the kept set's rounds now; the frame is read again when an action
   * runs on the result.
   *
   * @throws IllegalArgumentException when ids repeat (skipped under {@link OnError#SKIP}): rows are
   *     matched to documents by id
   */
  public Dataset<Row> dedup(Dataset<Row> frame, String idColumn, String textColumn) {
    NearDupJob job = start(frame, idColumn, textColumn);
    requireUniqueIds(job, "dedup");
    Dataset<Row> removed = job.removals(false).select(col("id").as(REMOVED_ID));
    return frame.join(
        removed, idString(frame, idColumn).equalTo(removed.col(REMOVED_ID)), "left_anti");
  }

  /**
   * Every row of the frame, with three columns added as {@code ./neardup dedup --annotate} adds
   * them: {@code duplicate_of}, the id of the kept document a removed row duplicates, and their
   * {@code similarity}, both null on the rows a deduplication keeps; and {@code cluster_size}
   * (long), on each row {@link #dedup} keeps, how many rows it stands for, itself included (1 plus
   * the rows removed with it as their match), null on the removed rows. So the {@code cluster_size}
   * values add up to the frame's rows. A row skipped as bad ({@link OnError#SKIP}) is kept and
   * stands for itself. Runs the kept set's rounds now; the frame is read again when an action runs
   * on the result.
   *
   * @throws IllegalArgumentException when the frame has a column of one of the added names, or ids
   *     repeat
   */
  public Dataset<Row> annotate(Dataset<Row> frame, String idColumn, String textColumn) {
    List<String> columns = Arrays.asList(frame.columns());
    for (String added : List.of("duplicate_of", "similarity", "cluster_size")) {
      if (columns.contains(added)) {
        throw new IllegalArgumentException(
            "the frame has a column '" + added + "', which annotate adds: rename it first");
      }
    }
    NearDupJob job = start(frame, idColumn, textColumn);
    requireUniqueIds(job, "annotate");
    Dataset<Row> removals =
        job.removals(false)
            .select(col("id").as(REMOVED_ID), col("duplicate_of"), col("similarity"));
    Dataset<Row> stoodFor =
        removals
            .groupBy(col("duplicate_of").as(KEPT_ID))
            .agg(functions.count(functions.lit(1)).as(REMOVED_COUNT));
    Column id = idString(frame, idColumn);
    return frame
        .join(removals, id.equalTo(removals.col(REMOVED_ID)), "left_outer")
        .join(stoodFor, id.equalTo(stoodFor.col(KEPT_ID)), "left_outer")
        .withColumn(
            "cluster_size",
            functions
                .when(
                    col("duplicate_of").isNull(),
                    functions.coalesce(col(REMOVED_COUNT), functions.lit(0L)).plus(1L))
                .otherwise(functions.lit(null).cast(DataTypes.LongType)))
        .drop(REMOVED_ID, KEPT_ID, REMOVED_COUNT);
  }

  /**
   * The run on {@code frame}, for what the methods above do not give (its counts, the frame of
   * removals with their order): reads and signs the frame and checks its ids now (two Spark jobs).
   */
  public NearDupJob start(Dataset<Row> frame, String idColumn, String textColumn) {
    Objects.requireNonNull(frame, "frame");
    KeepOrder keep = settings.keep();
    String input = keep.inputsFirst() ? inputColumn : null;
    if (input != null && Arrays.asList(frame.columns()).contains(input)) {
      DataType type = frame.schema().apply(input).dataType();
      if (!INTEGER_TYPES.contains(type)) {
        throw new IllegalArgumentException(
            "the input column '"
                + input
                + "' is of type "
                + type.simpleString()
                + ": it numbers each row's input, an integer column (byte, short, int or long)");
      }
    }
    return start(
        CorpusSource.ofFrame(
            frame, new FrameRows.Fields(idColumn, List.of(textColumn), keep.field(), input)),
        frame);
  }

  /**
   * The run on {@code documents} (the command line's files, or a frame's rows): reads and signs
   * them and checks their ids now (two Spark jobs).
   *
   * @throws IOException when an input cannot be read
   */
  public NearDupJob start(SparkSession spark, CorpusSource documents) throws IOException {
    List<String> files = references;
    for (String path : references) {
      if (IndexScratch.isIndex(path)) {
        IndexScratch.requireClasses(java.nio.file.Path.of(path));
        files = IndexReferences.copied(references, spark.sparkContext(), settings.config());
        break;
      }
    }
    References resolved =
        files.isEmpty()
            ? new References(List.of())
            : References.ofSignatureFiles(
                files,
                new HadoopConf(spark.sparkContext().hadoopConfiguration()),
                settings.config().sketch(),
                settings.config().verify() == org.neardup.verify.VerifyMode.EXACT);
    return NearDupJob.start(spark, settings, documents, resolved);
  }

  private NearDupJob start(CorpusSource documents, Dataset<Row> frame) {
    try {
      return start(frame.sparkSession(), documents);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void requireUniqueIds(NearDupJob job, String what) {
    long repeated = job.corpus().duplicateIds();
    if (repeated > 0) {
      throw new IllegalArgumentException(
          what
              + " matches rows to documents by id, and "
              + repeated
              + " rows repeat an id: make the ids unique first");
    }
  }

  /** The id column as the documents' ids are read ({@link FrameRows}). */
  private static Column idString(Dataset<Row> frame, String idColumn) {
    Column id = frame.col(idColumn);
    DataType type = frame.schema().apply(idColumn).dataType();
    if (type.equals(DataTypes.StringType)) {
      return id;
    }
    if (INTEGER_TYPES.contains(type)) {
      return id.cast(DataTypes.StringType); // the same digits as Java's toString
    }
    UDF1<Object, String> asRead =
        value -> {
          try {
            return FrameRows.string(value);
          } catch (CharacterCodingException e) {
            return null; // not a document's id
          }
        };
    return functions.udf(asRead, DataTypes.StringType).apply(id);
  }
}
