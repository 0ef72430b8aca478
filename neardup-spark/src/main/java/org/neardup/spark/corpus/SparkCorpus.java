package org.neardup.spark.corpus;

import java.io.IOException;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import org.neardup.input.InputException;
import org.neardup.input.InputProblem;
import org.neardup.input.OnError;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.sketch.Sketch;
import org.neardup.spark.JobSettings;
import org.neardup.spark.input.HadoopConf;
import org.neardup.spark.input.InputIssue;
import org.neardup.spark.input.InputSplit;
import org.neardup.spark.input.Ordinals;
import org.neardup.spark.input.ReadItem;
import org.neardup.spark.input.SplitPlanner;
import org.neardup.spark.input.SplitPlanner.InputFile;
import org.neardup.spark.input.SplitReader;
import org.neardup.verify.VerifyMode;
import scala.Tuple2;

/**
 * The signed documents of a run, distributed: read (one task a split, with neardup-io's readers),
 * signed with the engine's {@link DocumentSketcher} (broadcast), empty documents skipped and
 * counted, bad records and duplicate ids handled as {@code --on-error} says (the first occurrence
 * of an id wins), and persisted for the later stages. Partitions follow input order.
 */
public final class SparkCorpus {
  private final JavaRDD<SketchedDocument> documents;
  private final ReadTally tally;
  private final long duplicateIds;
  private final Sources sources;
  private final JavaRDD<Long> rejected;

  private SparkCorpus(
      JavaRDD<SketchedDocument> documents,
      ReadTally tally,
      long duplicateIds,
      Sources sources,
      JavaRDD<Long> rejected) {
    this.documents = documents;
    this.tally = tally;
    this.duplicateIds = duplicateIds;
    this.sources = sources;
    this.rejected = rejected;
  }

  /** Where the partitions of the read come from: text splits, or Parquet files by partition. */
  public record Sources(
      List<InputFile> files, List<InputSplit> splits, ParquetInputs.Rows parquet) {
    /** Whether the inputs are Parquet. */
    public boolean isParquet() {
      return parquet != null;
    }

    String source(int split) {
      return isParquet() ? parquet.partitionSources().get(split) : splits.get(split).source();
    }
  }

  /** The signed documents, duplicates of ids removed; persisted. */
  public JavaRDD<SketchedDocument> documents() {
    return documents;
  }

  public ReadTally tally() {
    return tally;
  }

  /** Records skipped as later occurrences of an id (only under {@code --on-error skip}). */
  public long duplicateIds() {
    return duplicateIds;
  }

  public Sources sources() {
    return sources;
  }

  /**
   * The ordinals of the records skipped as bad under {@code --on-error skip} (malformed, without id
   * or text, invalid id or text, later occurrences of an id), in no order; empty under {@code
   * fail}. Empty documents are not among them: they are not bad.
   */
  public JavaRDD<Long> rejected() {
    return rejected;
  }

  /**
   * Reads and signs the inputs of {@code settings}.
   *
   * @throws InputException for an unreadable input, or the first bad record under {@code --on-error
   *     fail}, naming file and line as the CLI does
   */
  public static SparkCorpus read(SparkSession spark, JobSettings settings) throws IOException {
    JavaSparkContext context = JavaSparkContext.fromSparkContext(spark.sparkContext());
    HadoopConf hadoop = new HadoopConf(context.hadoopConfiguration());
    List<InputFile> files = SplitPlanner.files(settings.inputs(), hadoop.get());
    long parquetFiles = files.stream().filter(f -> f.spec().isParquet()).count();
    if (parquetFiles > 0 && parquetFiles < files.size()) {
      throw new InputException(
          files.get(0).source(), 0, null, "Parquet and text inputs cannot be mixed in one run");
    }
    Sources sources;
    JavaRDD<ReadItem> read;
    if (parquetFiles > 0) {
      ParquetInputs.Rows rows = ParquetInputs.rows(spark, files);
      sources = new Sources(files, List.of(), rows);
      read = ParquetInputs.read(rows, files);
    } else {
      long splitBytes =
          settings.splitBytes() > 0
              ? settings.splitBytes()
              : JobSettings.autoSplitBytes(
                  files.stream().mapToLong(InputFile::length).sum(), context.defaultParallelism());
      List<InputSplit> splits = SplitPlanner.splits(files, hadoop.get(), splitBytes);
      sources = new Sources(files, splits, null);
      Broadcast<HadoopConf> conf = context.broadcast(hadoop);
      read =
          context
              .parallelize(splits, Math.max(1, splits.size()))
              .mapPartitions(split -> readSplits(split, conf.value()), true);
    }
    Broadcast<DocumentSketcher> sketcher =
        context.broadcast(DocumentSketcher.create(settings.config().sketch()));
    boolean keepSets = settings.config().verify() == VerifyMode.EXACT;
    context.setJobDescription("read and sign");
    JavaRDD<CorpusItem> items =
        read.mapPartitions(records -> sign(records, sketcher.value(), keepSets), true)
            .persist(StorageLevel.MEMORY_AND_DISK_SER());
    ReadTally tally = items.aggregate(new ReadTally(), ReadTally::add, ReadTally::merge);
    if (tally.firstFatal != null) {
      throw exception(tally.firstFatal, sources, hadoop);
    }
    if (settings.onError() == OnError.FAIL && tally.firstIssue != null) {
      throw exception(tally.firstIssue, sources, hadoop);
    }
    JavaRDD<SketchedDocument> documents =
        items.filter(item -> item.document() != null).map(CorpusItem::document);
    context.setJobDescription("check ids");
    JavaPairRDD<Long, String> laterOccurrences =
        laterOccurrences(documents, settings.partitions()).persist(StorageLevel.MEMORY_AND_DISK());
    long duplicates = laterOccurrences.count();
    if (duplicates > 0) {
      long first = laterOccurrences.keys().min(Comparator.naturalOrder());
      if (settings.onError() == OnError.FAIL) {
        SketchedDocument document = documents.filter(d -> d.ordinal == first).first();
        InputIssue issue =
            new InputIssue(
                Ordinals.split(first),
                document.relativeLine,
                Ordinals.recordIndex(first),
                InputProblem.DUPLICATE_ID.name(),
                "duplicate id '" + document.id + "'");
        throw exception(issue, sources, hadoop);
      }
      documents =
          documents
              .keyBy(d -> d.ordinal)
              .subtractByKey(laterOccurrences)
              .values()
              .persist(StorageLevel.MEMORY_AND_DISK_SER());
      tally.issues.merge(InputProblem.DUPLICATE_ID, duplicates, Long::sum);
    }
    JavaRDD<Long> rejected =
        items
            .filter(
                item ->
                    item.issue() != null
                        && item.issue().problem() != null
                        && item.issue().recordIndex() >= 0)
            .map(item -> item.issue().ordinal());
    if (duplicates > 0) {
      rejected = rejected.union(laterOccurrences.keys());
    } else {
      laterOccurrences.unpersist(false);
    }
    return new SparkCorpus(documents, tally, duplicates, sources, rejected);
  }

