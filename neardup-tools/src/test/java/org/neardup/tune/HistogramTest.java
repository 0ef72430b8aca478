package org.neardup.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class HistogramTest {
  @Test
  void valuesOnAnEdgeGoToTheUpperBinAndTheLastBinIsClosed() {
    Histogram histogram =
        Histogram.of(new double[] {0, 0.05, 0.3, 0.29999, 0.99, 1.0, 1.5, -0.1}, 0, 1, 10);
    assertThat(histogram.bins()).isEqualTo(10);
    assertThat(histogram.count(0)).isEqualTo(2);
    assertThat(histogram.count(2)).isEqualTo(1);
    assertThat(histogram.count(3)).isEqualTo(1);
    assertThat(histogram.count(9)).isEqualTo(2);
    assertThat(histogram.total()).isEqualTo(6);
    assertThat(histogram.maxCount()).isEqualTo(2);
  }

  @Test
  void edgesAreEvenlySpaced() {
    Histogram histogram = Histogram.of(new double[] {0.8, 0.85, 1.0}, 0.8, 1.0, 20);
    assertThat(histogram.lower(0)).isEqualTo(0.8);
    assertThat(histogram.lower(5)).isCloseTo(0.85, org.assertj.core.api.Assertions.within(1e-12));
    assertThat(histogram.upper(19)).isEqualTo(1.0);
    assertThat(histogram.count(5)).isEqualTo(1);
    assertThat(histogram.binOf(0.79)).isEqualTo(-1);
  }

  @Test
  void rejectsAnEmptyRangeAndNoBins() {
    assertThatThrownBy(() -> Histogram.of(new double[0], 1, 1, 3))
        .hasMessageContaining("from < to");
    assertThatThrownBy(() -> Histogram.of(new double[0], 0, 1, 0))
        .hasMessage("bins must be at least 1, got 0");
  }
}
