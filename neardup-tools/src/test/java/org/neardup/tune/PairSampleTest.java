package org.neardup.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.neardup.batch.PairFinder;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.PairResult;
import org.neardup.batch.corpus.Progress;
import org.neardup.config.PipelineConfig;
import org.neardup.lsh.LshParams;
import org.neardup.synth.CorpusGenerator;
import org.neardup.verify.Jaccard;
import org.neardup.verify.VerifyMode;

class PairSampleTest {
  private static final PipelineConfig DEFAULTS = PipelineConfig.builder().threads(2).build();

  /** 1,500 documents, 1,124,250 pairs, about a thousand of them planted near-duplicates. */
  private static final Corpus GENERATED =
      TuneFixtures.corpus(DEFAULTS, new CorpusGenerator(1500, 0.4, 3, 0.3, 10, 50, 23).generate());

  @Test
  void aSmallCorpusIsEnumeratedExactly() {
    Corpus corpus =
        TuneFixtures.corpus(
            DEFAULTS,
            List.of(
                "the quick brown fox jumps over the lazy dog",
                "the quick brown fox jumps over the lazy cat",
                "something else entirely, nothing in common",
                "the quick brown fox jumps over the lazy dog"));
    PairSample sample = PairSample.draw(corpus, 20_000, 1);
    assertThat(sample.exhaustive()).isTrue();
    assertThat(sample.totalPairs()).isEqualTo(6);
    assertThat(sample.size()).isEqualTo(6);
    assertThat(sample.similarity(2)).isEqualTo(1.0); // pair (0, 3)
    assertThat(sample.similarity(0))
        .isEqualTo(Jaccard.similarity(corpus.shingles(0), corpus.shingles(1)));

    LshParams params = LshParams.of(21, 6);
    CandidateEstimate estimate = sample.estimate(params, 0.8);
    double expected = 0;
    double merge = 0;
    int atThreshold = 0;
    for (int i = 0; i < 4; i++) {
      for (int j = i + 1; j < 4; j++) {
        double s = Jaccard.similarity(corpus.shingles(i), corpus.shingles(j));
        double p = params.candidateProbability(s);
        atThreshold += s >= 0.8 ? 1 : 0;
        expected += p;
        merge += p * (corpus.shingles(i).length + corpus.shingles(j).length);
      }
    }
    assertThat(estimate.exhaustive()).isTrue();
    assertThat(estimate.candidatesStandardError()).isZero();
    assertThat(estimate.candidates()).isCloseTo(expected, within(1e-9));
    assertThat(estimate.mergeSteps()).isCloseTo(merge, within(1e-6));
    assertThat(estimate.pairsAtThreshold())
        .isEqualTo(atThreshold)
        .isEqualTo(3); // dog, cat, dog: 3 pairs of J >= 0.8
  }

  @Test
  void theSameSeedDrawsTheSameSampleAndAnotherSeedAnother() {
    PairSample a = PairSample.draw(GENERATED, 1000, 5);
    PairSample b = PairSample.draw(GENERATED, 1000, 5);
    PairSample c = PairSample.draw(GENERATED, 1000, 6);
    double[] sa = new double[1000];
    double[] sb = new double[1000];
    double[] sc = new double[1000];
    for (int k = 0; k < 1000; k++) {
      sa[k] = a.similarity(k);
      sb[k] = b.similarity(k);
      sc[k] = c.similarity(k);
    }
    assertThat(sa).containsExactly(sb);
    assertThat(sa).isNotEqualTo(sc);
    assertThat(a.exhaustive()).isFalse();
    assertThat(a.scale()).isEqualTo(1_124_250 / 1000.0);
  }

  /**
   * The estimate against the truth by full enumeration: the expected candidate count (sum of
   * P(candidate | J) over all 1,124,250 pairs) and the number of pairs at or above the threshold.
   * Stated tolerance: 4 standard errors (the estimator's own), and the error bar itself within 30%.
   */
  @Test
  void theSampleEstimateIsWithinFourStandardErrorsOfTheFullEnumeration() {
    for (double threshold : new double[] {0.5, 0.8}) {
      LshParams params = LshParams.optimal(threshold, 128, 0.99);
      double expected = 0;
      long atThreshold = 0;
      int n = GENERATED.size();
      for (int i = 0; i < n; i++) {
        for (int j = i + 1; j < n; j++) {
          double s = Jaccard.similarity(GENERATED.shingles(i), GENERATED.shingles(j));
          expected += params.candidateProbability(s);
          if (s >= threshold) atThreshold++;
        }
      }
      CandidateEstimate estimate =
          PairSample.draw(GENERATED, 100_000, 7).estimate(params, threshold);
      assertThat(estimate.candidatesStandardError()).isPositive().isLessThan(0.3 * expected);
      assertThat(estimate.candidates())
          .as("threshold %s", threshold)
          .isCloseTo(expected, within(4 * estimate.candidatesStandardError()));
      assertThat(estimate.pairsAtThreshold())
          .isCloseTo(atThreshold, within(4 * proportionStandardError(estimate)));
    }
  }

  /**
   * The LSH run's real candidate count is one draw around the expected count the sample predicts.
   */
  @Test
  void theEstimatePredictsTheCandidatesOfARealLshRun() {
    PairResult lsh = PairFinder.withLsh(GENERATED, Progress.NONE);
    PairResult exact = PairFinder.bruteForce(GENERATED, Progress.NONE);
    CandidateEstimate estimate =
        PairSample.draw(GENERATED, 100_000, 3).estimate(lsh.lshParams(), 0.8);
    assertThat((double) lsh.candidatePairs())
        .isCloseTo(estimate.candidates(), within(4 * estimate.candidatesStandardError()));
    assertThat((double) exact.pairs().size())
        .isCloseTo(estimate.pairsAtThreshold(), within(4 * proportionStandardError(estimate)));
  }

  /**
   * The standard error of the estimated count of pairs at or above the threshold (a binomial
   * proportion).
   */
  private static double proportionStandardError(CandidateEstimate estimate) {
    double q = estimate.pairsAtThreshold() / estimate.totalPairs();
    return estimate.totalPairs() * Math.sqrt(q * (1 - q) / estimate.sampledPairs());
  }

  @Test
  void histogramAndCandidatesByBinAddUp() {
    PairSample sample = PairSample.draw(GENERATED, 5000, 1);
    Histogram histogram = sample.histogram(10);
    assertThat(histogram.total()).isEqualTo(5000);
    LshParams params = LshParams.of(21, 6);
    double[] byBin = sample.expectedCandidatesByBin(params, 10);
    assertThat(java.util.Arrays.stream(byBin).sum())
        .isCloseTo(sample.estimate(params, 0.8).candidates(), within(1e-6));
  }

  @Test
  void needsShingleSetsAndAPositiveSize() {
    Corpus estimateOnly =
        TuneFixtures.corpus(
            DEFAULTS.toBuilder().verify(VerifyMode.ESTIMATE).build(), List.of("a b c", "a b d"));
    assertThatThrownBy(() -> PairSample.draw(estimateOnly, 10, 1))
        .hasMessageContaining("shingle sets");
    assertThatThrownBy(() -> PairSample.draw(GENERATED, 0, 1))
        .hasMessage("sample size must be at least 1, got 0");
  }
}
