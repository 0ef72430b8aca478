package org.neardup.bench.contender;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.neardup.lsh.LshParams;

class DatasketchParamsTest {
  @Test
  void matchesPublishedValuesOfDatasketchsOptimalParam() {
    // Examples in text-dedup's copy of datasketch's _optimal_param (computed with SciPy's quad).
    assertThat(DatasketchParams.optimal(0.75, 256)).isEqualTo(LshParams.of(21, 12));
    assertThat(DatasketchParams.optimal(0.75, 256, 0.1, 0.9)).isEqualTo(LshParams.of(28, 9));
  }

  @Test
  void benchmarkDefaultsGiveNineBandsOfThirteenRows() {
    assertThat(DatasketchParams.optimal(0.8, 128)).isEqualTo(LshParams.of(9, 13));
  }

  @Test
  void moreWeightOnFalseNegativesGivesMoreBandsAndFewerRows() {
    LshParams balanced = DatasketchParams.optimal(0.5, 128);
    LshParams recallFirst = DatasketchParams.optimal(0.5, 128, 0.2, 0.8);
    assertThat(recallFirst.bands()).isGreaterThan(balanced.bands());
    assertThat(recallFirst.rows()).isLessThan(balanced.rows());
  }
}
