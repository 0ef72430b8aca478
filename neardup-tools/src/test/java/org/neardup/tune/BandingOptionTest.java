package org.neardup.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.neardup.lsh.LshParams;

class BandingOptionTest {
  @Test
  void alternativesToTwentyOneBySixAreTheNeighbouringRowCountsUsingAllValues() {
    List<BandingOption> options = BandingOption.alternatives(LshParams.of(21, 6), 0.8, 128, 4);
    assertThat(options)
        .extracting(BandingOption::params)
        .containsExactly(
            LshParams.of(32, 4), LshParams.of(25, 5), LshParams.of(18, 7), LshParams.of(16, 8));
    BandingOption seven = options.get(2);
    assertThat(seven.atThreshold())
        .isCloseTo(1 - Math.pow(1 - Math.pow(0.8, 7), 18), within(1e-12));
    assertThat(seven.meets(0.99)).isFalse();
    assertThat(options.get(1).meets(0.99)).isTrue();
    assertThat(seven.falseCandidateRate()).isEqualTo(LshParams.of(18, 7).falseCandidateRate(0.8));
  }

  @Test
  void nearTheEdgesAlternativesComeFromTheOtherSide() {
    assertThat(BandingOption.alternatives(LshParams.of(128, 1), 0.3, 128, 3))
        .extracting(o -> o.params().rows())
        .containsExactly(2, 3, 4);
    assertThat(BandingOption.alternatives(LshParams.of(1, 4), 0.9, 4, 5))
        .extracting(o -> o.params().rows())
        .containsExactly(1, 2, 3);
  }

  /**
   * Property over 100 seeded random bandings: the chosen banding is the best alternative that meets
   * the target.
   */
  @Test
  void noAlternativeMeetingTheTargetHasFewerFalseCandidatesThanTheOptimum() {
    SplittableRandom random = new SplittableRandom(0x70);
    for (int trial = 0; trial < 100; trial++) {
      double threshold = random.nextDouble(0.3, 0.95);
      int n = random.nextInt(32, 257);
      LshParams chosen = LshParams.optimal(threshold, n, 0.99);
      BandingOption best = BandingOption.of(chosen, threshold);
      for (BandingOption option : BandingOption.alternatives(chosen, threshold, n, 4)) {
        assertThat(option.params()).isNotEqualTo(chosen);
        if (option.meets(0.99) && best.meets(0.99)) {
          assertThat(option.falseCandidateRate()).isGreaterThanOrEqualTo(best.falseCandidateRate());
        }
      }
    }
  }
}
