package org.neardup.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.neardup.lsh.LshParams;

class CurvePointTest {
  private static double formula(double s, int b, int r) {
    return 1 - Math.pow(1 - Math.pow(s, r), b);
  }

  @Test
  void aroundTheDefaultThresholdGivesSixPointsOnTheFormula() {
    List<CurvePoint> points = CurvePoint.around(LshParams.of(21, 6), 0.8);
    assertThat(points)
        .extracting(CurvePoint::similarity)
        .containsExactly(0.6, 0.7, 0.75, 0.8, 0.85, 0.9);
    for (CurvePoint point : points) {
      assertThat(point.probability()).isCloseTo(formula(point.similarity(), 21, 6), within(1e-12));
    }
    assertThat(points.get(3).probability()).isCloseTo(0.9983, within(1e-4));
  }

  @Test
  void pointsAreClippedToZeroAndOneWithoutRepeats() {
    assertThat(CurvePoint.around(LshParams.of(21, 6), 0.95))
        .extracting(CurvePoint::similarity)
        .containsExactly(0.75, 0.85, 0.9, 0.95, 1.0);
    assertThat(CurvePoint.around(LshParams.of(64, 2), 0.1))
        .extracting(CurvePoint::similarity)
        .containsExactly(0.0, 0.05, 0.1, 0.15, 0.2);
    assertThat(CurvePoint.around(LshParams.of(64, 2), 0.1).get(0).probability()).isZero();
  }

  @Test
  void sampledCurveRunsFromZeroToOneAndRises() {
    List<CurvePoint> points = CurvePoint.sampled(LshParams.of(18, 7), 100);
    assertThat(points).hasSize(101);
    assertThat(points.get(0).probability()).isZero();
    assertThat(points.get(100).probability()).isEqualTo(1.0);
    for (int i = 1; i < points.size(); i++) {
      assertThat(points.get(i).probability())
          .isGreaterThanOrEqualTo(points.get(i - 1).probability());
      assertThat(points.get(i).probability()).isCloseTo(formula(i / 100.0, 18, 7), within(1e-12));
    }
  }
}
