package org.neardup.spark.corpus;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.IOException;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.neardup.input.InputException;
import org.neardup.spark.input.HadoopConf;
import org.neardup.spark.input.InputSpec;
import org.neardup.spark.input.InputSplit;
import org.neardup.spark.input.ReadItem;
import org.neardup.spark.input.SplitPlanner;
import org.neardup.spark.input.SplitPlanner.InputFile;
import org.neardup.spark.input.SplitReader;

/**
 * Where a run's documents come from, and how to name a place in them: the records of each split
 * ({@link ReadItem}s, a partition a split, in input order), and the splits' sources for messages.
 * The command line reads files (text formats with neardup-io's readers, split by {@link
 * SplitPlanner}; Parquet with Spark's reader, one file at a time); {@link
 * org.neardup.spark.NearDupSpark} reads the rows of a DataFrame ({@link FrameRows}). Immutable.
 *
 * @param items the records, partition i holding split i's
 * @param files the input files (empty for a DataFrame)
 * @param splits the text splits (empty for Parquet and DataFrames)
 * @param rows the rows of Parquet files or of a DataFrame, or null for text inputs
 */
@DefaultSerializer(JavaSerializer.class)
public record CorpusSource(
    JavaRDD<ReadItem> items, List<InputFile> files, List<InputSplit> splits, FrameRows.Rows rows) {

  /** The source of a DataFrame's rows in messages. */
  public static final String FRAME = "the DataFrame";

  /** Whether the records are rows (Parquet files or a DataFrame). */
  public boolean isRows() {
    return rows != null;
  }

  /** Whether the inputs are Parquet files. */
  public boolean isParquet() {
    return rows != null && !files.isEmpty();
  }

  /** The name of split {@code split}'s source in messages. */
  public String source(int split) {
    return isRows() ? rows.partitionSources().get(split) : splits.get(split).source();
  }

  /**
   * The inputs of the command line.
   *
   * @param splitBytes bytes of a text file one task reads
   * @throws InputException for an input that matches no file, or Parquet mixed with text
   */
  public static CorpusSource ofFiles(
      SparkSession spark, List<InputSpec> inputs, long splitBytes, HadoopConf hadoop)
      throws IOException {
    JavaSparkContext context = JavaSparkContext.fromSparkContext(spark.sparkContext());
    List<InputFile> files = SplitPlanner.files(inputs, hadoop.get());
    long parquetFiles = files.stream().filter(f -> f.spec().isParquet()).count();
    if (parquetFiles > 0 && parquetFiles < files.size()) {
      throw new InputException(
          files.get(0).source(), 0, null, "Parquet and text inputs cannot be mixed in one run");
    }
    if (parquetFiles > 0) {
      FrameRows.Rows rows = FrameRows.parquet(spark, files);
      return new CorpusSource(
          FrameRows.read(rows, FrameRows.parquetFields(files.get(0).spec())),
          files,
          List.of(),
          rows);
    }
    for (InputFile file : files) {
      try {
        file.spec().inputOptions();
      } catch (IllegalArgumentException e) { // a keep field in a format without fields
        throw new InputException(file.source(), 0, null, e.getMessage());
      }
    }
    List<InputSplit> splits = SplitPlanner.splits(files, hadoop.get(), splitBytes);
    Broadcast<HadoopConf> conf = context.broadcast(hadoop);
    JavaRDD<ReadItem> items =
        context
            .parallelize(splits, Math.max(1, splits.size()))
            .mapPartitions(split -> readSplits(split, conf.value()), true);
    return new CorpusSource(items, files, splits, null);
  }

  /**
   * The inputs of the command line, split as the command line splits them by default ({@link
   * org.neardup.spark.JobSettings#autoSplitBytes}).
   */
  public static CorpusSource ofFiles(SparkSession spark, List<InputSpec> inputs)
      throws IOException {
    JavaSparkContext context = JavaSparkContext.fromSparkContext(spark.sparkContext());
    HadoopConf hadoop = new HadoopConf(context.hadoopConfiguration());
    long bytes =
        SplitPlanner.files(inputs, hadoop.get()).stream().mapToLong(InputFile::length).sum();
    return ofFiles(
        spark,
        inputs,
        org.neardup.spark.JobSettings.autoSplitBytes(bytes, context.defaultParallelism()),
        hadoop);
  }

  /**
   * The rows of {@code frame}, read from {@code fields}: the id column, the text columns joined by
   * one space, and the keep order's columns.
   */
  public static CorpusSource ofFrame(Dataset<Row> frame, FrameRows.Fields fields) {
    FrameRows.requireColumns(frame, fields.all(), FRAME);
    JavaRDD<Row> rows = frame.javaRDD();
    int partitions = rows.getNumPartitions();
    FrameRows.Rows frameRows =
        new FrameRows.Rows(
            rows, Collections.nCopies(partitions, FRAME), Collections.nCopies(partitions, 0));
    return new CorpusSource(FrameRows.read(frameRows, fields), List.of(), List.of(), frameRows);
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
}
