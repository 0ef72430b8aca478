package org.neardup.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.neardup.verify.ReferencePair;
import org.neardup.verify.SimilarPair;

class KeptSetTest {
  private static final double THRESHOLD = 0.8;
  private static final double[] SIMILARITIES = {0.8, 0.85, 0.9, 0.95, 1.0};

  /**
   * A random graph: n documents, lengths with ties, pairs with similarities >= THRESHOLD with ties.
   */
  private record Graph(int n, int[] lengths, List<SimilarPair> pairs) {
    static Graph random(SplittableRandom random, int n, double density) {
      int[] lengths = new int[n];
      for (int i = 0; i < n; i++) {
        lengths[i] = 1 + random.nextInt(6);
      }
      List<SimilarPair> pairs = new ArrayList<>();
      for (int a = 0; a < n; a++) {
        for (int b = a + 1; b < n; b++) {
          if (random.nextDouble() < density) {
            pairs.add(new SimilarPair(a, b, SIMILARITIES[random.nextInt(SIMILARITIES.length)]));
          }
        }
      }
      return new Graph(n, lengths, pairs);
    }

    KeptSet kept(KeepPolicy keep) {
      return KeptSet.choose(n, pairs, keep, i -> lengths[i]);
    }

    double[][] matrix() {
      double[][] m = new double[n][n];
      for (SimilarPair p : pairs) {
        m[p.first()][p.second()] = p.similarity();
        m[p.second()][p.first()] = p.similarity();
      }
      return m;
    }
  }

  private static List<Graph> graphs(long seed, int count, int maxDocuments) {
    SplittableRandom random = new SplittableRandom(seed);
    List<Graph> graphs = new ArrayList<>();
    for (int g = 0; g < count; g++) {
      int n = 1 + random.nextInt(maxDocuments);
      double density = new double[] {0.02, 0.1, 0.3, 0.7}[random.nextInt(4)];
      graphs.add(Graph.random(random, n, density));
    }
    return graphs;
  }

  @Test
  void everyRemovedDocumentHasItsBestNeighbourKeptBeforeItAtTheThreshold() {
    for (Graph graph : graphs(0x5eed0001L, 300, 60)) {
      double[][] m = graph.matrix();
      for (KeepPolicy keep : KeepPolicy.values()) {
        KeptSet kept = graph.kept(keep);
        for (int i = 0; i < graph.n(); i++) {
          if (kept.isKept(i)) {
            assertThat(kept.matchOf(i)).isEqualTo(i);
            assertThat(kept.similarityOf(i)).isEqualTo(1.0);
            continue;
          }
          int match = kept.matchOf(i);
          assertThat(kept.isKept(match)).isTrue();
          assertThat(kept.keepRank(match)).isLessThan(kept.keepRank(i));
          assertThat(m[i][match]).isGreaterThanOrEqualTo(THRESHOLD).isEqualTo(kept.similarityOf(i));
          for (int j = 0; j < graph.n(); j++) {
            if (j != i && m[i][j] > 0 && kept.isKept(j) && kept.keepRank(j) < kept.keepRank(i)) {
              assertThat(m[i][j]).isLessThanOrEqualTo(m[i][match]);
              if (m[i][j] == m[i][match]) {
                assertThat(kept.keepRank(match)).isLessThanOrEqualTo(kept.keepRank(j));
              }
            }
          }
        }
      }
    }
  }

  @Test
  void noTwoKeptDocumentsAreAPair() {
    for (Graph graph : graphs(0x5eed0002L, 300, 60)) {
      for (KeepPolicy keep : KeepPolicy.values()) {
        KeptSet kept = graph.kept(keep);
        for (SimilarPair p : graph.pairs()) {
          assertThat(kept.isKept(p.first()) && kept.isKept(p.second()))
              .as("%s under %s", p, keep)
              .isFalse();
        }
      }
    }
  }

  @Test
  void theKeptSetIsMaximal() {
    // Every removed document has a kept neighbour, so none could be added without breaking (b).
    for (Graph graph : graphs(0x5eed0003L, 300, 60)) {
      double[][] m = graph.matrix();
      for (KeepPolicy keep : KeepPolicy.values()) {
        KeptSet kept = graph.kept(keep);
        for (int i = 0; i < graph.n(); i++) {
          final int doc = i;
          boolean hasKeptNeighbour =
              IntStream.range(0, graph.n())
                  .anyMatch(j -> j != doc && m[doc][j] > 0 && kept.isKept(j));
          assertThat(kept.isKept(i)).isNotEqualTo(hasKeptNeighbour);
        }
        assertThat(kept.keptCount() + kept.removedCount()).isEqualTo(graph.n());
      }
    }
  }

