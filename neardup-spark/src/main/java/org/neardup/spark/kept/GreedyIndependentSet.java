package org.neardup.spark.kept;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.util.List;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

/**
 * The greedy maximal independent set of a graph in a given order, computed in rounds as in the
 * parallel greedy MIS of Blelloch, Fineman and Shun ("Greedy Sequential Maximal Independent Set and
 * Matching are Parallel on Average", SPAA 2012). The sequential greedy walks the nodes in order and
 * keeps a node iff none of its neighbours is kept already. A node's fate depends only on its
 * earlier neighbours, so each round decides the roots, the undecided nodes without an undecided
 * earlier neighbour: they are kept, and their undecided neighbours removed; decided nodes and their
 * edges leave the graph. The result is exactly the sequential one.
 *
 * <p>Each round is a few joins over the remaining edges; no adjacency list and no node set is ever
 * collected in one place. The rounds are the longest chain of dependencies: one for a clique (its
 * first node is kept, the rest removed at once), more for chains of near-duplicates each close to
 * the next only. Lineage is cut every {@link Lineage#CUT_EVERY} rounds. Stateless.
 */
final class GreedyIndependentSet {
  private GreedyIndependentSet() {}

  /** Every node that has an edge with whether it is kept, and how many rounds that took. */
  @DefaultSerializer(JavaSerializer.class)
  record Result(JavaPairRDD<Long, Boolean> decisions, int rounds) {}

  /**
   * The decisions for every node of {@code edges}, given as (earlier, later) in the order. The
   * result's decisions are persisted.
   */
  static Result of(JavaSparkContext context, JavaPairRDD<Long, Long> edges, int partitions) {
    JavaPairRDD<Long, Long> current =
        edges.distinct(partitions).persist(StorageLevel.MEMORY_AND_DISK());
    JavaRDD<Long> undecided =
        current
            .flatMap(e -> List.of(e._1(), e._2()).iterator())
            .distinct(partitions)
            .persist(StorageLevel.MEMORY_AND_DISK());
    JavaPairRDD<Long, Boolean> decisions = null;
    long remaining = undecided.count();
    int rounds = 0;
    while (remaining > 0) {
      rounds++;
      // A node is a root when no remaining edge comes into it from an earlier node.
      JavaPairRDD<Long, Boolean> roots =
          undecided
              .mapToPair(node -> new Tuple2<>(node, Boolean.FALSE))
              .union(current.mapToPair(e -> new Tuple2<>(e._2(), Boolean.TRUE)))
              .reduceByKey((a, b) -> a || b, partitions)
              .filter(e -> !e._2())
              .mapValues(hasEarlier -> Boolean.TRUE)
              .persist(StorageLevel.MEMORY_AND_DISK());
      JavaPairRDD<Long, Boolean> removed =
          current
              .join(roots, partitions)
              .map(e -> e._2()._1())
              .distinct(partitions)
              .mapToPair(node -> new Tuple2<>(node, Boolean.FALSE));
      JavaPairRDD<Long, Boolean> decidedNow =
          roots.union(removed).persist(StorageLevel.MEMORY_AND_DISK());
      JavaPairRDD<Long, Long> nextEdges =
          current
              .subtractByKey(decidedNow, partitions)
              .mapToPair(Tuple2::swap)
              .subtractByKey(decidedNow, partitions)
              .mapToPair(Tuple2::swap)
              .persist(StorageLevel.MEMORY_AND_DISK());
      JavaRDD<Long> nextUndecided =
          undecided
              .mapToPair(node -> new Tuple2<>(node, Boolean.TRUE))
              .subtractByKey(decidedNow, partitions)
              .keys()
              .persist(StorageLevel.MEMORY_AND_DISK());
      JavaPairRDD<Long, Boolean> nextDecisions =
          (decisions == null ? decidedNow : decisions.union(decidedNow))
              .coalesce(partitions)
              .persist(StorageLevel.MEMORY_AND_DISK());
      Lineage.cutIfDue(context, nextEdges, rounds);
      Lineage.cutIfDue(context, nextUndecided, rounds);
      Lineage.cutIfDue(context, nextDecisions, rounds);
      remaining = nextUndecided.count();
      nextEdges.count();
      nextDecisions.count();
      current.unpersist(false);
      undecided.unpersist(false);
      if (decisions != null) {
        decisions.unpersist(false);
      }
      decidedNow.unpersist(false);
      roots.unpersist(false);
      current = nextEdges;
      undecided = nextUndecided;
      decisions = nextDecisions;
    }
    current.unpersist(false);
    undecided.unpersist(false);
    return new Result(
        decisions != null ? decisions : JavaPairRDD.fromJavaRDD(context.emptyRDD()), rounds);
  }
}
