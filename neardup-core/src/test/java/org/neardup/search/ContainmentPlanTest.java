package org.neardup.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class ContainmentPlanTest {
  private static final ContainmentPlan PLAN =
      new ContainmentPlan(0.8, 0.99, new ContainmentSample(4));

  @Test
  void minimumHitsIsTheLargestCountTheTargetAllows() {
    assertThat(PLAN.minimumHits(0)).isEqualTo(1);
    assertThat(PLAN.minimumHits(1)).isEqualTo(1);
    assertThat(PLAN.minimumHits(3)).isEqualTo(1); // P(Bin(3, 0.8) = 0) = 0.008, P(< 2) = 0.104
    for (int k = 1; k < 500; k++) {
      int h = PLAN.minimumHits(k);
      assertThat(h).isBetween(1, k);
      assertThat(h)
          .isGreaterThanOrEqualTo(PLAN.minimumHits(k - 1))
          .isLessThanOrEqualTo(PLAN.minimumHits(k - 1) + 1);
      if (h > 1) {
        assertThat(Binomial.cdf(k, 0.8, h - 1)).isLessThanOrEqualTo(0.01);
      }
      if (h < k) {
        assertThat(Binomial.cdf(k, 0.8, h)).isGreaterThan(0.01);
      }
    }
    assertThat(PLAN.minimumHits(5000))
        .isEqualTo(new ContainmentPlan(0.8, 0.99, new ContainmentSample(4)).minimumHits(5000));
  }

  @Test
  void candidateProbabilityReachesTheTargetFromTheMinimumQuerySize() {
    int minimum = PLAN.minimumQuerySize();
    assertThat(minimum).isBetween(10, 60);
    assertThat(PLAN.candidateProbability(0.8, minimum - 1)).isLessThan(0.99);
    for (int size = minimum; size < 3000; size += 29) {
      assertThat(PLAN.candidateProbability(0.8, size))
          .as("size %d", size)
          .isGreaterThanOrEqualTo(0.99);
      assertThat(PLAN.candidateProbability(1.0, size))
          .isGreaterThanOrEqualTo(PLAN.candidateProbability(0.8, size));
    }
    // far below the threshold, few candidates: the filter is what makes the search cheap
    assertThat(PLAN.candidateProbability(0.3, 400)).isLessThan(1e-6);
    assertThat(new ContainmentPlan(0.8, 0.99, new ContainmentSample(1)).minimumQuerySize())
        .isLessThan(minimum);
  }

  @Test
  void aQueryKeepsAtMostTheCapOfItsSampledShinglesThoseOfSmallestHash() {
    long[] set = new SplittableRandom(7).longs(2000).sorted().distinct().toArray();
    long[] all = PLAN.sample().of(set);
    assertThat(all.length).isGreaterThan(ContainmentPlan.MAX_QUERY_SAMPLE);
    assertThat(PLAN.querySample(set))
        .containsExactly(Arrays.copyOf(all, ContainmentPlan.MAX_QUERY_SAMPLE));
    long[] small = Arrays.copyOf(set, 100);
    assertThat(PLAN.querySample(small)).containsExactly(PLAN.sample().of(small));
    // past the cap, a document at the threshold is still a candidate with the target probability
    assertThat(PLAN.candidateProbability(0.8, 100_000)).isBetween(0.99, 0.999);
  }

  /**
   * The candidate rule measured on random sets against {@link
   * ContainmentPlan#candidateProbability}: for each (containment, query size) cell, 3,000
   * independent trials (a fresh random universe of hashes each, the shared shingles a random subset
   * of the query's), the observed rate within 4 standard deviations of the predicted one. Queries
   * of 480 shingles sample about {@link ContainmentPlan#MAX_QUERY_SAMPLE} of them, and those of
   * 1,200 always more: the cap's model.
   */
  @Test
  void candidateRatesFollowThePredictionWithin4Sigma() {
    SplittableRandom random = new SplittableRandom(20261122L);
    int trials = 3000;
    for (double containment : new double[] {0.6, 0.75, 0.8, 0.9}) {
      for (int size : new int[] {12, 30, 120, 480, 1200}) {
        int shared = (int) Math.ceil(containment * size);
        int hits = 0;
        for (int trial = 0; trial < trials; trial++) {
          long[] all = random.longs(size + 200).distinct().toArray(); // in random order
          long[] query = LongStream.of(all).limit(size).sorted().toArray();
          long[] other =
              LongStream.concat(LongStream.of(all).limit(shared), LongStream.of(all).skip(size))
                  .sorted()
                  .toArray();
          ContainmentQuery q = new ContainmentQuery(PLAN, query);
          if (q.sampled().length > 0 && q.holdsEnoughSampled(other)) {
            hits++;
          }
        }
        double p = PLAN.candidateProbability(containment, size);
        double sigma = Math.sqrt(trials * p * (1 - p));
        assertThat((double) hits)
            .as("C=%s |Q|=%d predicted %s", containment, size, p)
            .isBetween(trials * p - 4 * sigma - 1, trials * p + 4 * sigma + 1);
      }
    }
  }

  @Test
  void refusesBadSettings() {
    assertThatThrownBy(() -> new ContainmentPlan(0, 0.99, new ContainmentSample(4)))
        .hasMessageContaining("threshold");
    assertThatThrownBy(() -> new ContainmentPlan(0.8, 1, new ContainmentSample(4)))
        .hasMessageContaining("target recall");
  }
}
