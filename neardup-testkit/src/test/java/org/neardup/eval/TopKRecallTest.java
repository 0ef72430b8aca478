package org.neardup.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TopKRecallTest {
  @Test
  void countsReturnedDocumentsAtOrAboveTheExactKthSimilarity() {
    List<Double> exact = List.of(0.9, 0.7, 0.5);
    assertThat(TopKRecall.of(exact, List.of(0.9, 0.7, 0.5))).isEqualTo(1.0);
    assertThat(TopKRecall.of(exact, List.of(0.9, 0.5, 0.4))).isEqualTo(2.0 / 3);
    assertThat(TopKRecall.of(exact, List.of(0.9, 0.5, 0.5)))
        .isEqualTo(1.0); // a tie at the k-th place
    assertThat(TopKRecall.of(exact, List.of())).isZero();
    assertThatThrownBy(() -> TopKRecall.of(List.of(), List.of(1.0))).hasMessageContaining("empty");
  }
}
