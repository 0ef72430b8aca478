package org.neardup.lsh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.neardup.minhash.MinHashConfig;
import org.neardup.minhash.MinHashScheme;
import org.neardup.minhash.MinHashSigner;

class LshIndexTest {
  private static final LshParams PARAMS = LshParams.of(4, 2);

  @Test
  void queryFindsDocumentsSharingABand() {
    LshIndex<String> index = new LshIndex<>(PARAMS);
    index.insert("a", new int[] {1, 2, 3, 4, 5, 6, 7, 8});
    index.insert("b", new int[] {1, 2, 9, 9, 9, 9, 9, 9}); // shares band 0 with a
    index.insert("c", new int[] {0, 2, 3, 0, 5, 0, 0, 0}); // shares no full band with a
    assertThat(index.query(new int[] {1, 2, 3, 4, 5, 6, 7, 8})).containsExactly("a", "b");
    assertThat(index.size()).isEqualTo(3);
  }

  @Test
  void removingMostDocumentsCompactsAndTheRestAreStillFound() {
    LshIndex<Integer> index = new LshIndex<>(PARAMS, 16);
    SplittableRandom random = new SplittableRandom(11);
    int[][] signatures = new int[5000][];
    for (int i = 0; i < signatures.length; i++) {
      signatures[i] = random.ints(8, 0, 4).toArray(); // few values: shared buckets
      index.insert(i, signatures[i]);
    }
    for (int i = 0; i < signatures.length; i++) {
      if (i % 100 != 7) {
        assertThat(index.remove(i)).isTrue();
      }
    }
    assertThat(index.size()).isEqualTo(50);
    for (int i = 0; i < signatures.length; i++) {
      List<Integer> found = index.query(signatures[i]);
      assertThat(found).allMatch(k -> k % 100 == 7);
      if (i % 100 == 7) {
        assertThat(found).contains(i);
      }
    }
  }

  @Test
  void equalValuesInDifferentBandsDoNotCollide() {
    LshIndex<String> index = new LshIndex<>(PARAMS);
    index.insert("a", new int[] {1, 1, 0, 0, 0, 0, 0, 0});
    assertThat(index.query(new int[] {2, 2, 1, 1, 2, 2, 2, 2})).isEmpty();
  }

  @Test
  void removeTakesTheKeyAlone() {
    LshIndex<String> index = new LshIndex<>(PARAMS);
    int[] signature = {1, 2, 3, 4, 5, 6, 7, 8};
    index.insert("a", signature);
    index.insert("b", signature);
    index.insert("c", signature);
    assertThat(index.remove("b")).isTrue();
    assertThat(index.remove("b")).isFalse();
    assertThat(index.query(signature)).containsExactly("a", "c");
    assertThat(index.contains("b")).isFalse();
    assertThat(index.size()).isEqualTo(2);
    assertThat(index.remove("a")).isTrue();
    assertThat(index.query(signature)).containsExactly("c");
  }

  @Test
  void aRemovedKeyCanBeInsertedAgain() {
    LshIndex<String> index = new LshIndex<>(PARAMS);
    int[] signature = {1, 2, 3, 4, 5, 6, 7, 8};
    index.insert("a", signature);
    index.remove("a");
    index.insert("a", signature);
    assertThat(index.query(signature)).containsExactly("a");
  }

  @Test
  void duplicateInsertIsRejected() {
    LshIndex<String> index = new LshIndex<>(PARAMS);
    index.insert("a", new int[8]);
    assertThatThrownBy(() -> index.insert("a", new int[8]))
        .hasMessageContaining("already in the index: a");
  }

  @Test
  void shortSignaturesAreRejected() {
    LshIndex<String> index = new LshIndex<>(PARAMS);
    assertThatThrownBy(() -> index.insert("a", new int[7])).hasMessageContaining("needs 8");
  }

