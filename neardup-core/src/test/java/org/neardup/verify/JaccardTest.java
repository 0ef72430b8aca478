package org.neardup.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class JaccardTest {
  @Test
  void similarityIsIntersectionOverUnion() {
    assertThat(Jaccard.similarity(new long[] {1, 2, 3, 4}, new long[] {3, 4, 5})).isEqualTo(2.0 / 5);
    assertThat(Jaccard.intersectionSize(new long[] {-5, 1, 9}, new long[] {-5, 9, 10})).isEqualTo(2);
  }

  @Test
  void aSetIsFullySimilarToItselfAndTwoEmptySetsToEachOther() {
    long[] set = {-3, 0, 7};
    assertThat(Jaccard.similarity(set, set)).isEqualTo(1.0);
    assertThat(Jaccard.similarity(new long[0], new long[0])).isEqualTo(1.0);
    assertThat(Jaccard.similarity(set, new long[0])).isZero();
  }

  @Test
  void thresholdIsInclusiveOnTheExactValue() {
    long[] a = {1, 2, 3, 4, 5};
    long[] b = {1, 2, 3, 4}; // J = 4/5 = 0.8 exactly
    assertThat(Jaccard.similarityAtLeast(a, b, 0.8)).isEqualTo(0.8);
    assertThat(Jaccard.similarityAtLeast(a, b, 0.8000001)).isEqualTo(Jaccard.BELOW);
  }

  /**
   * Property over 3000 seeded random pairs of sorted sets with heavy overlap: similarity matches a
   * HashSet computation, and similarityAtLeast agrees with it on every threshold.
   */
  @Test
  void agreesWithSetArithmeticAndNeverRejectsAQualifyingPair() {
    SplittableRandom random = new SplittableRandom(0x7ac);
    for (int trial = 0; trial < 3000; trial++) {
      int universe = 1 + random.nextInt(60);
      long[] a = randomSortedSubset(random, universe);
      long[] b = randomSortedSubset(random, universe);
      Set<Long> union = new HashSet<>();
      Set<Long> intersection = new HashSet<>();
      for (long x : a) union.add(x);
      for (long x : b) {
        if (!union.add(x)) intersection.add(x);
      }
      double expected = union.isEmpty() ? 1 : (double) intersection.size() / union.size();
      assertThat(Jaccard.similarity(a, b)).isEqualTo(expected);
      double threshold = random.nextInt(1, 21) / 20.0;
      double atLeast = Jaccard.similarityAtLeast(a, b, threshold);
      if (expected >= threshold) {
        assertThat(atLeast).isEqualTo(expected);
      } else {
        assertThat(atLeast).isEqualTo(Jaccard.BELOW);
      }
      // the int overload (for rank arrays) agrees exactly
      int[] intA = java.util.Arrays.stream(a).mapToInt(x -> (int) x).toArray();
      int[] intB = java.util.Arrays.stream(b).mapToInt(x -> (int) x).toArray();
      assertThat(Jaccard.similarityAtLeast(intA, intB, threshold)).isEqualTo(atLeast);
    }
  }

  @Test
  void pairsAreOrderedByOrdinal() {
    assertThat(SimilarPair.of(5, 2, 0.9)).isEqualTo(new SimilarPair(2, 5, 0.9));
    assertThatThrownBy(() -> new SimilarPair(3, 3, 1)).hasMessageContaining("first < second");
  }

  private static long[] randomSortedSubset(SplittableRandom random, int universe) {
    double keep = random.nextDouble();
    return LongStream.range(0, universe).map(x -> x * 7919 - 1000).filter(x -> random.nextDouble() < keep).toArray();
  }
}
