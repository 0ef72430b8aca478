package org.neardup.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PairEvaluatorTest {
  @Test
  void precisionRecallAndF1CountUnorderedPairs() {
    Set<IdPair> truth = Set.of(IdPair.of("a", "b"), IdPair.of("c", "d"), IdPair.of("e", "f"));
    Set<IdPair> found =
        Set.of(IdPair.of("b", "a"), IdPair.of("c", "d"), IdPair.of("x", "y"), IdPair.of("p", "q"));
    Evaluation evaluation = PairEvaluator.evaluate(truth, found);
    assertThat(evaluation).isEqualTo(new Evaluation(2, 2, 1));
    assertThat(evaluation.precision()).isEqualTo(0.5);
    assertThat(evaluation.recall()).isCloseTo(2.0 / 3, within(1e-12));
    assertThat(evaluation.f1()).isCloseTo(2 * 0.5 * (2.0 / 3) / (0.5 + 2.0 / 3), within(1e-12));
  }

  @Test
  void emptyTruthAndEmptyFindingsArePerfect() {
    assertThat(PairEvaluator.evaluate(Set.of(), Set.of()).f1()).isEqualTo(1.0);
  }

  @Test
  void recallByBandPutsEachTruthPairInItsBandAndOneInTheClosedLastBand() {
    Map<IdPair, Double> truth =
        Map.of(
            IdPair.of("a", "b"),
            0.81,
            IdPair.of("c", "d"),
            0.86,
            IdPair.of("e", "f"),
            1.0,
            IdPair.of("g", "h"),
            0.97,
            IdPair.of("i", "j"),
            0.5);
    Set<IdPair> found = Set.of(IdPair.of("a", "b"), IdPair.of("e", "f"));
    List<BandRecall> bands = PairEvaluator.recallByBand(truth, found, 0.8, 0.1);
    assertThat(bands).hasSize(2);
    assertThat(bands.get(0)).isEqualTo(new BandRecall(0.8, 0.9, 2, 1));
    assertThat(bands.get(1).truthPairs()).isEqualTo(2);
    assertThat(bands.get(1).foundPairs()).isEqualTo(1);
    assertThat(bands.get(1).to()).isEqualTo(1.0);
  }

  @Test
  void bandEdgesAreComparedAtSixDecimalsSoAnEdgeFallsInTheBandItStarts() {
    assertThat(PairEvaluator.lowestBandStart(0.85, 0.05)).isEqualTo(0.85);
    assertThat(PairEvaluator.lowestBandStart(0.849999, 0.05)).isEqualTo(0.8);
    Map<IdPair, Double> truth =
        Map.of(IdPair.of("a", "b"), 0.85, IdPair.of("c", "d"), 0.9, IdPair.of("e", "f"), 0.95);
    List<BandRecall> bands = PairEvaluator.recallByBand(truth, Set.of(), 0.85, 0.05);
    assertThat(bands).extracting(BandRecall::truthPairs).containsExactly(1L, 1L, 1L);
    assertThat(bands).extracting(BandRecall::from).containsExactly(0.85, 0.9, 0.95);
  }
}
