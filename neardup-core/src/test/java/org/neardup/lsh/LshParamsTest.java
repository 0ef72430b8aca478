package org.neardup.lsh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LshParamsTest {
  @Test
  void candidateProbabilityIsTheSCurve() {
    LshParams params = LshParams.of(20, 5);
    assertThat(params.candidateProbability(0.5))
        .isCloseTo(1 - Math.pow(1 - Math.pow(0.5, 5), 20), within(1e-15));
    assertThat(params.candidateProbability(0)).isZero();
    assertThat(params.candidateProbability(1)).isEqualTo(1);
  }

  @Test
  void defaultsChooseTwentyOneBandsOfSixRowsForThresholdPointEight() {
    LshParams params = LshParams.optimal(0.8, 128, 0.99);
    assertThat(params).isEqualTo(LshParams.of(21, 6));
    assertThat(params.candidateProbability(0.8)).isGreaterThanOrEqualTo(0.99);
    // r = 7 would give 18 bands and miss the target: 1 - (1 - 0.8^7)^18 < 0.99.
    assertThat(LshParams.of(18, 7).candidateProbability(0.8)).isLessThan(0.99);
  }

  @Test
  void lowerThresholdsUseFewerRows() {
    assertThat(LshParams.optimal(0.5, 128, 0.99).rows())
        .isLessThan(LshParams.optimal(0.8, 128, 0.99).rows());
    assertThat(LshParams.optimal(0.95, 128, 0.99).rows())
        .isGreaterThan(LshParams.optimal(0.8, 128, 0.99).rows());
  }

  @Test
  void unreachableTargetFallsBackToTheMostSensitiveBanding() {
    // With 4 values no banding reaches 0.99 at 0.1; r = 1, b = 4 comes closest.
    assertThat(LshParams.optimal(0.1, 4, 0.99)).isEqualTo(LshParams.of(4, 1));
  }

  @Test
  void toStringIsTheTuneFormat() {
    assertThat(LshParams.of(21, 6)).hasToString("bands=21 rows=6");
  }

  @Test
  void rejectsInvalidArguments() {
    assertThatThrownBy(() -> LshParams.of(0, 5)).hasMessage("bands must be at least 1, got 0");
    assertThatThrownBy(() -> LshParams.optimal(1.5, 128, 0.99)).hasMessageContaining("threshold");
    assertThatThrownBy(() -> LshParams.optimal(0.8, 128, 1.0))
        .hasMessageContaining("target recall");
  }

  /** Property over 200 seeded random (threshold, n, target). */
  @Test
  void optimalMeetsTheTargetWhenItCanAndUsesAtMostNValues() {
    SplittableRandom random = new SplittableRandom(0x15);
    for (int trial = 0; trial < 200; trial++) {
      double threshold = random.nextDouble(0.3, 0.99);
      int n = random.nextInt(16, 513);
      double target = random.nextDouble(0.5, 0.999);
      LshParams params = LshParams.optimal(threshold, n, target);
      assertThat(params.signatureLength()).isLessThanOrEqualTo(n);
      if (LshParams.of(n, 1).candidateProbability(threshold) >= target) {
        assertThat(params.candidateProbability(threshold)).isGreaterThanOrEqualTo(target);
      }
    }
  }

  /**
   * Property over 100 seeded random (threshold, target): the optimizer is monotone in the target.
   */
  @Test
  void aHigherTargetNeverLowersTheProbabilityAtTheThreshold() {
    SplittableRandom random = new SplittableRandom(0x16);
    for (int trial = 0; trial < 100; trial++) {
      double threshold = random.nextDouble(0.4, 0.95);
      double target = random.nextDouble(0.5, 0.98);
      double higher = Math.min(0.999, target + 0.01);
      assertThat(LshParams.optimal(threshold, 128, higher).candidateProbability(threshold))
          .isGreaterThanOrEqualTo(
              LshParams.optimal(threshold, 128, target).candidateProbability(threshold) - 1e-12);
    }
  }
}
