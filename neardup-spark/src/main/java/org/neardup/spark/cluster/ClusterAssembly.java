package org.neardup.spark.cluster;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.Serializable;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.neardup.spark.corpus.DocumentInfo;
import scala.Tuple2;

/**
 * Turns components (node, smallest node) into cluster lines: each member's id, the cluster's name
 * (the id of its first-read member, which is the smallest ordinal) and the representative, the
 * member first in the keep order, as {@link org.neardup.cluster.Clusterer} chooses it. Stateless.
 */
public final class ClusterAssembly {
  private ClusterAssembly() {}

  /** What a cluster needs to know of its members: its name and representative. */
  @DefaultSerializer(JavaSerializer.class)
  private record Summary(String name, DocumentInfo representative) implements Serializable {}

  /**
   * The cluster members, unordered.
   *
   * @param documents the documents of the components' nodes (others may be there too), by ordinal
   */
  public static JavaRDD<ClusterMember> members(
      JavaPairRDD<Long, Long> components,
      JavaPairRDD<Long, DocumentInfo> documents,
      int partitions) {
    JavaPairRDD<Long, Tuple2<Long, DocumentInfo>> byCluster =
        components
            .join(documents, partitions)
            .mapToPair(e -> new Tuple2<>(e._2()._1(), new Tuple2<>(e._1(), e._2()._2())));
    JavaPairRDD<Long, Summary> summaries =
        byCluster
            .mapToPair(
                e -> {
                  DocumentInfo member = e._2()._2();
                  String name =
                      e._1() == member.ordinal()
                          ? member.id()
                          : null; // the first-read member names it
                  return new Tuple2<>(e._1(), new Summary(name, member));
                })
            .reduceByKey(ClusterAssembly::merge, partitions);
    return byCluster
        .join(summaries, partitions)
        .map(
            e -> {
              long cluster = e._1();
              DocumentInfo member = e._2()._1()._2();
              Summary summary = e._2()._2();
              return new ClusterMember(
                  cluster,
                  member.ordinal(),
                  summary.name(),
                  member.id(),
                  member.ordinal() == summary.representative().ordinal());
            });
  }

  private static Summary merge(Summary a, Summary b) {
    return new Summary(
        a.name() != null ? a.name() : b.name(),
        a.representative().keptBefore(b.representative())
            ? a.representative()
            : b.representative());
  }
}
