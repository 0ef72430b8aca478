package org.neardup.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.Pipelines;
import org.neardup.batch.corpus.Progress;
import org.neardup.batch.corpus.SketchSource;
import org.neardup.config.MemoryBudget;
import org.neardup.config.PipelineConfig;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;
import org.neardup.verify.VerifyMode;

/**
 * The planner's sample, its estimate of the exact join against the join itself, and its choice. The
 * corpus (12,000 generated documents, t = 0.3) is dense: the exact join examines millions of pairs,
 * so a sample of 4,000 sees thousands of them.
 */
class PairPlannerTest {
  private static final GeneratedCorpus GENERATED =
      new CorpusGenerator(12_000, 0.3, 3, 0.25, 20, 60, 3).generate();
  private static final PipelineConfig LOW =
      PipelineConfig.builder().threads(2).threshold(0.3).build();

  private static Corpus build(PipelineConfig config, MemoryBudget budget, SketchSource source) {
    return Pipelines.corpus(config, Pipelines.documents(GENERATED), budget, source);
  }

  @Test
  void theSampleIsDistinctSortedUniformAndRepeatable() {
    int[] sample = PairPlanner.sample(100_000, 4_000);
    assertThat(sample).hasSize(4_000).isSorted().doesNotHaveDuplicates();
    assertThat(sample[0]).isGreaterThanOrEqualTo(0);
    assertThat(sample[sample.length - 1]).isLessThan(100_000);
    assertThat(PairPlanner.sample(100_000, 4_000)).isEqualTo(sample);
    // uniform: each tenth of the range holds 400 ± 4σ (σ = sqrt(400 · 0.9 · (1 - 4000/100000)) ≈
    // 18.6)
    int[] tenths = new int[10];
    for (int ordinal : sample) {
      tenths[ordinal / 10_000]++;
    }
    for (int count : tenths) {
      assertThat(count).isBetween(400 - 75, 400 + 75);
    }
    assertThat(PairPlanner.sample(7, 7)).containsExactly(0, 1, 2, 3, 4, 5, 6);
  }

  @Test
  void fewLshCandidatesMeanLshWithoutAnEstimate() {
    try (Corpus corpus = build(LOW, MemoryBudget.defaults(), null)) {
      PairPlanner.Plan plan = PairPlanner.plan(corpus, PairPlanner.MINIMUM_CANDIDATES_TO_PLAN - 1);
      assertThat(plan.exact()).isFalse();
      assertThat(plan.estimated()).isFalse();
      assertThat(plan.describe()).startsWith("LSH, up to");
    }
  }

  @Test
  void theEstimateIsWithinAFactorOfOnePointFiveOfWhatTheExactJoinExamines() {
    try (Corpus corpus = build(LOW, MemoryBudget.defaults(), null)) {
      long examined = PairFinder.exact(corpus, Progress.NONE).candidatePairs();
      assertThat(examined).isGreaterThan(1_000_000);
      PairPlanner.Plan plan = PairPlanner.plan(corpus, Long.MAX_VALUE);
      assertThat(plan.estimated()).isTrue();
      assertThat(plan.sampled()).isEqualTo(PairPlanner.SAMPLE);
      assertThat((double) plan.exactEstimate() / examined).isBetween(1 / 1.5, 1.5);
      assertThat(plan.exact()).isTrue(); // any estimate is cheaper than Long.MAX_VALUE LSH pairs
      assertThat(plan.describe())
          .startsWith("the exact join: LSH would examine up to")
          .contains("--lsh forces LSH");

      // LSH when it examines fewer pairs than the exact join would cost
      long cost = (long) (plan.exactEstimate() * PairPlanner.EXACT_PAIR_COST);
      assertThat(PairPlanner.exactIsCheaper(plan.exactEstimate(), true, corpus.size(), cost - 1000))
          .isFalse();
      assertThat(PairPlanner.exactIsCheaper(plan.exactEstimate(), true, corpus.size(), cost + 1000))
          .isTrue();
      assertThat(new PairPlanner.Plan(false, 30_000_000, 40_000_000, 4_000).describe())
          .isEqualTo(
              "LSH: LSH would examine up to 30,000,000 candidate pairs, the exact join about"
                  + " 40,000,000 (estimated from 4,000 documents); --exact forces the exact join");
    }
  }