  @Test
  void equalsABruteForceGreedyOnSmallGraphs() {
    for (Graph graph : graphs(0x5eed0004L, 2000, 12)) {
      for (KeepPolicy keep : KeepPolicy.values()) {
        int[] expected = bruteForce(graph, keep);
        KeptSet kept = graph.kept(keep);
        for (int i = 0; i < graph.n(); i++) {
          assertThat(kept.matchOf(i))
              .as("document %d of %s under %s", i, graph, keep)
              .isEqualTo(expected[i]);
        }
      }
    }
  }

  /**
   * The definition, literally: sort, walk, check all neighbours; matches by scanning in keep order
   * the neighbours kept before each removed document.
   */
  private static int[] bruteForce(Graph graph, KeepPolicy keep) {
    double[][] m = graph.matrix();
    Comparator<Integer> byOrdinal = Comparator.naturalOrder();
    Comparator<Integer> order =
        switch (keep) {
          case FIRST -> byOrdinal;
          case LONGEST ->
              Comparator.<Integer>comparingInt(i -> -graph.lengths()[i]).thenComparing(byOrdinal);
          case SHORTEST ->
              Comparator.<Integer>comparingInt(i -> graph.lengths()[i]).thenComparing(byOrdinal);
        };
    List<Integer> walk = new ArrayList<>(IntStream.range(0, graph.n()).boxed().toList());
    walk.sort(order);
    boolean[] kept = new boolean[graph.n()];
    for (int doc : walk) {
      kept[doc] = walk.stream().noneMatch(j -> j != doc && m[doc][j] > 0 && kept[j]);
    }
    int[] match = new int[graph.n()];
    for (int doc = 0; doc < graph.n(); doc++) {
      if (kept[doc]) {
        match[doc] = doc;
        continue;
      }
      int best = -1;
      for (int j : walk) {
        if (j == doc) {
          break; // only those kept before it
        }
        if (kept[j] && m[doc][j] > 0 && (best < 0 || m[doc][j] > m[doc][best])) {
          best = j;
        }
      }
      match[doc] = best;
    }
    return match;
  }

  @Test
  void againstReferencesEqualsTheRulesLiterally() {
    SplittableRandom random = new SplittableRandom(0x5eed0045L);
    for (Graph graph : graphs(0x5eed0005L, 1500, 14)) {
      int references = random.nextInt(0, 6);
      double[][] r = new double[graph.n()][references];
      List<ReferencePair> referencePairs = new ArrayList<>();
      for (int doc = 0; doc < graph.n(); doc++) {
        for (int ref = 0; ref < references; ref++) {
          if (random.nextInt(8) == 0) {
            r[doc][ref] = SIMILARITIES[random.nextInt(SIMILARITIES.length)];
            referencePairs.add(new ReferencePair(doc, ref, r[doc][ref]));
          }
        }
      }
      Collections.shuffle(referencePairs, new java.util.Random(random.nextLong()));
      for (KeepPolicy keep : KeepPolicy.values()) {
        int[] order = KeptSet.keepOrder(graph.n(), keep, i -> graph.lengths()[i]);
        KeptSet kept = KeptSet.choose(graph.n(), graph.pairs(), order, referencePairs);
        // The rules: a document is removed when it has a reference pair or a pair kept before it;
        // its witness is the most similar kept document or reference, ties to a reference, then
        // to the lowest reference index or the earliest kept document.
        double[][] m = graph.matrix();
        boolean[] isKept = new boolean[graph.n()];
        int[] sizes = new int[graph.n()];
        int[] referenceSizes = new int[references];
        for (int doc : order) {
          boolean hasReference = false;
          for (int ref = 0; ref < references; ref++) {
            hasReference |= r[doc][ref] > 0;
          }
          boolean hasKept = false;
          for (int j = 0; j < graph.n(); j++) {
            hasKept |= j != doc && m[doc][j] > 0 && isKept[j];
          }
          isKept[doc] = !hasReference && !hasKept;
        }
        for (int doc = 0; doc < graph.n(); doc++) {
          assertThat(kept.isKept(doc)).as("document %d of %s", doc, graph).isEqualTo(isKept[doc]);
          if (isKept[doc]) {
            sizes[doc]++;
            continue;
          }
          int witness = 0;
          double best = 0;
          for (int ref = 0; ref < references; ref++) {
            if (r[doc][ref] > best) {
              best = r[doc][ref];
              witness = -1 - ref;
            }
          }
          for (int j : order) {
            if (j == doc) {
              break; // only those kept before it
            }
            if (isKept[j] && m[doc][j] > best) {
              best = m[doc][j];
              witness = j;
            }
          }
          assertThat(kept.matchOf(doc)).as("witness of %d", doc).isEqualTo(witness);
          assertThat(kept.similarityOf(doc)).isEqualTo(best);
          if (KeptSet.isReference(witness)) {
            referenceSizes[KeptSet.referenceIndex(witness)]++;
          } else {
            sizes[witness]++;
          }
        }
        for (int doc = 0; doc < graph.n(); doc++) {
          assertThat(kept.clusterSize(doc)).isEqualTo(sizes[doc]);
        }
        for (KeptSet.Group group : kept.referenceGroups()) {
          assertThat(group.isReference()).isTrue();
          assertThat(group.removedCount()).isEqualTo(referenceSizes[group.kept()]);
        }
        assertThat(kept.referenceGroups().stream().mapToInt(KeptSet.Group::removedCount).sum())
            .isEqualTo(IntStream.of(referenceSizes).sum());
        assertThat(kept.keptCount() + kept.removedCount()).isEqualTo(graph.n());
      }
    }
  }

