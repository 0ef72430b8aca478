package org.neardup.spark.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.neardup.cluster.UnionFind;
import org.neardup.spark.TestSpark;
import scala.Tuple2;

/**
 * Large-star/small-star against union-find on random graphs: every node gets its component's
 * smallest node.
 */
class ConnectedComponentsTest {
  @ParameterizedTest
  @CsvSource({
    "200, 150, 1", // sparse: many small components
    "200, 400, 2", // around the giant-component threshold
    "300, 1200, 3", // one giant component
    "150, 0, 4", // a long path (the chain of a giant bucket)
  })
  void sameComponentsAsUnionFind(int nodes, int randomEdges, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<Tuple2<Long, Long>> edges = new ArrayList<>();
    UnionFind expected = new UnionFind(nodes);
    long spread = 1L << 33; // ordinals are sparse and large
    if (randomEdges == 0) {
      for (int i = 1; i < nodes; i++) {
        edges.add(new Tuple2<>((long) i * spread, (long) (i - 1) * spread));
        expected.union(i, i - 1);
      }
    }
    for (int e = 0; e < randomEdges; e++) {
      int a = random.nextInt(nodes);
      int b = random.nextInt(nodes);
      edges.add(new Tuple2<>((long) a * spread, (long) b * spread));
      expected.union(a, b);
    }
    JavaSparkContext context =
        JavaSparkContext.fromSparkContext(TestSpark.session().sparkContext());
    var result = ConnectedComponents.of(context, context.parallelizePairs(edges, 3), 3);
    Map<Long, Long> found = new HashMap<>(result.components().collectAsMap());
    result.components().unpersist(false);

    Map<Integer, Integer> smallest = new HashMap<>();
    boolean[] touched = new boolean[nodes];
    for (Tuple2<Long, Long> edge : edges) {
      if (!edge._1().equals(edge._2())) {
        touched[(int) (edge._1() / spread)] = true;
        touched[(int) (edge._2() / spread)] = true;
      }
    }
    for (int i = 0; i < nodes; i++) {
      if (touched[i]) {
        smallest.merge(expected.find(i), i, Math::min);
      }
    }
    Map<Long, Long> wanted = new HashMap<>();
    for (int i = 0; i < nodes; i++) {
      if (touched[i]) {
        wanted.put((long) i * spread, (long) smallest.get(expected.find(i)) * spread);
      }
    }
    assertThat(found).isEqualTo(wanted);
  }
}
