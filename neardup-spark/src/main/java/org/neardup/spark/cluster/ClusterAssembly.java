package org.neardup.spark.cluster;

import java.io.Serializable;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.neardup.cluster.KeepPolicy;
import org.neardup.spark.corpus.SketchedDocument;
import scala.Tuple2;

/**
 * Turns components (node, smallest node) into cluster lines: each member's id, the cluster's name
 * (the id of its first-read member, which is the smallest ordinal) and the representative chosen by
 * the {@link KeepPolicy} exactly as {@link org.neardup.cluster.Clusterer#representative} does
 * (first read; or longest / shortest raw text, ties to the first read). Stateless.
 */
public final class ClusterAssembly {
  private ClusterAssembly() {}

  /** A member as the policy sees it. */
  private record Member(long ordinal, String id, int textLength) implements Serializable {}

  /** What a cluster needs to know of its members: its name and representative. */
  private record Summary(String name, long representative, int representativeLength)
      implements Serializable {}

  /** The cluster members, unordered. */
  public static JavaRDD<ClusterMember> members(
      JavaPairRDD<Long, Long> components,
      JavaRDD<SketchedDocument> documents,
      KeepPolicy keep,
      int partitions) {
    JavaPairRDD<Long, Tuple2<Long, Member>> byCluster =
        components
            .join(
                documents.mapToPair(
                    d -> new Tuple2<>(d.ordinal, new Member(d.ordinal, d.id, d.textLength))),
                partitions)
            .mapToPair(e -> new Tuple2<>(e._2()._1(), new Tuple2<>(e._1(), e._2()._2())));
    JavaPairRDD<Long, Summary> summaries =
        byCluster
            .mapToPair(
                e -> {
                  Member member = e._2()._2();
                  String name =
                      e._1() == member.ordinal()
                          ? member.id()
                          : null; // the first-read member names it
                  return new Tuple2<>(
                      e._1(), new Summary(name, member.ordinal(), member.textLength()));
                })
            .reduceByKey((a, b) -> merge(a, b, keep), partitions);
    return byCluster
        .join(summaries, partitions)
        .map(
            e -> {
              long cluster = e._1();
              Member member = e._2()._1()._2();
              Summary summary = e._2()._2();
              return new ClusterMember(
                  cluster,
                  member.ordinal(),
                  summary.name(),
                  member.id(),
                  member.ordinal() == summary.representative());
            });
  }

  private static Summary merge(Summary a, Summary b, KeepPolicy keep) {
    String name = a.name() != null ? a.name() : b.name();
    boolean aFirst = a.representative() < b.representative();
    Summary first = aFirst ? a : b;
    Summary second = aFirst ? b : a;
    Summary chosen = first;
    if ((keep == KeepPolicy.LONGEST && second.representativeLength() > first.representativeLength())
        || (keep == KeepPolicy.SHORTEST
            && second.representativeLength() < first.representativeLength())) {
      chosen = second;
    }
    return new Summary(name, chosen.representative(), chosen.representativeLength());
  }
}
