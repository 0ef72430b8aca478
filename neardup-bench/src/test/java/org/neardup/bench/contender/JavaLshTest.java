package org.neardup.bench.contender;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JavaLshTest {
  @Test
  void rowsFollowTheLibrarysFixedHalfThreshold() {
    // java-LSH: r = ceil(log(1/s) / log(0.5)) + 1
    assertThat(JavaLsh.rows(1)).isEqualTo(1);
    assertThat(JavaLsh.rows(16)).isEqualTo(5);
    assertThat(JavaLsh.rows(21)).isEqualTo(6);
  }

  @Test
  void stagesAreTheMostWhoseSignatureFitsInN() {
    assertThat(JavaLsh.stages(128)).isEqualTo(21); // 21 x 6 = 126; 22 x 6 = 132 > 128
    assertThat(JavaLsh.stages(64)).isEqualTo(12); // 12 x 5 = 60; 13 x 5 = 65 > 64
  }
}
