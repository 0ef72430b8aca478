package org.neardup.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.neardup.verify.SimilarPair;

class ClustererTest {
  private static final int[] LENGTHS = {10, 50, 20, 5, 50, 7, 8};

  private static List<SimilarPair> pairs() {
    // components {0, 1, 4} (a chain 0-1, 1-4), {2, 5}; 3 and 6 alone
    return List.of(
        new SimilarPair(0, 1, 0.9), new SimilarPair(1, 4, 0.85), new SimilarPair(2, 5, 1.0));
  }

  @Test
  void clustersAreConnectedComponentsOfTwoOrMoreInFirstSeenOrder() {
    List<Cluster> clusters = Clusterer.cluster(7, pairs(), KeepPolicy.FIRST, i -> LENGTHS[i]);
    assertThat(clusters).hasSize(2);
    assertThat(clusters.get(0).members()).containsExactly(0, 1, 4);
    assertThat(clusters.get(0).representative()).isZero();
    assertThat(clusters.get(1).members()).containsExactly(2, 5);
    assertThat(clusters.get(1).first()).isEqualTo(2);
  }

  @Test
  void keepPoliciesChooseLongestOrShortestWithTiesToTheFirst() {
    List<Cluster> longest = Clusterer.cluster(7, pairs(), KeepPolicy.LONGEST, i -> LENGTHS[i]);
    assertThat(longest.get(0).representative()).isEqualTo(1); // 1 and 4 both have 50: first wins
    assertThat(longest.get(1).representative()).isEqualTo(2);
    List<Cluster> shortest = Clusterer.cluster(7, pairs(), KeepPolicy.SHORTEST, i -> LENGTHS[i]);
    assertThat(shortest.get(0).representative()).isZero();
    assertThat(shortest.get(1).representative()).isEqualTo(5);
  }

  @Test
  void resultDoesNotDependOnPairOrder() {
    List<SimilarPair> shuffled = new ArrayList<>(pairs());
    Collections.shuffle(shuffled, new Random(4));
    List<Cluster> a = Clusterer.cluster(7, pairs(), KeepPolicy.LONGEST, i -> LENGTHS[i]);
    List<Cluster> b = Clusterer.cluster(7, shuffled, KeepPolicy.LONGEST, i -> LENGTHS[i]);
    assertThat(b).hasSameSizeAs(a);
    for (int i = 0; i < a.size(); i++) {
      assertThat(b.get(i).members()).containsExactly(a.get(i).members());
      assertThat(b.get(i).representative()).isEqualTo(a.get(i).representative());
    }
  }

  @Test
  void unionFindMergesTransitively() {
    UnionFind sets = new UnionFind(5);
    assertThat(sets.union(0, 1)).isTrue();
    assertThat(sets.union(3, 4)).isTrue();
    assertThat(sets.union(1, 4)).isTrue();
    assertThat(sets.union(0, 3)).isFalse();
    assertThat(sets.find(4)).isEqualTo(sets.find(0));
    assertThat(sets.find(2)).isEqualTo(2);
  }

  @Test
  void keepPolicyParsesNamesAndRejectsOthers() {
    assertThat(KeepPolicy.parse("Longest")).isEqualTo(KeepPolicy.LONGEST);
    assertThatThrownBy(() -> KeepPolicy.parse("random"))
        .hasMessageContaining("first, longest or shortest");
  }
}
