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
    assertThat(Jaccard.similarity(new long[] {1, 2, 3, 4}, new long[] {3, 4, 5}))
        .isEqualTo(2.0 / 5);
    assertThat(Jaccard.intersectionSize(new long[] {-5, 1, 9}, new long[] {-5, 9, 10}))
        .isEqualTo(2);
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

  /**
   * plausiblyAtLeast returns the exact similarity or BELOW, never anything else: on the same 3000
   * random pairs, it agrees with similarityAtLeast wherever it does not give up, and on sets under
   * its first look (here, all below 128 elements) it never gives up.
   */
  @Test
  void plausiblyAtLeastIsExactWhereItAnswers() {
    SplittableRandom random = new SplittableRandom(0x91a);
    for (int trial = 0; trial < 3000; trial++) {
      int universe = 1 + random.nextInt(trial % 2 == 0 ? 60 : 3000);
      long[] a = randomSortedSubset(random, universe);
      long[] b = randomSortedSubset(random, universe);
      double threshold = random.nextInt(1, 21) / 20.0;
      double exact = Jaccard.similarityAtLeast(a, b, threshold);
      double plausibly = Jaccard.plausiblyAtLeast(a, b, threshold, 1 + 4 * random.nextDouble());
      if (a.length + b.length < Jaccard.FIRST_LOOK) {
        assertThat(plausibly).isEqualTo(exact);
      } else {
        assertThat(plausibly).isIn(exact, Jaccard.BELOW);
      }
    }
  }

  /**
   * Given only a head of B (its smallest hashes) and B's size, plausiblyAtLeast answers as with the
   * whole of B or says UNDECIDED, never anything else; it is undecided only when the head is short
   * of B; and a far pair (J = 0.05 at bar 0.3, sets of 1,050) is dropped at the first look, within
   * a head of 256 hashes.
   */
  @Test
  void aHeadOfTheSetGivesTheWholeSetsAnswerOrUndecided() {
    SplittableRandom random = new SplittableRandom(0x4ead);
    for (int trial = 0; trial < 3000; trial++) {
      long[][] pair =
          trial % 2 == 0
              ? new long[][] {
                randomSortedSubset(random, 1 + random.nextInt(3000)),
                randomSortedSubset(random, 3000)
              }
              : pairWithSimilarity(
                  random, 200 + random.nextInt(2000), random.nextInt(1, 10) / 10.0);
      long[] a = pair[0];
      long[] b = pair[1];
      double threshold = random.nextInt(1, 21) / 20.0;
      double sigmas = 1 + 4 * random.nextDouble();
      double whole = Jaccard.plausiblyAtLeast(a, b, threshold, sigmas);
      long[] head = java.util.Arrays.copyOf(b, random.nextInt(b.length + 1));
      double fromHead = Jaccard.plausiblyAtLeast(a, head, b.length, threshold, sigmas);
      if (head.length == b.length) {
        assertThat(fromHead).isEqualTo(whole);
      } else {
        assertThat(fromHead).isIn(whole, Jaccard.UNDECIDED);
      }
      long[][] far = pairWithSimilarity(random, 2000, 0.05);
      long[] farHead = java.util.Arrays.copyOf(far[1], 256);
      assertThat(Jaccard.plausiblyAtLeast(far[0], farHead, far[1].length, 0.3, 4.5))
          .isEqualTo(Jaccard.BELOW);
    }
  }

  /**
   * The merge's first part is a uniform sample of the union, so pairs at exactly J = t are given up
   * as often as the normal tail says: at 2σ (2.3% a look, 4 correlated looks) between 0.5% and 10%
   * of 4,000 pairs; at the 4.5σ of top-k search (3.4e-6 a look) none. Pairs far below t are all
   * rejected, as exactly.
   */
  @Test
  void givesUpOnPairsAtTheThresholdAsRarelyAsTheNormalTailSays() {
    SplittableRandom random = new SplittableRandom(0x5eed);
    int trials = 4000;
    int droppedAt2 = 0;
    int droppedAt45 = 0;
    for (int trial = 0; trial < trials; trial++) {
      long[][] pair = pairWithSimilarity(random, 2000, 0.3);
      assertThat(Jaccard.similarity(pair[0], pair[1])).isEqualTo(0.3);
      droppedAt2 += Jaccard.plausiblyAtLeast(pair[0], pair[1], 0.3, 2) == Jaccard.BELOW ? 1 : 0;
      droppedAt45 += Jaccard.plausiblyAtLeast(pair[0], pair[1], 0.3, 4.5) == Jaccard.BELOW ? 1 : 0;
      long[][] far = pairWithSimilarity(random, 2000, 0.15);
      assertThat(Jaccard.plausiblyAtLeast(far[0], far[1], 0.3, 4.5)).isEqualTo(Jaccard.BELOW);
    }
    assertThat((double) droppedAt2 / trials).isBetween(0.005, 0.10);
    assertThat(droppedAt45).isZero();
  }

  /** Two sets of random hashes whose union has {@code union} elements, {@code j}·union common. */
  private static long[][] pairWithSimilarity(SplittableRandom random, int union, double j) {
    int common = (int) Math.round(j * union);
    int onlyA = (union - common) / 2;
    long[] a = new long[common + onlyA];
    long[] b = new long[union - onlyA];
    for (int i = 0; i < common; i++) {
      a[i] = b[i] = random.nextLong();
    }
    for (int i = common; i < a.length; i++) {
      a[i] = random.nextLong();
    }
    for (int i = common; i < b.length; i++) {
      b[i] = random.nextLong();
    }
    java.util.Arrays.sort(a);
    java.util.Arrays.sort(b);
    return new long[][] {a, b};
  }

  @Test
  void pairsAreOrderedByOrdinal() {
    assertThat(SimilarPair.of(5, 2, 0.9)).isEqualTo(new SimilarPair(2, 5, 0.9));
    assertThatThrownBy(() -> new SimilarPair(3, 3, 1)).hasMessageContaining("first < second");
  }

  private static long[] randomSortedSubset(SplittableRandom random, int universe) {
    double keep = random.nextDouble();
    return LongStream.range(0, universe)
        .map(x -> x * 7919 - 1000)
        .filter(x -> random.nextDouble() < keep)
        .toArray();
  }
}
