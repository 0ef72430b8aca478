package org.neardup.spark.output;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.HashPartitioner;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.neardup.input.InputException;
import org.neardup.io.Annotation;
import org.neardup.io.InputFormat;
import org.neardup.spark.corpus.CorpusSource;
import org.neardup.spark.corpus.FrameRows;
import org.neardup.spark.input.HadoopConf;
import org.neardup.spark.input.InputSplit;
import org.neardup.spark.input.Ordinals;
import org.neardup.spark.input.SplitReader;
import scala.Tuple2;

/**
 * Writes the deduplicated copy: every input record except the removed ones and those skipped as
 * bad, which go to a rejects directory instead. The records to drop are sent to the task of their
 * split (partitioned by split, no text moves), which copies its split with neardup-io's copier of
 * the format, byte for byte as {@code ./neardup dedup} does: one part file a split, {@code
 * part-NNNNN} with the input's extension, in input order; empty lines are copied through. The
 * rejects directory holds a part of the same name for each split with records skipped as bad, in
 * the input's format, and so does the removed directory for the removed records. Annotating, the
 * copy holds the removed records too, each record with its kept record and their similarity added
 * by the format's annotating copier. A CSV part repeats the header, so each part is a CSV file of
 * its own. Parquet input gives Parquet output with the input's rows and schema; annotated, the
 * schema gains the three columns of {@code ./neardup dedup --annotate}'s Parquet copy ({@code
 * duplicate_of}, {@code similarity}, {@code cluster_size}) at its end. Stateless.
 */
public final class DedupParts {
  private DedupParts() {}

