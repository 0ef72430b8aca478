package org.neardup.spark.reference;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.IntFunction;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.storage.StorageLevel;
import org.neardup.batch.BatchRun;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.Progress;
import org.neardup.batch.reference.ReferencePairs;
import org.neardup.batch.reference.StreamedReference;
import org.neardup.config.MemoryBudget;
import org.neardup.config.PipelineConfig;
import org.neardup.error.NearDupException;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;
import org.neardup.sketch.SketchParams;
import org.neardup.spark.corpus.SignedSplit;
import org.neardup.spark.input.HadoopConf;
import org.neardup.verify.ReferencePair;
import org.neardup.verify.VerifyMode;

/**
 * The references of a run, as files every executor reads ({@link ReferenceFile}), and the pairs of
 * the run's documents with their documents. Each probe task takes a share of the run's signed
 * splits as one corpus of the engine and reads some of the reference files through it with {@link
 * BatchRun#against} (the CLI's probe: the same candidates by the same banding, the same
 * verification; a signature file is not sketched again); the pairs of every task together are the
 * CLI's, since each pair is found and verified on its own. Which share meets which files is a
 * {@link ProbeGrid}. Immutable and serializable.
 */
public final class References implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The ordinal of a task's report that a reference could not be read. */
  private static final long FAILED = Long.MIN_VALUE;

  private final List<ReferenceFile> files;

  public References(List<ReferenceFile> files) {
    this.files = List.copyOf(files);
  }

  /**
   * Signature files as references: each a signature file or a directory of {@code .nds} part files
   * (its files in name order, {@code _SUCCESS} and hidden files aside), a local path (made a {@code
   * file:} URI) or a URI Hadoop reads. Their headers are read now and checked against the run's
   * sketch params.
   *
   * @param exact whether the run verifies exactly (then every file must carry shingle sets)
   * @throws IllegalArgumentException naming a file that is missing, not a signature file, or made
   *     with other settings
   */
  public static References ofSignatureFiles(
      List<String> paths, HadoopConf hadoop, SketchParams params, boolean exact) {
    List<ReferenceFile> files = new ArrayList<>();
    for (String given : paths) {
      String uri =
          given.matches("[a-zA-Z][a-zA-Z0-9+.-]*:.*")
              ? given
              : java.nio.file.Path.of(given).toAbsolutePath().toUri().toString();
      try {
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(uri);
        FileSystem fs = path.getFileSystem(hadoop.get());
        if (!fs.exists(path)) {
          throw new IllegalArgumentException(given + ": no such file (against)");
        }
        List<String> parts = new ArrayList<>();
        if (fs.getFileStatus(path).isDirectory()) {
          for (FileStatus status : fs.listStatus(path)) {
            String name = status.getPath().getName();
            if (status.isFile() && !name.startsWith("_") && !name.startsWith(".")) {
              parts.add(status.getPath().toString());
            }
          }
          parts.sort(null);
        } else {
          parts.add(path.toString());
        }
        for (String part : parts) {
          HadoopSignatures opened = HadoopSignatures.open(part, hadoop);
          if (!opened.params().equals(params)) {
            throw new IllegalArgumentException(
                part + ": sketched with " + opened.params() + ", not " + params);
          }
          if (exact && !opened.givesSets()) {
            throw new IllegalArgumentException(
                part
                    + ": a signature file without shingle sets: a pair with one of its documents"
                    + " cannot be confirmed exactly (verify by estimate, or sign with the sets)");
          }
          files.add(ReferenceFile.signatures(part));
        }
      } catch (IOException e) {
        throw new UncheckedIOException(given + ": cannot read: " + e.getMessage(), e);
      } catch (UncheckedIOException | NearDupException e) {
        throw new IllegalArgumentException(
            e instanceof UncheckedIOException u ? u.getCause().getMessage() : e.getMessage(), e);
      }
    }
    return new References(files);
  }

  public List<ReferenceFile> files() {
    return files;
  }

  public boolean isEmpty() {
    return files.isEmpty();
  }

  /**
   * Every pair of the documents of {@code splits} with a reference's documents at {@code config}'s
   * threshold; not persisted. The probe runs as a {@link ProbeGrid}: the documents in as few shares
   * as one task's heap holds (one when they fit), the reference files spread over about {@code
   * tasks} columns, a task a share and a column; so each reference file is read once for each share
   * (once in all, for documents that fit one task), a text reference sketched as often.
   *
   * @param onError what a bad record of a text reference does: fail the run, or be skipped
   * @param tasks the tasks the cluster runs at once (Spark's default parallelism)
   */
  public JavaRDD<ReferenceMatch> pairs(
      JavaRDD<SignedSplit> splits,
      PipelineConfig config,
      OnError onError,
      int tasks,
      HadoopConf hadoop) {
    long taskHeap = ProbeGrid.taskHeap(splits.context().getConf());
    ProbeGrid grid =
        ProbeGrid.plan(
            shareBytes(splits, config), taskHeap, splits.getNumPartitions(), files, tasks, hadoop);
    return pairs(splits, config, onError, grid, taskHeap, hadoop);
  }

  /** {@link #pairs(JavaRDD, PipelineConfig, OnError, int, HadoopConf)} by {@code grid}. */
  static JavaRDD<ReferenceMatch> pairs(
      JavaRDD<SignedSplit> splits,
      PipelineConfig config,
      OnError onError,
      ProbeGrid grid,
      long taskHeap,
      HadoopConf hadoop) {
    JavaSparkContext context = JavaSparkContext.fromSparkContext(splits.context());
    PipelineConfig oneThread = config.toBuilder().threads(1).build();
    JavaRDD<SignedSplit> coalesced =
        splits.getNumPartitions() > grid.shares() ? splits.coalesce(grid.shares(), false) : splits;
    JavaRDD<Share> shares = coalesced.mapPartitions(held -> List.of(Share.of(held)).iterator());
    JavaRDD<Column> columns =
        context.parallelize(
            grid.columns().stream().map(Column::new).toList(), grid.columns().size());
    return shares
        .cartesian(columns)
        .flatMap(
            task ->
                probe(task._1().splits(), task._2().files(), oneThread, onError, taskHeap, hadoop)
                    .iterator());
  }

  /** What the documents of {@code splits} take in a probe task's heap (one Spark job). */
  private static ProbeGrid.ShareBytes shareBytes(
      JavaRDD<SignedSplit> splits, PipelineConfig config) {
    long[] sizes =
        splits
            .map(
                split -> {
                  long chars = 0;
                  for (int i = 0; i < split.size(); i++) {
                    chars += split.textLength(i);
                  }
                  return new long[] {split.size(), chars};
                })
            .fold(new long[2], (a, b) -> new long[] {a[0] + b[0], a[1] + b[1]});
    return ProbeGrid.ShareBytes.of(config, sizes[0], sizes[1]);
  }

  /** The splits of one share of the probe, one element of its partition. */
  @DefaultSerializer(JavaSerializer.class)
  private record Share(List<SignedSplit> splits) implements Serializable {
    static Share of(Iterator<SignedSplit> held) {
      List<SignedSplit> splits = new ArrayList<>();
      held.forEachRemaining(splits::add);
      return new Share(splits);
    }
  }

  /** The reference files of one column of the probe, one element of its partition. */
  @DefaultSerializer(JavaSerializer.class)
  private record Column(List<ReferenceFile> files) implements Serializable {}

  /** The pairs of one share of the splits with the documents of {@code files}. */
  private static List<ReferenceMatch> probe(
      List<SignedSplit> share,
      List<ReferenceFile> files,
      PipelineConfig config,
      OnError onError,
      long taskHeap,
      HadoopConf hadoop) {
    int size = share.stream().mapToInt(SignedSplit::size).sum();
    long[] ordinals = new long[size];
    String[] ids = new String[size];
    int position = 0;
    for (SignedSplit split : share) {
      for (int i = 0; i < split.size(); i++, position++) {
        ordinals[position] = split.ordinal(i);
        ids[position] = split.id(i);
      }
    }
    List<ReferenceMatch> matches = new ArrayList<>();
    if (size == 0) {
      return matches;
    }
    InputProblems problems = new InputProblems(onError);
    List<StreamedReference> opened = new ArrayList<>();
    SplitsInput input = new SplitsInput(share, config.sketch());
    // signatures only: a share's sets are made again from its texts for the candidates that need
    // them, so a column's task costs the share's table, not shingling every text
    PipelineConfig signaturesOnly = config.toBuilder().verify(VerifyMode.ESTIMATE).build();
    try (Corpus corpus =
        BatchRun.readKeepingSets(
            signaturesOnly,
            input,
            new InputProblems(OnError.FAIL),
            Progress.NONE,
            MemoryBudget.ofHeap(taskHeap, null))) {
      for (ReferenceFile file : files) {
        opened.add(file.open(problems, hadoop));
      }
      IntFunction<long[]> sets =
          config.verify() == VerifyMode.EXACT
              ? document -> input.shingleSet(Integer.parseInt(corpus.id(document)))
              : null;
      ReferencePairs pairs = BatchRun.against(corpus, config, sets, opened, Progress.NONE);
      for (ReferencePair pair : pairs) {
        int document = Integer.parseInt(corpus.id(pair.document()));
        matches.add(
            new ReferenceMatch(
                ordinals[document],
                ids[document],
                pairs.referenceId(pair.reference()),
                pair.similarity()));
      }
    } catch (UncheckedIOException e) {
      // a reference that cannot be read: its path and the problem, as the CLI says it
      return List.of(failure(e.getCause().getMessage()));
    } catch (NearDupException e) {
      return List.of(failure(e.getMessage())); // a bad record, a corrupt file: no retry helps
    } finally {
      opened.forEach(StreamedReference::close);
    }
    return matches;
  }

  /** A task's report that a reference could not be read, in place of its pairs. */
  private static ReferenceMatch failure(String message) {
    return new ReferenceMatch(FAILED, "", message, 0);
  }

  /**
   * {@link #pairs}, computed now (one Spark job) and persisted.
   *
   * @throws NearDupException with the problem of a reference that cannot be read, or of its first
   *     bad record under {@code OnError.FAIL} (file and line, as the CLI says it)
   */
  public JavaRDD<ReferenceMatch> persistedPairs(
      JavaRDD<SignedSplit> splits,
      PipelineConfig config,
      OnError onError,
      int tasks,
      HadoopConf hadoop) {
    JavaRDD<ReferenceMatch> pairs =
        pairs(splits, config, onError, tasks, hadoop).persist(StorageLevel.MEMORY_AND_DISK());
    // collect, not take(1): one job runs every task at once (take runs one task first); the
    // first report in task order names the first file of the references that failed
    List<ReferenceMatch> failed = pairs.filter(m -> m.ordinal() == FAILED).collect();
    if (!failed.isEmpty()) {
      pairs.unpersist(false);
      throw new NearDupException(failed.get(0).referenceId());
    }
    return pairs;
  }
}
