package org.neardup.spark.reference;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.SparkConf;
import org.neardup.config.PipelineConfig;
import org.neardup.spark.input.HadoopConf;
import org.neardup.verify.VerifyMode;

/**
 * How the probe of a run's documents against its references is cut into tasks: a grid of shares of
 * the documents (rows) by groups of reference files (columns), task (i, j) probing share i against
 * the files of column j. A reference file is read once for each share, so the shares are as few as
 * one task's heap allows (one, for documents that fit one task), never as many as the cluster has
 * cores; the files of the references are spread over columns, in order and of about equal bytes, so
 * that the grid has about as many tasks as the cluster runs at once (a share's corpus is built once
 * in each column). Immutable.
 *
 * @param shares the shares of the documents (at least 1)
 * @param columns the reference files of each column, in the references' order, none empty
 */
record ProbeGrid(int shares, List<List<ReferenceFile>> columns) {
  /** Heap Spark keeps for itself in every executor ({@code RESERVED_SYSTEM_MEMORY_BYTES}). */
  private static final long RESERVED_BYTES = 300L << 20;

  /** The least heap a task is thought to have, however small the executors. */
  private static final long LEAST_TASK_BYTES = 64L << 20;

  private static final Pattern LOCAL_CORES = Pattern.compile("local\\[(\\d+|\\*)(,\\d+)?]");

  ProbeGrid {
    columns = columns.stream().map(List::copyOf).toList();
  }

  /**
   * The grid for documents taking {@code corpusBytes} of a task's heap ({@link ShareBytes}), in
   * {@code splits} splits, against {@code files}, for {@code tasks} tasks at once.
   */
  static ProbeGrid plan(
      ShareBytes corpusBytes,
      long taskHeap,
      int splits,
      List<ReferenceFile> files,
      int tasks,
      HadoopConf hadoop) {
    int shares = (int) Math.max(1, Math.min(Math.max(1, splits), corpusBytes.shares(taskHeap)));
    int columns = Math.max(1, Math.min(files.size(), ceilDiv(Math.max(1, tasks), shares)));
    long[] bytes = new long[files.size()];
    for (int f = 0; f < files.size(); f++) {
      bytes[f] = Math.max(1, size(files.get(f), hadoop));
    }
    return new ProbeGrid(shares, inOrder(files, bytes, columns));
  }

  /** Tasks of the grid. */
  int tasks() {
    return shares * columns.size();
  }

  /**
   * {@code files} cut into {@code columns} runs of about equal bytes, in order: run c ends at the
   * file where the bytes so far pass c + 1 columns' share of the total (each run takes one file at
   * least).
   */
  static List<List<ReferenceFile>> inOrder(List<ReferenceFile> files, long[] bytes, int columns) {
    long total = 0;
    for (long b : bytes) {
      total += b;
    }
    List<List<ReferenceFile>> runs = new ArrayList<>();
    List<ReferenceFile> run = new ArrayList<>();
    long sum = 0;
    for (int f = 0; f < files.size(); f++) {
      run.add(files.get(f));
      sum += bytes[f];
      int left = files.size() - f - 1;
      int runsLeft = columns - runs.size() - 1;
      boolean full = (double) sum >= (double) total * (runs.size() + 1) / columns;
      if (runsLeft > 0 && (full || left == runsLeft)) {
        runs.add(run);
        run = new ArrayList<>();
      }
    }
    if (!run.isEmpty()) {
      runs.add(run);
    }
    return runs;
  }

  /** The bytes of a reference file, or 0 when they cannot be known (its task says why). */
  private static long size(ReferenceFile file, HadoopConf hadoop) {
    try {
      if (file.isUri()) {
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(file.path());
        FileSystem fs = path.getFileSystem(hadoop.get());
        return fs.getFileStatus(path).getLen();
      }
      return Files.size(java.nio.file.Path.of(file.path()));
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

  /**
   * The heap one task may give a share's corpus: an executor's heap (the driver's in local mode),
   * less what Spark reserves, its user share ({@code 1 - spark.memory.fraction}: the part Spark
   * leaves to the tasks' own objects), divided among the tasks an executor runs at once ({@code
   * spark.executor.cores / spark.task.cpus}; in local mode the cores of {@code local[N]}).
   */
  static long taskHeap(SparkConf conf) {
    String master = conf.get("spark.master", "local[*]");
    boolean local = master.startsWith("local");
    long heap =
        local
            ? Runtime.getRuntime().maxMemory()
            : conf.getSizeAsBytes("spark.executor.memory", "1g");
    int cores;
    if (local) {
      Matcher m = LOCAL_CORES.matcher(master);
      cores =
          !m.matches()
              ? 1
              : "*".equals(m.group(1))
                  ? Runtime.getRuntime().availableProcessors()
                  : Integer.parseInt(m.group(1));
    } else {
      cores = conf.getInt("spark.executor.cores", 1);
    }
    int slots = Math.max(1, cores / Math.max(1, conf.getInt("spark.task.cpus", 1)));
    double user = 1 - conf.getDouble("spark.memory.fraction", 0.6);
    long bytes = (long) ((heap - RESERVED_BYTES) * user / slots);
    return Math.max(LEAST_TASK_BYTES, bytes);
  }

  /**
   * What a share of the documents takes in a probe task, in parts of its heap as the engine's
   * memory budget ({@link org.neardup.config.MemoryBudget#ofHeap}) splits it: their texts, held to
   * make the shingle sets candidates need (in the third the budget gives kept sets), their full
   * signatures (30%) and the table of their buckets (the join's quarter).
   *
   * @param textBytes their texts' bytes (0 in estimate mode, which keeps no texts)
   * @param signatureBytes their full signatures' bytes
   * @param tableBytes their bucket table's bytes
   */
  record ShareBytes(long textBytes, long signatureBytes, long tableBytes) {
    /** Of {@code documents} documents of {@code textChars} chars together under {@code config}. */
    static ShareBytes of(PipelineConfig config, long documents, long textChars) {
      // UTF-8 bytes and offsets (PackedStrings): 2 bytes a char allows for most scripts
      long texts = config.verify() == VerifyMode.EXACT ? 2 * textChars + 4 * documents : 0;
      long signatures = 4L * config.minHash().numPermutations() * documents;
      // about 11 bytes an entry in a table a third larger than its entries, rounded up to a power
      // of two (NewBuckets), an entry a band a document
      long table = 32L * config.lshParams().bands() * documents;
      return new ShareBytes(texts, signatures, table);
    }

    /** The shares they must be cut into for each to stay within its parts of {@code taskHeap}. */
    long shares(long taskHeap) {
      long byParts =
          Math.max(
              ceilDiv(textBytes, taskHeap / 3),
              Math.max(
                  ceilDiv(signatureBytes, taskHeap / 10 * 3), ceilDiv(tableBytes, taskHeap / 4)));
      return Math.max(1, byParts);
    }
  }

  private static int ceilDiv(int a, int b) {
    return (a + b - 1) / b;
  }

  private static long ceilDiv(long a, long b) {
    return b <= 0 ? 1 : (a + b - 1) / b;
  }
}
