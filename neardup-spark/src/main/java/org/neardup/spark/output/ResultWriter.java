package org.neardup.spark.output;

import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.util.LongAccumulator;
import org.neardup.options.Formats;
import scala.Tuple2;

/**
 * Writes a result frame ({@link ResultFrames}) as {@code ./neardup spark} does: sorted as the CLI
 * sorts its lines (range-partitioned, so the parts in name order are in order), as part files of
 * the CLI's lines or as Parquet of the public columns. Stateless.
 */
public final class ResultWriter {
  /** Which result a frame holds. */
  public enum Layout {
    /** {@link ResultFrames#pairs}: {@code idA<TAB>idB<TAB>similarity} lines. */
    PAIRS,
    /** {@link ResultFrames#groups}: {@code cluster<TAB>id<TAB>role<TAB>similarity} lines. */
    GROUPS,
    /** {@link ResultFrames#components}: {@code cluster<TAB>id<TAB>role} lines. */
    COMPONENTS
  }

  private ResultWriter() {}

  /**
   * Sorts {@code frame} into {@code partitions} parts and writes it to {@code directory}.
   *
   * @return the rows written
   */
  public static long write(
      Dataset<Row> frame, Layout layout, int partitions, String directory, OutputFormat format) {
    Column[] order =
        layout == Layout.PAIRS ? ResultFrames.pairOrder() : ResultFrames.clusterOrder();
    Dataset<Row> sorted =
        ResultFrames.withoutOrder(
            frame.repartitionByRange(partitions, order).sortWithinPartitions(order));
    if (format == OutputFormat.PARQUET) {
      ParquetParts.write(sorted, directory);
      return sorted.sparkSession().read().parquet(directory).count();
    }
    LongAccumulator written = sorted.sparkSession().sparkContext().longAccumulator("lines");
    JavaRDD<String> lines =
        sorted
            .javaRDD()
            .map(
                row -> {
                  written.add(1); // in the writing action's tasks: counted once
                  return line(row, layout);
                });
    lines.saveAsTextFile(directory);
    return written.value();
  }

  /**
   * Sorts pair lines into {@code partitions} parts in the CLI's order ({@link PairLine}'s) and
   * writes them to {@code directory} as the CLI's lines: what {@link #write} writes of the pairs
   * frame those lines make ({@link ResultFrames#pairs}), without Spark SQL's planning and generated
   * code, which cost a run more processor time than the sort.
   *
   * @return the lines written
   */
  public static long writeLines(JavaRDD<PairLine> pairs, int partitions, String directory) {
    LongAccumulator written = pairs.context().longAccumulator("lines");
    JavaPairRDD.fromJavaRDD(pairs.map(pair -> new Tuple2<PairLine, Boolean>(pair, Boolean.TRUE)))
        .sortByKey(true, partitions)
        .keys()
        .map(
            pair -> {
              written.add(1); // in the writing action's tasks: counted once
              return pair.line();
            })
        .saveAsTextFile(directory);
    return written.value();
  }

  /** The CLI's line of a row, without line break. */
  static String line(Row row, Layout layout) {
    String line = row.getString(0) + '\t' + row.getString(1) + '\t';
    return switch (layout) {
      case PAIRS -> line + Formats.similarity(row.getDouble(2));
      case GROUPS -> line + row.getString(2) + '\t' + Formats.similarity(row.getDouble(3));
      case COMPONENTS -> line + row.getString(2);
    };
  }
}