  /**
   * Sets read again for the sample give the estimate of sets kept, and make the exact join dearer.
   */
  @Test
  void aCorpusWithoutSetsReadsTheSampleAgain() {
    long kept;
    try (Corpus corpus = build(LOW, MemoryBudget.defaults(), null)) {
      kept = PairPlanner.plan(corpus, Long.MAX_VALUE).exactEstimate();
    }
    int[] reread = {0};
    SketchSource source =
        new SketchSource() {
          @Override
          public void reread(Corpus corpus, IntPredicate wanted, Sink sink) {
            for (int ordinal = 0; ordinal < corpus.size(); ordinal++) {
              if (wanted.test(ordinal)) {
                reread[0]++;
                sink.text(ordinal, GENERATED.texts().get((int) corpus.recordIndex(ordinal)));
              }
            }
          }
        };
    MemoryBudget noSets = MemoryBudget.defaults().withShingleSetBytes(0);
    try (Corpus corpus = build(LOW, noSets, source)) {
      assertThat(corpus.keepsShingleSets()).isFalse();
      PairPlanner.Plan plan = PairPlanner.plan(corpus, Long.MAX_VALUE);
      assertThat(plan.exactEstimate()).isEqualTo(kept);
      assertThat(reread[0]).isEqualTo(PairPlanner.SAMPLE);
      // the cost of making every set again: n · RESKETCH_COST more LSH pairs before the exact join
      // wins
      long tie =
          (long)
              (kept * PairPlanner.EXACT_PAIR_COST + GENERATED.size() * PairPlanner.RESKETCH_COST);
      assertThat(PairPlanner.exactIsCheaper(kept, false, corpus.size(), tie - 1000)).isFalse();
      assertThat(PairPlanner.exactIsCheaper(kept, false, corpus.size(), tie + 1000)).isTrue();
      assertThat(PairPlanner.exactIsCheaper(kept, true, corpus.size(), tie - 1000)).isTrue();
      assertThat(plan.exact()).isTrue();
    }
  }

  @Test
  void withoutSetsTheExactJoinIsEstimatedOnlyWhenLshCostsMoreThanMakingEverySetAgain() {
    long minimum = PairPlanner.MINIMUM_CANDIDATES_TO_PLAN;
    assertThat(PairPlanner.worthEstimating(minimum - 1, true, 1_000)).isFalse();
    assertThat(PairPlanner.worthEstimating(minimum, true, 1_000)).isTrue();
    assertThat(PairPlanner.worthEstimating(minimum, false, 1_000)).isTrue();
    // ten million documents at t = 0.8: 259,253,193 LSH candidates, 26 a document
    assertThat(PairPlanner.worthEstimating(259_253_193, false, 10_000_000)).isFalse();
    assertThat(PairPlanner.worthEstimating(259_253_193, true, 10_000_000)).isTrue();
    assertThat(PairPlanner.worthEstimating(1_000_000_001, false, 10_000_000)).isTrue();
    // and where it is not worth estimating, the exact join is never the cheaper
    assertThat(PairPlanner.exactIsCheaper(0, false, 10_000_000, 1_000_000_000)).isFalse();
  }

  @Test
  void estimateModeStaysWithLsh() {
    PipelineConfig estimate =
        PipelineConfig.builder().threads(2).threshold(0.3).verify(VerifyMode.ESTIMATE).build();
    try (Corpus corpus = build(estimate, MemoryBudget.defaults(), null)) {
      assertThat(PairPlanner.plan(corpus, Long.MAX_VALUE).estimated()).isFalse();
    }
  }
}
