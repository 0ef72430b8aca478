package org.neardup.spark.output;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.Serializable;
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

  /**
   * Sorts the lines of groups or components into {@code partitions} parts in the CLI's order (by
   * cluster order, then member order) and writes them to {@code directory}: what {@link #write}
   * writes of the frame those members make, without Spark SQL, as {@link #writeLines} does.
   *
   * @param members each line keyed by its place: cluster order, member order
   * @return the lines written
   */
  public static long writeMembers(
      JavaPairRDD<Place, String> members, int partitions, String directory) {
    LongAccumulator written = members.context().longAccumulator("lines");
    members
        .sortByKey(true, partitions)
        .values()
        .map(
            line -> {
              written.add(1); // in the writing action's tasks: counted once
              return line;
            })
        .saveAsTextFile(directory);
    return written.value();
  }

  /**
   * A line's place in the CLI's order of groups and components.
   *
   * @param cluster the group's or component's order ({@link ResultFrames#CLUSTER_ORDER})
   * @param member the line's order within it ({@link ResultFrames#MEMBER_ORDER})
   */
  @DefaultSerializer(JavaSerializer.class)
  public record Place(long cluster, long member) implements Serializable, Comparable<Place> {
    private static final long serialVersionUID = 1L;

    @Override
    public int compareTo(Place other) {
      int c = Long.compare(cluster, other.cluster);
      return c != 0 ? c : Long.compare(member, other.member);
    }
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