  @Test
  void indexGrowsPastItsInitialCapacity() {
    LshIndex<Integer> index = new LshIndex<>(PARAMS, 4);
    SplittableRandom random = new SplittableRandom(3);
    List<int[]> signatures = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      int[] signature = random.ints(8).toArray();
      signatures.add(signature);
      index.insert(i, signature);
    }
    for (int i = 0; i < 5000; i += 97) {
      assertThat(index.query(signatures.get(i))).contains(i);
    }
  }

  /** Property over 50 seeded random index contents. */
  @Test
  void everyDocumentFindsItselfAndIsGoneAfterRemoval() {
    SplittableRandom seeds = new SplittableRandom(0x50);
    for (int trial = 0; trial < 50; trial++) {
      assertFindsItselfAndGoneAfterRemoval(seeds.nextInt(1, 301), seeds.nextLong());
    }
  }

  private static void assertFindsItselfAndGoneAfterRemoval(int documents, long seed) {
    LshIndex<Integer> index = new LshIndex<>(LshParams.of(8, 3), 16);
    SplittableRandom random = new SplittableRandom(seed);
    int[][] signatures = new int[documents][];
    for (int i = 0; i < documents; i++) {
      // few distinct values, so buckets are shared and chains are long
      signatures[i] = random.ints(24, 0, 3).toArray();
      index.insert(i, signatures[i]);
    }
    for (int i = 0; i < documents; i++) {
      assertThat(index.query(signatures[i])).contains(i);
    }
    for (int i = 0; i < documents; i += 2) {
      index.remove(i);
    }
    for (int i = 0; i < documents; i++) {
      List<Integer> found = index.query(signatures[i]);
      if (i % 2 == 0) {
        assertThat(found).doesNotContain(i);
      } else {
        assertThat(found).contains(i);
      }
      assertThat(found).allMatch(k -> k % 2 == 1);
    }
  }

  static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> sCurveCases() {
    return java.util.stream.Stream.of(MinHashScheme.values())
        .flatMap(
            scheme ->
                java.util.stream.Stream.of(
                    org.junit.jupiter.params.provider.Arguments.of(
                        scheme, 200), // more elements than values
                    org.junit.jupiter.params.provider.Arguments.of(
                        scheme, 40))); // fewer: densified bins
  }

  /**
   * The measured candidate rate of pairs with Jaccard s matches 1 - (1 - s^r)^b, for every scheme.
   * For each s, 1500 independent pairs (fresh random sets and a fresh seed each); tolerance 4
   * binomial standard deviations plus 0.01 for the residual dependence between values (a
   * 2-universal rather than min-wise independent family; bins that share a densified value).
   */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.MethodSource("sCurveCases")
  void candidateRateFollowsTheSCurve(MinHashScheme scheme, int setSize) {
    LshParams params = LshParams.of(20, 5);
    Banding banding = new Banding(params);
    SplittableRandom random = new SplittableRandom(0x5eed + setSize);
    int trials = 1500;
    for (double s : new double[] {0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9}) {
      // |A| = |B| = m with c common: J = c / (2m - c)  =>  c = 2m s / (1 + s)
      int common = (int) Math.round(2 * setSize * s / (1 + s));
      double jaccard = (double) common / (2 * setSize - common);
      int hits = 0;
      for (int t = 0; t < trials; t++) {
        long[] shared = random.longs(common).toArray();
        long[] a = Arrays.copyOf(shared, setSize);
        long[] b = Arrays.copyOf(shared, setSize);
        for (int i = common; i < setSize; i++) {
          a[i] = random.nextLong();
          b[i] = random.nextLong();
        }
        MinHashSigner signer =
            MinHashSigner.create(new MinHashConfig(scheme, 100, random.nextLong()));
        long[] keysA = banding.bucketKeys(signer.sign(a));
        long[] keysB = banding.bucketKeys(signer.sign(b));
        for (int band = 0; band < params.bands(); band++) {
          if (keysA[band] == keysB[band]) {
            hits++;
            break;
          }
        }
      }
      double expected = params.candidateProbability(jaccard);
      double tolerance = 4 * Math.sqrt(expected * (1 - expected) / trials) + 0.01;
      assertThat((double) hits / trials)
          .as("%s, %d elements: candidate rate at J=%.3f", scheme, setSize, jaccard)
          .isCloseTo(expected, org.assertj.core.api.Assertions.within(tolerance));
    }
  }
}
