package org.neardup.spark.output;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.encode;

import java.util.Arrays;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.neardup.spark.cluster.ClusterMember;
import org.neardup.spark.kept.KeptMember;

/**
 * The results of a run as DataFrames, one layout each, what {@link org.neardup.spark.NearDupSpark}
 * returns and {@code ./neardup spark} writes: the public columns, and for groups, components and
 * removals the ordinals that put rows in the CLI's order ({@link #ORDER_COLUMNS}), which the API
 * drops and the command line sorts by. Stateless.
 */
public final class ResultFrames {
  /** A group's kept document, or a component's first-read member: its input order. */
  public static final String CLUSTER_ORDER = "cluster_order";

  /** A row's place in its group or component: the kept line first, then input order. */
  public static final String MEMBER_ORDER = "member_order";

  /** A removed document's ordinal (input order), for the command line's copy of the input. */
  public static final String ORDINAL = "ordinal";

  /** The columns that only order rows. */
  private static final String[] ORDER_COLUMNS = {CLUSTER_ORDER, MEMBER_ORDER, ORDINAL};

  private static final StructType PAIRS =
      new StructType(
          new StructField[] {
            DataTypes.createStructField("id_a", DataTypes.StringType, false),
            DataTypes.createStructField("id_b", DataTypes.StringType, false),
            DataTypes.createStructField("similarity", DataTypes.DoubleType, false)
          });
  private static final StructType GROUPS =
      new StructType(
          new StructField[] {
            DataTypes.createStructField("cluster", DataTypes.StringType, false),
            DataTypes.createStructField("id", DataTypes.StringType, false),
            DataTypes.createStructField("role", DataTypes.StringType, false),
            DataTypes.createStructField("similarity", DataTypes.DoubleType, false),
            DataTypes.createStructField(CLUSTER_ORDER, DataTypes.LongType, false),
            DataTypes.createStructField(MEMBER_ORDER, DataTypes.LongType, false)
          });
  private static final StructType COMPONENTS =
      new StructType(
          new StructField[] {
            DataTypes.createStructField("cluster", DataTypes.StringType, false),
            DataTypes.createStructField("id", DataTypes.StringType, false),
            DataTypes.createStructField("role", DataTypes.StringType, false),
            DataTypes.createStructField(CLUSTER_ORDER, DataTypes.LongType, false),
            DataTypes.createStructField(MEMBER_ORDER, DataTypes.LongType, false)
          });
  private static final StructType REMOVALS =
      new StructType(
          new StructField[] {
            DataTypes.createStructField("id", DataTypes.StringType, false),
            DataTypes.createStructField("duplicate_of", DataTypes.StringType, true),
            DataTypes.createStructField("similarity", DataTypes.DoubleType, true),
            DataTypes.createStructField(ORDINAL, DataTypes.LongType, false)
          });

  private ResultFrames() {}

  /** Pairs: {@code id_a, id_b, similarity}, {@code id_a} before {@code id_b} in String order. */
  public static Dataset<Row> pairs(SparkSession spark, JavaRDD<PairLine> lines) {
    return spark.createDataFrame(
        lines.map(p -> RowFactory.create(p.first(), p.second(), p.similarity())), PAIRS);
  }

  /**
   * The kept set's groups: {@code cluster} (the kept id), {@code id}, {@code role} ({@code keep} or
   * {@code duplicate}), {@code similarity} to the kept document, and the order columns.
   */
  public static Dataset<Row> groups(SparkSession spark, JavaRDD<KeptMember> members) {
    return spark.createDataFrame(
        members.map(
            m ->
                RowFactory.create(
                    m.keptId(),
                    m.memberId(),
                    m.role(),
                    m.similarity(),
                    m.keptOrdinal(),
                    m.orderInGroup())),
        GROUPS);
  }

  /**
   * Connected components: {@code cluster} (the first-read member's id), {@code id}, {@code role}
   * ({@code keep} for the representative, else {@code duplicate}), and the order columns.
   */
  public static Dataset<Row> components(SparkSession spark, JavaRDD<ClusterMember> members) {
    return spark.createDataFrame(
        members.map(
            m ->
                RowFactory.create(
                    m.clusterId(),
                    m.memberId(),
                    m.keep() ? "keep" : "duplicate",
                    m.clusterOrdinal(),
                    m.memberOrdinal())),
        COMPONENTS);
  }

  /**
   * The removed documents: {@code id}, {@code duplicate_of} (the kept document it duplicates) and
   * their {@code similarity} (both null when not known: components), and the ordinal.
   */
  public static Dataset<Row> removals(SparkSession spark, JavaRDD<Removal> removed) {
    return spark.createDataFrame(
        removed.map(r -> RowFactory.create(r.id(), r.keptId(), r.similarity(), r.ordinal())),
        REMOVALS);
  }

  /** {@code frame} without its order columns. */
  public static Dataset<Row> withoutOrder(Dataset<Row> frame) {
    return frame.drop(ORDER_COLUMNS);
  }

  /**
   * The CLI's order of pairs: by {@code id_a}, then {@code id_b}, as Java compares strings (by
   * UTF-16 code units, which their UTF-16BE bytes compare as).
   */
  public static Column[] pairOrder() {
    return new Column[] {encode(col("id_a"), "UTF-16BE"), encode(col("id_b"), "UTF-16BE")};
  }

  /** The CLI's order of groups and components. */
  public static Column[] clusterOrder() {
    return Arrays.stream(new String[] {CLUSTER_ORDER, MEMBER_ORDER})
        .map(org.apache.spark.sql.functions::col)
        .toArray(Column[]::new);
  }
}
