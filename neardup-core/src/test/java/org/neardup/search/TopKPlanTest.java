package org.neardup.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.neardup.lsh.LshParams;

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
        assertThat(Binomial.cdf(banding.bands(), p, hits)).isCloseTo(TopKPlan.PRUNE_ERROR, org.assertj.core.data.Offset.offset(1e-6));
      }
    }
    assertThat(plan.upperBound(1)).isBetween(0.35, 0.45);
  }

  @Test
  void minimumAgreementIsFourSigmaBelowTheMean() {
    assertThat(TopKPlan.minimumAgreement(128, 0.3)).isEqualTo(17); // 38.4 - 4 * 5.18
    assertThat(TopKPlan.minimumAgreement(128, 0.01)).isZero();
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
    assertThat(top.results()).containsExactly(
        new TopKCollector.Found(1, 0.9), new TopKCollector.Found(2, 0.5), new TopKCollector.Found(5, 0.5));
    assertThat(ExactTopK.of(new long[][] {{1, 2}, {1, 2, 3}, {9}}, new long[] {1, 2}, 2, i -> false))
        .extracting(TopKCollector.Found::handle).isEqualTo(List.of(0L, 1L));
  }

  @Test
  void refusesAFloorOutsideTheUnitInterval() {
    assertThatThrownBy(() -> TopKPlan.forFloor(0, 128, 0.99)).hasMessageContaining("floor");
    assertThatThrownBy(() -> new TopKCollector(0)).hasMessageContaining("k must be");
  }
}
