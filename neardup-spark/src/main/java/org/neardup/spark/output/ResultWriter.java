package org.neardup.spark.output;

import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.neardup.spark.cluster.ClusterMember;
import org.neardup.spark.kept.KeptMember;

/**
 * Writes the pairs and clusters outputs sorted as the CLI sorts them, as part files of the CLI's
 * lines or as Parquet. Stateless.
 */
public final class ResultWriter {
  private static final StructType PAIRS =
      new StructType(
          new StructField[] {
            DataTypes.createStructField("id_a", DataTypes.StringType, false),
            DataTypes.createStructField("id_b", DataTypes.StringType, false),
            DataTypes.createStructField("similarity", DataTypes.DoubleType, false)
          });
  private static final StructType CLUSTERS =
      new StructType(
          new StructField[] {
            DataTypes.createStructField("cluster", DataTypes.StringType, false),
            DataTypes.createStructField("id", DataTypes.StringType, false),
            DataTypes.createStructField("role", DataTypes.StringType, false)
          });
  private static final StructType GROUPS =
      new StructType(
          new StructField[] {
            DataTypes.createStructField("cluster", DataTypes.StringType, false),
            DataTypes.createStructField("id", DataTypes.StringType, false),
            DataTypes.createStructField("role", DataTypes.StringType, false),
            DataTypes.createStructField("similarity", DataTypes.DoubleType, false)
          });

  private ResultWriter() {}

  /** The pair lines sorted by (idA, idB), in {@code partitions} range-partitioned parts. */
  public static JavaRDD<PairLine> sortedPairs(JavaRDD<PairLine> lines, int partitions) {
    return lines.sortBy(line -> line, true, partitions);
  }

  /** The cluster members sorted by (first member, member), in input order. */
  public static JavaRDD<ClusterMember> sortedClusters(
      JavaRDD<ClusterMember> members, int partitions) {
    return members.sortBy(
        m -> new OrdinalPair(m.clusterOrdinal(), m.memberOrdinal()), true, partitions);
  }

  /**
   * The kept set's group lines sorted as the CLI sorts them: groups in input order of their kept
   * document, the kept line first, then the removed documents in input order.
   */
  public static JavaRDD<KeptMember> sortedGroups(JavaRDD<KeptMember> members, int partitions) {
    return members.sortBy(
        m -> new OrdinalPair(m.keptOrdinal(), m.orderInGroup()), true, partitions);
  }

  /** Writes sorted pair lines to {@code directory}. */
  public static void writePairs(
      SparkSession spark, JavaRDD<PairLine> sorted, String directory, OutputFormat format) {
    if (format == OutputFormat.TEXT) {
      sorted.map(PairLine::line).saveAsTextFile(directory);
    } else {
      JavaRDD<Row> rows = sorted.map(p -> RowFactory.create(p.first(), p.second(), p.similarity()));
      spark.createDataFrame(rows, PAIRS).write().parquet(directory);
    }
  }

  /** Writes sorted cluster members to {@code directory}. */
  public static void writeClusters(
      SparkSession spark, JavaRDD<ClusterMember> sorted, String directory, OutputFormat format) {
    if (format == OutputFormat.TEXT) {
      sorted.map(ClusterMember::line).saveAsTextFile(directory);
    } else {
      JavaRDD<Row> rows =
          sorted.map(
              m -> RowFactory.create(m.clusterId(), m.memberId(), m.keep() ? "keep" : "duplicate"));
      spark.createDataFrame(rows, CLUSTERS).write().parquet(directory);
    }
  }

  /** Writes the kept set's sorted group lines to {@code directory}. */
  public static void writeGroups(
      SparkSession spark, JavaRDD<KeptMember> sorted, String directory, OutputFormat format) {
    if (format == OutputFormat.TEXT) {
      sorted.map(KeptMember::line).saveAsTextFile(directory);
    } else {
      JavaRDD<Row> rows =
          sorted.map(m -> RowFactory.create(m.keptId(), m.memberId(), m.role(), m.similarity()));
      spark.createDataFrame(rows, GROUPS).write().parquet(directory);
    }
  }
}
