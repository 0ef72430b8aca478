package org.neardup.spark.corpus;

import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.storage.StorageLevel;
import org.neardup.cluster.KeepOrder;
import org.neardup.input.InputException;
import org.neardup.input.InputProblem;
import org.neardup.input.OnError;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.sketch.Sketch;
import org.neardup.spark.input.HadoopConf;
import org.neardup.spark.input.InputIssue;
import org.neardup.spark.input.InputSplit;
import org.neardup.spark.input.ReadItem;
import org.neardup.spark.input.SourceRecord;

/**
 * The signed documents of a run, distributed and cached: read from a {@link CorpusSource}, signed
 * with the engine's {@link DocumentSketcher}, empty documents skipped and counted, bad records and
 * repeated ids handled as {@code --on-error} says (the first occurrence of an id wins). A partition
 * of the corpus is one {@link SignedSplit}, the documents of one split in input order; it is their
 * home, where later steps send the work on them ({@link org.neardup.spark.shuffle.Homes}).
 */
public final class SparkCorpus {
  private final JavaRDD<SignedSplit> splits;
  private final ReadTally tally;
  private final long duplicateIds;
  private final CorpusSource source;

  private SparkCorpus(
      JavaRDD<SignedSplit> splits, ReadTally tally, long duplicateIds, CorpusSource source) {
    this.splits = splits;
    this.tally = tally;
    this.duplicateIds = duplicateIds;
    this.source = source;
  }

  /** The signed documents, a {@link SignedSplit} a partition, repeated ids removed; persisted. */
  public JavaRDD<SignedSplit> splits() {
    return splits;
  }

  public ReadTally tally() {
    return tally;
  }

  /** Records skipped as later occurrences of an id (only under {@code --on-error skip}). */
  public long duplicateIds() {
    return duplicateIds;
  }

  public CorpusSource source() {
    return source;
  }

  /**
   * The ordinals of the records skipped as bad under {@code --on-error skip} (malformed, without id
   * or text, invalid id or text, later occurrences of an id), in no order; empty under {@code
   * fail}. Empty documents are not among them: they are not bad.
   */
  public JavaRDD<Long> rejected() {
    return splits.flatMap(split -> java.util.Arrays.stream(split.rejected()).boxed().iterator());
  }

  /**
   * Reads and signs the documents of {@code source}, and checks their ids (two Spark jobs).
   *
   * @param keepTexts whether to keep the raw texts (exact verification shingles them again)
   * @param partitions partitions of the id check's shuffle
   * @throws InputException for an unreadable input, or the first bad record under {@code --on-error
   *     fail}, naming file and line as the CLI does
   */
  public static SparkCorpus read(
      JavaSparkContext context,
      CorpusSource source,
      DocumentSketcher sketcher,
      boolean keepTexts,
      KeepOrder keep,
      OnError onError,
      int partitions,
      HadoopConf hadoop)
      throws IOException {
    context.setJobDescription("read and sign");
    JavaRDD<SignedSplit> signed =
        source
            .items()
            .mapPartitionsWithIndex(
                (split, records) ->
                    List.of(sign(split, records, sketcher, keepTexts, keep)).iterator(),
                true)
            .persist(StorageLevel.MEMORY_AND_DISK());
    ReadTally tally =
        signed.aggregate(new ReadTally(), (t, split) -> t.merge(split.tally()), ReadTally::merge);
    if (tally.firstFatal != null) {
      throw exception(tally.firstFatal, source, hadoop);
    }
    if (onError == OnError.FAIL && tally.firstIssue != null) {
      throw exception(tally.firstIssue, source, hadoop);
    }
    context.setJobDescription("check ids");
    IdCheck.Result repeated = IdCheck.run(signed, partitions);
    if (repeated.count() == 0) {
      return new SparkCorpus(signed, tally, 0, source);
    }
    if (onError == OnError.FAIL) {
      long first = repeated.first();
      InputIssue issue =
          signed
              .filter(split -> split.indexOf(first) >= 0)
              .map(
                  split -> {
                    int index = split.indexOf(first);
                    return new InputIssue(
                        split.split(),
                        split.relativeLine(index),
                        org.neardup.spark.input.Ordinals.recordIndex(first),
                        InputProblem.DUPLICATE_ID.name(),
                        "duplicate id '" + split.id(index) + "'");
                  })
              .first();
      throw exception(issue, source, hadoop);
    }
    JavaRDD<SignedSplit> unique = repeated.dropFrom(signed).persist(StorageLevel.MEMORY_AND_DISK());
    unique.count();
    signed.unpersist(false);
    repeated.close();
    tally.issues.merge(InputProblem.DUPLICATE_ID, repeated.count(), Long::sum);
    return new SparkCorpus(unique, tally, repeated.count(), source);
  }

  /** The split of {@code records}, signed. */
  private static SignedSplit sign(
      int split,
      Iterator<ReadItem> records,
      DocumentSketcher sketcher,
      boolean keepTexts,
      KeepOrder keep) {
    int length = sketcher.params().minHash().numPermutations();
    SignedSplit.Builder builder = new SignedSplit.Builder(split, length, keepTexts);
    ReadTally tally = builder.tally();
    while (records.hasNext()) {
      ReadItem item = records.next();
      if (item.issue() != null) {
        InputIssue issue = item.issue();
        tally.issue(issue);
        if (issue.problem() != null && issue.recordIndex() >= 0) {
          builder.reject(issue.ordinal());
        }
        continue;
      }
      SourceRecord record = item.record();
      Sketch sketch = sketcher.sketch(record.text());
      if (sketch.isEmpty()) {
        tally.emptyDocument();
        continue;
      }
      tally.document(sketcher.isShort(sketch), record.text().length());
      builder.add(
          record.ordinal(),
          record.id(),
          record.text().length(),
          keep.inputsFirst() ? record.input() : 0,
          keep.ruleKey(record.text().length(), record.keepValue()),
          ContentFingerprint.of(sketch, keepTexts),
          sketch.signature(),
          0,
          record.text(),
          record.relativeLine());
    }
    return builder.build();
  }

  /** The CLI's exception for an issue: file and line of the whole input. */
  private static InputException exception(InputIssue issue, CorpusSource source, HadoopConf hadoop)
      throws IOException {
    String name = source.source(issue.split());
    long line =
        source.isRows()
            ? 0
            : absoluteLine(source.splits().get(issue.split()), issue.relativeLine(), hadoop);
    InputProblem problem = issue.problem() == null ? null : InputProblem.valueOf(issue.problem());
    return new InputException(name, line, problem, issue.detail());
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
