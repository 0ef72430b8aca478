package org.neardup.spark.kept;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.spark.TestSpark;
import scala.Tuple2;

/**
 * The rounds: one for a clique, one per kept node along a chain in order; the sequential greedy's
 * set.
 */
class GreedyIndependentSetTest {
  private final JavaSparkContext context =
      JavaSparkContext.fromSparkContext(TestSpark.session().sparkContext());

  @Test
  void aCliqueIsDecidedInOneRoundItsFirstNodeKept() {
    List<Tuple2<Long, Long>> edges = new ArrayList<>();
    for (long a = 0; a < 12; a++) {
      for (long b = a + 1; b < 12; b++) {
        edges.add(new Tuple2<>(a, b));
      }
    }
    GreedyIndependentSet.Result result =
        GreedyIndependentSet.of(context, context.parallelizePairs(edges, 3), 3);
    Map<Long, Boolean> decisions = result.decisions().collectAsMap();
    assertThat(result.rounds()).isEqualTo(1);
    assertThat(decisions).hasSize(12).containsEntry(0L, true);
    assertThat(decisions.values().stream().filter(kept -> kept)).hasSize(1);
  }

  @Test
  void aChainInOrderKeepsEveryOtherNodeOneRoundEach() {
    List<Tuple2<Long, Long>> edges = new ArrayList<>();
    for (long a = 0; a < 21; a++) {
      edges.add(new Tuple2<>(a, a + 1));
    }
    // More rounds than Lineage.CUT_EVERY: the result survives the cuts.
    GreedyIndependentSet.Result result =
        GreedyIndependentSet.of(context, context.parallelizePairs(edges, 3), 3);
    Map<Long, Boolean> decisions = result.decisions().collectAsMap();
    assertThat(result.rounds()).isEqualTo(11);
    for (long node = 0; node <= 21; node++) {
      assertThat(decisions.get(node)).as("node %d", node).isEqualTo(node % 2 == 0);
    }
  }

  @Test
  void withACheckpointDirectoryTheRoundsWriteReliableCheckpoints(@TempDir Path checkpoints)
      throws IOException {
    context.setCheckpointDir(checkpoints.toString());
    List<Tuple2<Long, Long>> edges = new ArrayList<>();
    for (long a = 0; a < 11; a++) {
      edges.add(new Tuple2<>(a, a + 1));
    }
    GreedyIndependentSet.Result result =
        GreedyIndependentSet.of(context, context.parallelizePairs(edges, 2), 2);
    assertThat(result.rounds()).isEqualTo(6);
    assertThat(result.decisions().filter(e -> e._2()).count()).isEqualTo(6);
    try (Stream<Path> files = Files.walk(checkpoints)) {
      assertThat(files.filter(f -> f.getFileName().toString().startsWith("rdd-"))).isNotEmpty();
    }
  }

  @Test
  void aChainWhoseNodesComeBeforeTheirNeighboursIsDecidedInOneRound() {
    List<Tuple2<Long, Long>> edges = new ArrayList<>();
    for (long a = 0; a < 21; a++) {
      edges.add(
          new Tuple2<>(
              a, a + 1)); // node 0 before 1; every other odd node before both its neighbours
    }
    List<Tuple2<Long, Long>> zigzag =
        edges.stream().map(e -> e._1() % 2 == 1 ? e : e._1() == 0 ? e : e.swap()).toList();
    GreedyIndependentSet.Result result =
        GreedyIndependentSet.of(context, context.parallelizePairs(zigzag, 3), 3);
    assertThat(result.rounds()).isEqualTo(1);
    assertThat(result.decisions().filter(e -> e._2()).count()).isEqualTo(11);
  }
}
