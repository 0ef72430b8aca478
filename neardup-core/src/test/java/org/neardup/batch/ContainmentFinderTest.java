package org.neardup.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.neardup.batch.corpus.ContainmentResult;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.Pipelines;
import org.neardup.batch.corpus.Progress;
import org.neardup.config.PipelineConfig;
import org.neardup.search.ContainmentPlan;
import org.neardup.search.ContainmentSample;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;
import org.neardup.verify.Containment;
import org.neardup.verify.ContainmentPair;
import org.neardup.verify.Jaccard;

class ContainmentFinderTest {
  private static final PipelineConfig CONFIG = PipelineConfig.builder().threads(2).build();

  /** Hosts of 60–200 words; half of the originals get an excerpt of 10–50% of their words. */
  static GeneratedCorpus excerptCorpus(int documents, long seed) {
    return new CorpusGenerator(documents, 0.3, 3, 0.25, 60, 200, seed)
        .withExcerpts(0.5, 0.05)
        .generate();
  }

  @Test
  void theExactJoinGivesWhatBruteForceGives() {
    try (Corpus corpus = Pipelines.corpus(CONFIG, excerptCorpus(500, 3))) {
      for (double threshold : new double[] {0.5, 0.8, 0.95, 1.0}) {
        List<ContainmentPair> exact =
            ContainmentFinder.exact(corpus, threshold, Progress.NONE).pairs();
        List<ContainmentPair> brute =
            ContainmentFinder.bruteForce(corpus, threshold, Progress.NONE).pairs();
        assertThat(exact).as("t = %s", threshold).isEqualTo(brute).isNotEmpty();
        for (ContainmentPair pair : exact) {
          assertThat(pair.containment()).isGreaterThanOrEqualTo(threshold);
          assertThat(pair.intersection())
              .isEqualTo(
                  Jaccard.intersectionSize(
                      corpus.shingles(pair.first()), corpus.shingles(pair.second())));
        }
      }
    }
  }

  /**
   * The acceptance check: at t = 0.8 on a corpus with planted excerpts (passages of 10–50% of a
   * host, lightly edited), the sample join finds at least 99% of the exact pairs, in every
   * containment band, and only exact pairs, with their exact values.
   */
  @Test
  void theSampleJoinHasRecallAtLeast99PercentAndPrecision1AtThreshold08() {
    ContainmentPlan plan = new ContainmentPlan(0.8, 0.99, new ContainmentSample(4));
    try (Corpus corpus = Pipelines.corpus(CONFIG, excerptCorpus(2000, 7))) {
      List<ContainmentPair> exact = ContainmentFinder.exact(corpus, 0.8, Progress.NONE).pairs();
      ContainmentResult found = ContainmentFinder.withSample(corpus, plan, Progress.NONE);
      Set<ContainmentPair> truth = Set.copyOf(exact);
      assertThat(truth).containsAll(found.pairs()); // precision 1, values exact
      assertThat(exact.size()).isGreaterThan(600);
      Map<Integer, int[]> byBand =
          new HashMap<>(); // band (0.8, 0.85, ... by 0.05) -> {truth, found}
      Set<ContainmentPair> foundSet = Set.copyOf(found.pairs());
      for (ContainmentPair pair : exact) {
        int band = Math.min(3, (int) ((pair.containment() - 0.8) / 0.05));
        int[] counts = byBand.computeIfAbsent(band, b -> new int[2]);
        counts[0]++;
        counts[1] += foundSet.contains(pair) ? 1 : 0;
      }
      assertThat((double) found.pairs().size() / exact.size()).isGreaterThanOrEqualTo(0.99);
      for (Map.Entry<Integer, int[]> band : byBand.entrySet()) {
        int[] counts = band.getValue();
        assertThat((double) counts[1] / counts[0])
            .as("band %d: %d of %d", band.getKey(), counts[1], counts[0])
            .isGreaterThanOrEqualTo(0.98);
      }
      assertThat(found.verifiedPairs()).isLessThan(found.candidatePairs());
    }
  }

  @Test
  void plantedExcerptsAreFoundInTheirHostWithTheirDirection() {
    GeneratedCorpus generated = excerptCorpus(800, 11);
    ContainmentPlan plan = new ContainmentPlan(0.8, 0.99, new ContainmentSample(4));
    try (Corpus corpus = Pipelines.corpus(CONFIG, generated)) {
      Map<String, ContainmentPair> pairs =
          ContainmentFinder.withSample(corpus, plan, Progress.NONE).pairs().stream()
              .collect(Collectors.toMap(p -> p.first() + "-" + p.second(), p -> p));
      int checked = 0;
      for (int[] excerpt : generated.excerpts()) {
        int e = excerpt[0];
        int host = excerpt[1];
        double c = Containment.of(corpus.shingles(e), corpus.shingles(host));
        if (c < 0.8) {
          continue; // edited too much to reach the threshold
        }
        ContainmentPair pair = pairs.get(Math.min(e, host) + "-" + Math.max(e, host));
        assertThat(pair).as("excerpt %d of %d, C = %s", e, host, c).isNotNull();
        assertThat(pair.direction(0.8))
            .isEqualTo(
                e < host
                    ? ContainmentPair.Direction.FIRST_IN_SECOND
                    : ContainmentPair.Direction.SECOND_IN_FIRST);
        checked++;
      }
      assertThat(checked).isGreaterThan(50);
    }
  }
}
