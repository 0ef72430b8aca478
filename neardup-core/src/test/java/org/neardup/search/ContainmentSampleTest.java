package org.neardup.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ContainmentSampleTest {
  @Test
  void samplesAboutOneInRateWithin4Sigma() {
    SplittableRandom random = new SplittableRandom(5);
    long[] set = random.longs(200_000).sorted().distinct().toArray();
    for (int rate : new int[] {1, 2, 4, 16, 100}) {
      int sampled = new ContainmentSample(rate).of(set).length;
      double p = 1.0 / rate;
      double mean = set.length * p;
      double sigma = Math.sqrt(set.length * p * (1 - p));
      assertThat((double) sampled)
          .as("rate %d", rate)
          .isBetween(mean - 4 * sigma, mean + 4 * sigma);
    }
  }

  @Test
  void theSampleIsCoordinatedSoASubsetSamplesToASubset() {
    SplittableRandom random = new SplittableRandom(6);
    long[] document = random.longs(5000).sorted().distinct().toArray();
    long[] passage = Arrays.copyOfRange(document, 1000, 1600);
    ContainmentSample sample = new ContainmentSample(4);
    long[] fromPassage = sample.of(passage);
    long[] fromDocument = sample.of(document);
    for (long shingle : fromPassage) {
      assertThat(Arrays.binarySearch(fromDocument, shingle)).isNotNegative();
    }
    for (long shingle : passage) {
      assertThat(sample.sampled(shingle)).isEqualTo(Arrays.binarySearch(fromPassage, shingle) >= 0);
    }
  }

  @Test
  void versionOneIsStable() {
    // Persisted indexes store sampled hashes: the choice of version 1 must never change.
    ContainmentSample sample = new ContainmentSample(4);
    StringBuilder bits = new StringBuilder();
    for (long h = 0; h < 32; h++) {
      bits.append(sample.sampled(h * 0x9E3779B97F4A7C15L) ? '1' : '0');
    }
    assertThat(bits.toString()).isEqualTo(GOLDEN_RATE_4);
  }

  /** Which of the hashes i·φ (i = 0..31) rate 4 samples, as the first implementation chose them. */
  static final String GOLDEN_RATE_4 = "00000101000001000000000000010000";

  @Test
  void refusesRatesOutOfRange() {
    assertThatThrownBy(() -> new ContainmentSample(0)).hasMessageContaining("[1, 65536]");
    assertThatThrownBy(() -> new ContainmentSample(70_000)).hasMessageContaining("[1, 65536]");
    assertThat(new ContainmentSample(4)).isEqualTo(new ContainmentSample(4)).hasToString("1 in 4");
  }
}