  /** The records of the partition's splits (one split a partition), read lazily. */
  private static Iterator<ReadItem> readSplits(Iterator<InputSplit> splits, HadoopConf hadoop) {
    return new Iterator<>() {
      private SplitReader current;

      @Override
      public boolean hasNext() {
        while (current == null || !current.hasNext()) {
          if (!splits.hasNext()) {
            return false;
          }
          current = SplitReader.open(splits.next(), hadoop.get());
        }
        return true;
      }

      @Override
      public ReadItem next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        return current.next();
      }
    };
  }

  private static Iterator<CorpusItem> sign(
      Iterator<ReadItem> records, DocumentSketcher sketcher, boolean keepSets) {
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return records.hasNext();
      }

      @Override
      public CorpusItem next() {
        ReadItem item = records.next();
        if (item.issue() != null) {
          return new CorpusItem(null, item.issue(), false);
        }
        var record = item.record();
        Sketch sketch = sketcher.sketch(record.text());
        if (sketch.isEmpty()) {
          return CorpusItem.EMPTY;
        }
        return new CorpusItem(
            SketchedDocument.of(
                record.ordinal(),
                record.id(),
                record.text().length(),
                sketch,
                keepSets,
                record.relativeLine()),
            null,
            sketcher.isShort(sketch));
      }
    };
  }

  /** (ordinal, id) of every occurrence of an id after its first, in no order. */
  private static JavaPairRDD<Long, String> laterOccurrences(
      JavaRDD<SketchedDocument> documents, int partitions) {
    JavaPairRDD<String, Long> ordinals = documents.mapToPair(d -> new Tuple2<>(d.id, d.ordinal));
    JavaPairRDD<String, long[]> repeated =
        ordinals
            .aggregateByKey(
                new long[] {Long.MAX_VALUE, 0},
                partitions,
                (acc, ordinal) -> new long[] {Math.min(acc[0], ordinal), acc[1] + 1},
                (a, b) -> new long[] {Math.min(a[0], b[0]), a[1] + b[1]})
            .filter(entry -> entry._2()[1] > 1);
    return ordinals
        .join(repeated)
        .filter(entry -> entry._2()._1() != entry._2()._2()[0])
        .mapToPair(entry -> new Tuple2<>(entry._2()._1(), entry._1()));
  }

  /** The CLI's exception for an issue: file and line of the whole input. */
  private static InputException exception(InputIssue issue, Sources sources, HadoopConf hadoop)
      throws IOException {
    String source = sources.source(issue.split());
    long line =
        sources.isParquet()
            ? 0
            : absoluteLine(sources.splits().get(issue.split()), issue.relativeLine(), hadoop);
    InputProblem problem = issue.problem() == null ? null : InputProblem.valueOf(issue.problem());
    return new InputException(source, line, problem, issue.detail());
  }

  /**
   * The file's line of line {@code relativeLine} of {@code split} (the newlines before the split
   * are counted).
   */
  static long absoluteLine(InputSplit split, long relativeLine, HadoopConf hadoop)
      throws IOException {
    if (relativeLine <= 0 || split.whole() || split.start() == 0) {
      return relativeLine;
    }
    Path path = new Path(split.file());
    long newlines = 0;
    try (FSDataInputStream in = path.getFileSystem(hadoop.get()).open(path)) {
      byte[] buffer = new byte[1 << 16];
      long remaining = split.start() - 1;
      while (remaining > 0) {
        int n = in.read(buffer, 0, (int) Math.min(buffer.length, remaining));
        if (n < 0) {
          break;
        }
        for (int i = 0; i < n; i++) {
          if (buffer[i] == '\n') {
            newlines++;
          }
        }
        remaining -= n;
      }
    }
    return newlines + 1 + relativeLine;
  }
}