  @Test
  void clusterSizesAddUpToTheDocumentsWithoutReferences() {
    for (Graph graph : graphs(0x5eed0006L, 300, 60)) {
      for (KeepPolicy keep : KeepPolicy.values()) {
        KeptSet kept = graph.kept(keep);
        int sum = 0;
        for (int i = 0; i < graph.n(); i++) {
          sum += kept.clusterSize(i);
          assertThat(kept.clusterSize(i) > 0).isEqualTo(kept.isKept(i));
        }
        assertThat(sum).isEqualTo(graph.n());
      }
    }
  }

  @Test
  void keepOrdersWalkByOrdinalOrByLengthWithTiesByOrdinal() {
    int[] lengths = {5, 9, 5, 1, 9, 0};
    assertThat(KeptSet.keepOrder(6, KeepPolicy.FIRST, i -> lengths[i]))
        .containsExactly(0, 1, 2, 3, 4, 5);
    assertThat(KeptSet.keepOrder(6, KeepPolicy.LONGEST, i -> lengths[i]))
        .containsExactly(1, 4, 0, 2, 3, 5);
    assertThat(KeptSet.keepOrder(6, KeepPolicy.SHORTEST, i -> lengths[i]))
        .containsExactly(5, 3, 0, 2, 1, 4);
    int[] extremes = {Integer.MAX_VALUE, 0, Integer.MAX_VALUE};
    assertThat(KeptSet.keepOrder(3, KeepPolicy.SHORTEST, i -> extremes[i]))
        .containsExactly(1, 0, 2);
    assertThat(KeptSet.keepOrder(3, KeepPolicy.LONGEST, i -> extremes[i])).containsExactly(0, 2, 1);
  }

  @Test
  void aChainKeepsItsEndsWhereComponentsWouldRemoveThem() {
    // 0~1 and 1~2, but 0 and 2 are not a pair: components keep 0 alone, the kept set keeps 0 and 2.
    List<SimilarPair> chain = List.of(new SimilarPair(0, 1, 0.9), new SimilarPair(1, 2, 0.85));
    int[] lengths = {3, 9, 3};
    KeptSet first = KeptSet.choose(3, chain, KeepPolicy.FIRST, i -> lengths[i]);
    assertThat(first.isKept(0)).isTrue();
    assertThat(first.isKept(2)).isTrue();
    assertThat(first.matchOf(1)).isZero();
    assertThat(first.similarityOf(1)).isEqualTo(0.9);
    assertThat(first.groups()).hasSize(1);
    assertThat(first.groups().get(0).kept()).isZero();
    assertThat(first.groups().get(0).removedOrdinals()).containsExactly(1);
    // Longest keeps the middle, which removes both ends.
    KeptSet longest = KeptSet.choose(3, chain, KeepPolicy.LONGEST, i -> lengths[i]);
    assertThat(longest.keptCount()).isEqualTo(1);
    assertThat(longest.groups().get(0).toCluster().members()).containsExactly(0, 1, 2);
    assertThat(longest.groups().get(0).similarity(1)).isEqualTo(0.85);
  }

