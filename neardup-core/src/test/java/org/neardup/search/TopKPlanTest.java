package org.neardup.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.data.Offset.offset;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.neardup.lsh.Banding;
import org.neardup.lsh.LshParams;
import org.neardup.minhash.MinHashConfig;
import org.neardup.minhash.MinHashScheme;
import org.neardup.minhash.MinHashSigner;
import org.neardup.minhash.Signatures;

class TopKPlanTest {
  @Test
  void theFloorBandingIsChosenAsPairsChoosesOneForAThreshold() {
    TopKPlan plan = TopKPlan.forFloor(0.3, 128, 0.99);
    assertThat(plan.banding()).isEqualTo(LshParams.of(64, 2));
    assertThat(plan.banding()).isEqualTo(LshParams.optimal(0.3, 128, 0.99));
    assertThat(plan.candidateProbability(0.3)).isGreaterThan(0.997);
    assertThat(plan.candidateProbability(0.1)).isLessThan(0.5);
    assertThat(TopKPlan.forFloor(0.5, 128, 0.99).banding()).isEqualTo(LshParams.of(42, 3));
  }

  @Test
  void upperBoundsRiseWithHitsAndMissTheirMarkRarely() {
    TopKPlan plan = TopKPlan.forFloor(0.3, 128, 0.99);
    LshParams banding = plan.banding();
    double previous = 0;
    for (int hits = 0; hits <= banding.bands(); hits++) {
      double bound = plan.upperBound(hits);
      assertThat(bound).isGreaterThanOrEqualTo(previous).isLessThanOrEqualTo(1);
      previous = bound;
      if (hits < banding.bands()) {
        // a document at the bound shows this few hits with probability PRUNE_ERROR
        double p = Math.pow(bound, banding.rows());
        assertThat(Binomial.cdf(banding.bands(), p, hits))
            .isCloseTo(TopKPlan.PRUNE_ERROR, offset(1e-6));
      }
    }
    assertThat(plan.upperBound(1)).isBetween(0.35, 0.45);
  }

  /**
   * The fewest hits that plausibly reach a bar: the first whose upper bound is at least the bar.
   */
  @Test
  void minimumHitsIsTheFirstHitCountWhoseBoundReachesTheBar() {
    TopKPlan plan = TopKPlan.forFloor(0.3, 128, 0.99);
    for (double bar = 0.3; bar <= 1.0; bar += 0.01) {
      int hits = plan.minimumHits(bar);
      assertThat(plan.upperBound(hits)).as("bar %s", bar).isGreaterThanOrEqualTo(bar);
      if (hits > 0) {
        assertThat(plan.upperBound(hits - 1)).as("bar %s", bar).isLessThan(bar);
      }
    }
    assertThat(plan.minimumHits(0.3))
        .isLessThanOrEqualTo(1); // every floor candidate (one band or more)
    assertThat(plan.minimumHits(0.5)).isGreaterThanOrEqualTo(2); // not those sharing one band
  }

  /**
   * The floor banding on real signatures (the default one-permutation scheme, sets of 300): at each
   * similarity, the candidate rate within 4σ of 1 − (1 − s²)^64 and the mean number of shared bands
   * within 4σ of 64·s² (what the hit-count bounds assume); 1,500 pairs a similarity, seeded.
   */
  @Test
  void floorBandsFollowTheirSCurveAndHitCountsTheirBinomial() {
    TopKPlan plan = TopKPlan.forFloor(0.3, 128, 0.99);
    Banding banding = new Banding(plan.banding());
    SplittableRandom random = new SplittableRandom(0x70bcL);
    int setSize = 300;
    int trials = 1500;
    for (double s : new double[] {0.1, 0.2, 0.3, 0.4, 0.6}) {
      int common = (int) Math.round(2 * setSize * s / (1 + s));
      double jaccard = (double) common / (2 * setSize - common);
      int candidates = 0;
      long hitSum = 0;
      for (int t = 0; t < trials; t++) {
        long[] shared = random.longs(common).toArray();
        long[] a = Arrays.copyOf(shared, setSize);
        long[] b = Arrays.copyOf(shared, setSize);
        for (int i = common; i < setSize; i++) {
          a[i] = random.nextLong();
          b[i] = random.nextLong();
        }
        MinHashSigner signer =
            MinHashSigner.create(
                new MinHashConfig(MinHashScheme.ONE_PERMUTATION_V1, 128, random.nextLong()));
        long[] keysA = banding.bucketKeys(signer.sign(a));
        long[] keysB = banding.bucketKeys(signer.sign(b));
        int hits = 0;
        for (int band = 0; band < keysA.length; band++) {
          hits += keysA[band] == keysB[band] ? 1 : 0;
        }
        candidates += hits > 0 ? 1 : 0;
        hitSum += hits;
      }
      double expected = plan.candidateProbability(jaccard);
      double rateSigma = Math.sqrt(expected * (1 - expected) / trials);
      assertThat((double) candidates / trials)
          .as("candidate rate at J=%.3f", jaccard)
          .isCloseTo(expected, within(4 * rateSigma + 0.005));
      double p = jaccard * jaccard;
      double meanHits = 64 * p;
      double hitsSigma = Math.sqrt(64 * p * (1 - p) / trials);
      assertThat((double) hitSum / trials)
          .as("mean shared bands at J=%.3f", jaccard)
          .isCloseTo(meanHits, within(4 * hitsSigma + 0.05));
    }
  }

