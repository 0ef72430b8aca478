package org.neardup.spark.cluster;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.storage.StorageLevel;
import org.apache.spark.util.LongAccumulator;
import org.neardup.spark.kept.Lineage;
import scala.Tuple2;

/**
 * Connected components of a graph given as edges between long node ids, computed in a distributed
 * way by alternating Large-Star and Small-Star (Kiveris, Lattanzi, Mirrokni, Rastogi,
 * Vassilvitskii: "Connected Components in MapReduce and Beyond", SoCC 2014) until neither changes
 * an edge. Each step is a {@code reduceByKey} (the smallest neighbour of each node) and a join; no
 * adjacency list and no component is ever collected in one place, so a component of millions of
 * nodes is no problem. At the end every node points to the smallest node of its component. Lineage
 * is cut every few rounds ({@link Lineage}: a reliable checkpoint when the context has a checkpoint
 * directory, as the job always sets). Stateless.
 */
public final class ConnectedComponents {
  private ConnectedComponents() {}

  /** The components and how many rounds they took. */
  @DefaultSerializer(JavaSerializer.class)
  public record Result(JavaPairRDD<Long, Long> components, int rounds) {}

  /**
   * The component of every node that has an edge: (node, smallest node of its component), the
   * smallest node included (pointing to itself). The result is persisted.
   */
  public static Result of(JavaSparkContext context, JavaPairRDD<Long, Long> edges, int partitions) {
    JavaPairRDD<Long, Long> current =
        edges
            .filter(e -> !e._1().equals(e._2()))
            .mapToPair(e -> e._1() > e._2() ? e : e.swap())
            .distinct(partitions)
            .persist(StorageLevel.MEMORY_AND_DISK());
    current.count();
    int rounds = 0;
    while (true) {
      rounds++;
      LongAccumulator changes = context.sc().longAccumulator("component changes");
      JavaPairRDD<Long, Long> large =
          largeStar(current, partitions, changes).persist(StorageLevel.MEMORY_AND_DISK());
      JavaPairRDD<Long, Long> small =
          smallStar(large, partitions, changes).persist(StorageLevel.MEMORY_AND_DISK());
      Lineage.cutIfDue(context, small, rounds);
      small.count();
      current.unpersist(false);
      large.unpersist(false);
      current = small;
      if (changes.value() == 0) {
        break;
      }
    }
    JavaPairRDD<Long, Long> roots =
        current.values().distinct(partitions).mapToPair(root -> new Tuple2<>(root, root));
    JavaPairRDD<Long, Long> components =
        current.union(roots).persist(StorageLevel.MEMORY_AND_DISK());
    components.count();
    current.unpersist(false);
    return new Result(components, rounds);
  }

  /**
   * Large-Star: every node u links each larger neighbour v to m(u), the smallest of u and its
   * neighbours. Edges come and go as (larger, smaller).
   */
  static JavaPairRDD<Long, Long> largeStar(
      JavaPairRDD<Long, Long> edges, int partitions, LongAccumulator changes) {
    JavaPairRDD<Long, Long> both = edges.flatMapToPair(e -> List.of(e, e.swap()).iterator());
    JavaPairRDD<Long, Long> smallest =
        both.reduceByKey(Math::min, partitions)
            .mapToPair(e -> new Tuple2<>(e._1(), Math.min(e._1(), e._2())));
    return both.filter(e -> e._2() > e._1())
        .join(smallest, partitions)
        .mapToPair(
            e -> {
              long u = e._1();
              long v = e._2()._1();
              long m = e._2()._2();
              if (m != u) {
                changes.add(1);
              }
              return new Tuple2<>(v, m);
            })
        .distinct(partitions);
  }

  /**
   * Small-Star: every node u links itself and each smaller neighbour v to m(u), the smallest of u
   * and its smaller neighbours.
   */
  static JavaPairRDD<Long, Long> smallStar(
      JavaPairRDD<Long, Long> edges, int partitions, LongAccumulator changes) {
    JavaPairRDD<Long, Long> smallest = edges.reduceByKey(Math::min, partitions);
    return edges
        .join(smallest, partitions)
        .flatMapToPair(
            e -> {
              long u = e._1();
              long v = e._2()._1();
              long m = e._2()._2();
              List<Tuple2<Long, Long>> out = new ArrayList<>(2);
              out.add(new Tuple2<>(u, m));
              if (v != m) {
                changes.add(1);
                out.add(new Tuple2<>(v, m));
              }
              return out.iterator();
            })
        .distinct(partitions);
  }
}