  /**
   * Where the outputs go.
   *
   * @param directory the deduplicated copy
   * @param removedDirectory the removed records, or null for none
   * @param rejectsDirectory the records skipped as bad, or null for none
   * @param alwaysRejects whether the rejects directory is written even when no record was skipped
   * @param annotate whether the copy holds the removed records too, each record with its kept
   *     record and their similarity added ({@link InputFormat#copyAnnotated}; for Parquet, three
   *     columns, {@link #annotatedSchema})
   */
  @DefaultSerializer(JavaSerializer.class)
  public record Targets(
      String directory,
      String removedDirectory,
      String rejectsDirectory,
      boolean alwaysRejects,
      boolean annotate)
      implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
  }

  /**
   * What was written.
   *
   * @param kept records in the deduplicated copy
   * @param rejected records in the rejects directory
   * @param rejectsWritten whether the rejects directory was written
   */
  @DefaultSerializer(JavaSerializer.class)
  public record Written(long kept, long rejected, boolean rejectsWritten) {}

  /**
   * Writes the copy of {@code sources} without {@code dropped} and {@code rejected} (ordinals) to
   * the target directory, the {@code dropped} records to the removed directory when there is one,
   * and the {@code rejected} records to the rejects directory when there are any or {@code
   * alwaysRejects} says so (then it is written even when empty).
   */
  public static Written write(
      SparkSession spark,
      CorpusSource sources,
      JavaRDD<Removal> removals,
      JavaRDD<Long> rejected,
      Targets targets)
      throws IOException {
    JavaRDD<Long> dropped = removals.map(Removal::ordinal);
    JavaSparkContext context = JavaSparkContext.fromSparkContext(spark.sparkContext());
    long rejectedCount = rejected.count();
    String rejectsDirectory =
        targets.rejectsDirectory() != null && (targets.alwaysRejects() || rejectedCount > 0)
            ? targets.rejectsDirectory()
            : null;
    boolean writeRejects = rejectsDirectory != null;
    String directory = targets.directory();
    String removedDirectory = targets.removedDirectory();
    if (sources.isParquet()) {
      return writeParquet(
          spark,
          sources,
          targets.annotate() ? removals : null,
          dropped,
          rejected,
          directory,
          removedDirectory,
          rejectsDirectory);
    }
    List<InputSplit> splits = sources.splits();
    int n = Math.max(1, splits.size());
    HadoopConf hadoop = new HadoopConf(context.hadoopConfiguration());
    Broadcast<HadoopConf> conf = context.broadcast(hadoop);
    PartFiles.create(hadoop.get(), directory);
    if (writeRejects) {
      PartFiles.create(hadoop.get(), rejectsDirectory);
    }
    if (removedDirectory != null) {
      PartFiles.create(hadoop.get(), removedDirectory);
    }
    boolean annotate = targets.annotate();
    JavaRDD<Mark> marks =
        annotate ? annotatedBySplit(removals, rejected, n) : bySplit(dropped, rejected, n);
    JavaRDD<long[]> counts =
        context
            .parallelize(splits, n)
            .zipPartitions(
                marks,
                (splitIt, dropIt) -> {
                  Drops drops = Drops.of(dropIt);
                  long[] written = new long[2];
                  while (splitIt.hasNext()) {
                    InputSplit split = splitIt.next();
                    InputFormat format = InputFormat.parse(split.spec().format());
                    String name =
                        PartFiles.name(split.index(), PartFiles.extensionOf(split.file()));
                    if (annotate) {
                      PartFiles.write(
                          conf.value().get(),
                          directory,
                          name,
                          out ->
                              written[0] +=
                                  format.copyAnnotated(
                                      split.source(),
                                      SplitReader.opener(split, conf.value().get()),
                                      split.spec().inputOptions(),
                                      drops::rejected,
                                      drops::annotation,
                                      out,
                                      true));
                    } else {
                      written[0] +=
                          copyExcept(
                              conf.value().get(),
                              directory,
                              name,
                              split,
                              format,
                              index -> drops.removed(index) || drops.rejected(index));
                    }
                    if (removedDirectory != null && drops.anyRemoved()) {
                      copyExcept(
                          conf.value().get(),
                          removedDirectory,
                          name,
                          split,
                          format,
                          index -> !drops.removed(index));
                    }
                    if (writeRejects && drops.anyRejected()) {
                      written[1] +=
                          copyExcept(
                              conf.value().get(),
                              rejectsDirectory,
                              name,
                              split,
                              format,
                              index -> !drops.rejected(index));
                    }
                  }
                  return List.of(written).iterator();
                });
    long[] total = counts.reduce((a, b) -> new long[] {a[0] + b[0], a[1] + b[1]});
    PartFiles.success(hadoop.get(), directory);
    if (writeRejects) {
      PartFiles.success(hadoop.get(), rejectsDirectory);
    }
    if (removedDirectory != null) {
      PartFiles.success(hadoop.get(), removedDirectory);
    }
    return new Written(total[0], total[1], writeRejects);
  }

  /**
   * Copies the records of {@code split} but those {@code leaveOut} names into part {@code name} of
   * {@code directory}; returns how many it copied.
   */
  private static long copyExcept(
      Configuration hadoop,
      String directory,
      String name,
      InputSplit split,
      InputFormat format,
      LongPredicate leaveOut)
      throws IOException {
    long[] copied = new long[1];
    PartFiles.write(
        hadoop,
        directory,
        name,
        out ->
            copied[0] =
                format.copyExcept(
                    split.source(),
                    SplitReader.opener(split, hadoop),
                    split.spec().inputOptions(),
                    leaveOut,
                    out,
                    true));
    return copied[0];
  }

  /**
   * @param removals the removals when annotating (the copy then holds every row but the rejected
   *     ones, with the three columns added), else null
   */
  private static Written writeParquet(
      SparkSession spark,
      CorpusSource sources,
      JavaRDD<Removal> removals,
      JavaRDD<Long> dropped,
      JavaRDD<Long> rejected,
      String directory,
      String removedDirectory,
      String rejectsDirectory) {
    FrameRows.Rows rows = FrameRows.parquet(spark, sources.files());
    int n = rows.rows().getNumPartitions();
    var schema = spark.read().parquet(sources.files().get(0).file()).schema();
    JavaRDD<Long> noRecords = JavaSparkContext.fromSparkContext(spark.sparkContext()).emptyRDD();
    JavaRDD<Row> keptRows =
        removals == null
            ? rows.rows()
                .zipPartitions(
                    bySplit(dropped, rejected, n),
                    (rowIt, dropIt) -> filter(rowIt, Drops.of(dropIt), Rows.KEPT))
            : rows.rows()
                .zipPartitions(
                    annotatedBySplit(removals, rejected, n),
                    (rowIt, markIt) -> filter(rowIt, Drops.of(markIt), Rows.ANNOTATED));
    ParquetParts.write(
        spark.createDataFrame(
            keptRows,
            removals == null ? schema : annotatedSchema(schema, sources.files().get(0).source())),
        directory);
    long kept = spark.read().parquet(directory).count();
    if (removedDirectory != null) {
      JavaRDD<Row> removedRows =
          rows.rows()
              .zipPartitions(
                  bySplit(dropped, noRecords, n),
                  (rowIt, dropIt) -> filter(rowIt, Drops.of(dropIt), Rows.REMOVED));
      ParquetParts.write(spark.createDataFrame(removedRows, schema), removedDirectory);
    }
    if (rejectsDirectory == null) {
      return new Written(kept, 0, false);
    }
    JavaRDD<Row> rejectedRows =
        rows.rows()
            .zipPartitions(
                bySplit(noRecords, rejected, n),
                (rowIt, dropIt) -> filter(rowIt, Drops.of(dropIt), Rows.REJECTED));
    ParquetParts.write(spark.createDataFrame(rejectedRows, schema), rejectsDirectory);
    return new Written(kept, spark.read().parquet(rejectsDirectory).count(), true);
  }

  /**
   * {@code schema} with the three columns of an annotated copy at its end, as {@code ./neardup
   * dedup --annotate} writes them into a Parquet copy: {@code duplicate_of} (string) and {@code
   * similarity} (double), null on a kept row, and {@code cluster_size} (long), null on a removed
   * row.
   *
   * @throws InputException naming {@code source} when it has a column of one of these names
   */
  public static StructType annotatedSchema(StructType schema, String source) {
    for (String name : Annotation.NAMES) {
      if (Arrays.asList(schema.fieldNames()).contains(name)) {
        throw new InputException(
            source,
            0,
            null,
            "has a column '"
                + name
                + "' already, which --annotate adds: rename it, or drop --annotate");
      }
    }
    return schema
        .add(Annotation.DUPLICATE_OF, DataTypes.StringType, true)
        .add(Annotation.SIMILARITY, DataTypes.DoubleType, true)
        .add(Annotation.CLUSTER_SIZE, DataTypes.LongType, true);
  }

  /** {@code row} with its annotation's three columns ({@link #annotatedSchema}) at the end. */
  private static Row annotated(Row row, Annotation annotation) {
    Object[] values = new Object[row.size() + 3];
    for (int i = 0; i < row.size(); i++) {
      values[i] = row.get(i);
    }
    if (annotation.isKept()) {
      values[row.size() + 2] = Long.parseLong(annotation.clusterSize());
    } else {
      values[row.size()] = annotation.duplicateOf();
      values[row.size() + 1] = Double.parseDouble(annotation.similarity());
    }
    return RowFactory.create(values);
  }

  /** Which rows of a partition an output takes. */
  private enum Rows {
    KEPT,
    /** Every row but the rejected ones, annotated. */
    ANNOTATED,
    REMOVED,
    REJECTED
  }

  /** The rows of one partition that {@code which} output takes. */
  private static Iterator<Row> filter(Iterator<Row> rowIt, Drops drops, Rows which) {
    return new Iterator<Row>() {
      long index;
      Row next = advance();

      private Row advance() {
        while (rowIt.hasNext()) {
          Row row = rowIt.next();
          long i = index++;
          boolean wanted =
              switch (which) {
                case KEPT -> !drops.removed(i) && !drops.rejected(i);
                case ANNOTATED -> !drops.rejected(i);
                case REMOVED -> drops.removed(i);
                case REJECTED -> drops.rejected(i);
              };
          if (wanted) {
            return which == Rows.ANNOTATED ? annotated(row, drops.annotation(i)) : row;
          }
        }
        return null;
      }

      @Override
      public boolean hasNext() {
        return next != null;
      }

      @Override
      public Row next() {
        Row row = next;
        next = advance();
        return row;
      }
    };
  }

  /**
   * A record of a split to leave out of the copy or to annotate: its index in the split, whether it
   * was rejected (else removed), and for a removed one, when annotating, its kept record and their
   * similarity; or, when annotating, a kept record that stands for others ({@code clusterSize}
   * above 0: itself and the records removed for it).
   */
  @DefaultSerializer(JavaSerializer.class)
  private record Mark(
      long recordIndex, boolean rejected, String keptId, String similarity, long clusterSize)
      implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    Mark(long recordIndex, boolean rejected, String keptId, String similarity) {
      this(recordIndex, rejected, keptId, similarity, 0);
    }
  }

  /** The dropped ordinals as marks, partitioned by split: partition i holds split i's. */
  private static JavaRDD<Mark> bySplit(JavaRDD<Long> dropped, JavaRDD<Long> rejected, int splits) {
    JavaPairRDD<Integer, Mark> keyed =
        dropped
            .mapToPair(
                o ->
                    new Tuple2<>(
                        Ordinals.split(o), new Mark(Ordinals.recordIndex(o), false, null, null)))
            .union(
                rejected.mapToPair(
                    o ->
                        new Tuple2<>(
                            Ordinals.split(o),
                            new Mark(Ordinals.recordIndex(o), true, null, null))));
    return keyed.partitionBy(new HashPartitioner(splits)).values();
  }

  /**
   * {@link #bySplit} with each removed record's kept record and similarity, and each kept record's
   * cluster size when it stands for others.
   */
  private static JavaRDD<Mark> annotatedBySplit(
      JavaRDD<Removal> removals, JavaRDD<Long> rejected, int splits) {
    JavaPairRDD<Integer, Mark> sizes =
        removals
            .filter(r -> r.keptOrdinal() >= 0)
            .mapToPair(r -> new Tuple2<>(r.keptOrdinal(), 1L))
            .reduceByKey(Long::sum)
            .mapToPair(
                e ->
                    new Tuple2<>(
                        Ordinals.split(e._1()),
                        new Mark(Ordinals.recordIndex(e._1()), false, null, null, 1 + e._2())));
    JavaPairRDD<Integer, Mark> keyed =
        removals
            .mapToPair(
                r ->
                    new Tuple2<>(
                        Ordinals.split(r.ordinal()),
                        new Mark(
                            Ordinals.recordIndex(r.ordinal()),
                            false,
                            r.keptId(),
                            r.formattedSimilarity())))
            .union(
                rejected.mapToPair(
                    o ->
                        new Tuple2<>(
                            Ordinals.split(o),
                            new Mark(Ordinals.recordIndex(o), true, null, null))))
            .union(sizes);
    return keyed.partitionBy(new HashPartitioner(splits)).values();
  }

  /**
   * The record indexes of one split to leave out of the copy (removed, and rejected), and the
   * annotations of the removed ones when annotating.
   */
  // Shares its arrays (no copy: a carrier inside this class); equals and hashCode compare them
  // by identity, which nothing here relies on.
  @SuppressWarnings("ArrayRecordComponent")
  @DefaultSerializer(JavaSerializer.class)
  private record Drops(
      long[] removedIndexes, long[] rejectedIndexes, Map<Long, Annotation> annotations) {
    static Drops of(Iterator<Mark> marks) {
      long[] removed = new long[16];
      long[] rejected = new long[16];
      int removedSize = 0;
      int rejectedSize = 0;
      Map<Long, Annotation> annotations = new HashMap<>();
      while (marks.hasNext()) {
        Mark mark = marks.next();
        if (mark.clusterSize() > 0) {
          annotations.put(mark.recordIndex(), Annotation.kept((int) mark.clusterSize()));
        } else if (!mark.rejected()) {
          if (removedSize == removed.length) {
            removed = Arrays.copyOf(removed, 2 * removedSize);
          }
          removed[removedSize++] = mark.recordIndex();
          if (mark.keptId() != null) {
            annotations.put(mark.recordIndex(), new Annotation(mark.keptId(), mark.similarity()));
          }
        } else {
          if (rejectedSize == rejected.length) {
            rejected = Arrays.copyOf(rejected, 2 * rejectedSize);
          }
          rejected[rejectedSize++] = mark.recordIndex();
        }
      }
      long[] r = Arrays.copyOf(removed, removedSize);
      long[] b = Arrays.copyOf(rejected, rejectedSize);
      Arrays.sort(r);
      Arrays.sort(b);
      return new Drops(r, b, annotations);
    }

    Annotation annotation(long index) {
      return annotations.getOrDefault(index, Annotation.KEPT);
    }

    boolean removed(long index) {
      return Arrays.binarySearch(removedIndexes, index) >= 0;
    }

    boolean rejected(long index) {
      return Arrays.binarySearch(rejectedIndexes, index) >= 0;
    }

    boolean anyRemoved() {
      return removedIndexes.length > 0;
    }

    boolean anyRejected() {
      return rejectedIndexes.length > 0;
    }
  }
}