  @Test
  void minimumAgreementIsFourSigmaBelowTheMean() {
    assertThat(TopKPlan.minimumAgreement(128, 0.3)).isEqualTo(17); // 38.4 - 4 * 5.18
    assertThat(TopKPlan.minimumAgreement(128, 0.01)).isZero();
  }

  /**
   * The low-byte filter's bound allows for chance agreements (1/256 a value): 128 · (0.3 + 0.7/256)
   * = 38.75, minus 4 · 5.22, is 17; and signatures of real pairs at exactly J = 0.3
   * (one-permutation MinHash, 3000 seeded pairs) pass it as the 4σ bound says (3e-5 each: none
   * here).
   */
  @Test
  void theLowByteBoundAllowsForChanceAgreementsAndPassesPairsAtTheBar() {
    int minimum = TopKPlan.minimumLowByteAgreement(128, 0.3, TopKPlan.FILTER_SIGMAS);
    assertThat(minimum).isEqualTo(17);
    assertThat(TopKPlan.minimumLowByteAgreement(128, 0.9, TopKPlan.FILTER_SIGMAS))
        .isGreaterThanOrEqualTo(TopKPlan.minimumAgreement(128, 0.9));
    SplittableRandom random = new SplittableRandom(0x3b17);
    for (int trial = 0; trial < 3000; trial++) {
      long[] shared = random.longs(300).toArray(); // J = 300 / (300 + 350 + 350)
      long[] onlyA = random.longs(350).toArray();
      long[] onlyB = random.longs(350).toArray();
      MinHashSigner signer =
          MinHashSigner.create(
              new MinHashConfig(MinHashScheme.ONE_PERMUTATION_V1, 128, random.nextLong()));
      int[] a = signer.sign(concat(shared, onlyA));
      int[] b = signer.sign(concat(shared, onlyB));
      assertThat(Signatures.lowByteAgreement(Signatures.lowBytes(a), Signatures.lowBytes(b), 128))
          .isGreaterThanOrEqualTo(minimum);
    }
  }

  private static long[] concat(long[] x, long[] y) {
    long[] both = Arrays.copyOf(x, x.length + y.length);
    System.arraycopy(y, 0, both, x.length, y.length);
    return both;
  }

  @Test
  void theCollectorKeepsTheKBestTiesToTheLowerHandle() {
    TopKCollector top = new TopKCollector(3);
    top.offer(5, 0.5);
    top.offer(1, 0.9);
    assertThat(top.isFull()).isFalse();
    assertThat(top.kth(-1)).isEqualTo(-1);
    top.offer(7, 0.5);
    top.offer(2, 0.5); // ties with 5 and 7 at the k-th place: the lower handles win
    top.offer(9, 0.4);
    assertThat(top.kth(-1)).isEqualTo(0.5);
    assertThat(top.results())
        .containsExactly(
            new TopKCollector.Found(1, 0.9),
            new TopKCollector.Found(2, 0.5),
            new TopKCollector.Found(5, 0.5));
    assertThat(
            ExactTopK.of(new long[][] {{1, 2}, {1, 2, 3}, {9}}, new long[] {1, 2}, 2, i -> false))
        .extracting(TopKCollector.Found::handle)
        .isEqualTo(List.of(0L, 1L));
  }

  @Test
  void refusesAFloorOutsideTheUnitInterval() {
    assertThatThrownBy(() -> TopKPlan.forFloor(0, 128, 0.99)).hasMessageContaining("floor");
    assertThatThrownBy(() -> new TopKCollector(0)).hasMessageContaining("k must be");
  }
}