  @Test
  void aRemovedDocumentsMatchTiesGoToTheEarliestInKeepOrder() {
    // 2 is a pair of 4 and 5 at the same similarity (4 and 5 are not a pair) and of 0 at less.
    List<SimilarPair> pairs =
        List.of(new SimilarPair(2, 5, 0.9), new SimilarPair(2, 4, 0.9), new SimilarPair(0, 2, 0.8));
    int[] lengths = {1, 1, 5, 1, 7, 7};
    KeptSet longest = KeptSet.choose(6, pairs, KeepPolicy.LONGEST, i -> lengths[i]);
    assertThat(longest.matchOf(2)).isEqualTo(4);
    assertThat(longest.isKept(0)).isTrue();
    KeptSet first = KeptSet.choose(6, pairs, KeepPolicy.FIRST, i -> lengths[i]);
    assertThat(first.isKept(2)).isFalse();
    // 4 and 5 at 0.9 are kept after 2 was removed: its witness is 0, kept before it, at 0.8
    assertThat(first.matchOf(2)).isZero();
  }

  @Test
  void groupsAreOrderedByKeptDocumentWithRemovedOnesIncreasing() {
    for (Graph graph : graphs(0x5eed0005L, 100, 40)) {
      KeptSet kept = graph.kept(KeepPolicy.SHORTEST);
      int previous = -1;
      int removed = 0;
      for (KeptSet.Group group : kept.groups()) {
        assertThat(group.kept()).isGreaterThan(previous);
        previous = group.kept();
        int[] members = group.removedOrdinals();
        assertThat(members).isSorted().isNotEmpty();
        for (int k = 0; k < members.length; k++) {
          assertThat(kept.matchOf(members[k])).isEqualTo(group.kept());
          assertThat(group.similarity(k)).isEqualTo(kept.similarityOf(members[k]));
        }
        removed += members.length;
      }
      assertThat(removed).isEqualTo(kept.removedCount());
    }
  }

  @Test
  void resultDoesNotDependOnPairOrderOrRepetition() {
    for (Graph graph : graphs(0x5eed0006L, 100, 40)) {
      List<SimilarPair> shuffled = new ArrayList<>(graph.pairs());
      shuffled.addAll(graph.pairs());
      Collections.shuffle(shuffled, new java.util.Random(7));
      KeptSet a = graph.kept(KeepPolicy.LONGEST);
      KeptSet b = KeptSet.choose(graph.n(), shuffled, KeepPolicy.LONGEST, i -> graph.lengths()[i]);
      for (int i = 0; i < graph.n(); i++) {
        assertThat(b.matchOf(i)).isEqualTo(a.matchOf(i));
        assertThat(b.similarityOf(i)).isEqualTo(a.similarityOf(i));
      }
    }
  }

  @Test
  void documentsWithoutPairsAreKeptAndInNoGroup() {
    KeptSet kept = KeptSet.choose(4, List.of(), KeepPolicy.FIRST, i -> 1);
    assertThat(kept.keptCount()).isEqualTo(4);
    assertThat(kept.groups()).isEmpty();
    assertThat(KeptSet.choose(0, List.of(), KeepPolicy.LONGEST, i -> 1).documentCount()).isZero();
  }

  @Test
  void rejectsPairsOutsideTheDocumentsAndNegativeLengths() {
    assertThatThrownBy(
            () -> KeptSet.choose(2, List.of(new SimilarPair(1, 2, 0.9)), KeepPolicy.FIRST, i -> 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("outside 0..1");
    assertThatThrownBy(() -> KeptSet.choose(2, List.of(), KeepPolicy.LONGEST, i -> -1))
        .hasMessageContaining("negative");
  }

  @Test
  void handlesAMillionPairsInLinearTime() {
    int n = 200_000;
    SplittableRandom random = new SplittableRandom(0x5eed0007L);
    List<SimilarPair> pairs = new ArrayList<>();
    for (int k = 0; k < 1_000_000; k++) {
      int a = random.nextInt(n);
      int b = random.nextInt(n);
      if (a != b) {
        pairs.add(SimilarPair.of(a, b, SIMILARITIES[random.nextInt(SIMILARITIES.length)]));
      }
    }
    KeptSet kept = KeptSet.choose(n, pairs, KeepPolicy.LONGEST, i -> i % 1000);
    for (SimilarPair p : pairs) {
      assertThat(kept.isKept(p.first()) && kept.isKept(p.second())).isFalse();
    }
    assertThat(kept.removedCount()).isPositive();
  }
}
