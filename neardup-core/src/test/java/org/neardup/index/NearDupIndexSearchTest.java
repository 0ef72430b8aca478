package org.neardup.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.neardup.config.PipelineConfig;
import org.neardup.eval.TopKRecall;
import org.neardup.search.ExactTopK;
import org.neardup.search.TopKCollector;
import org.neardup.sketch.Sketch;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;
import org.neardup.verify.Containment;
import org.neardup.verify.Jaccard;
import org.neardup.verify.VerifyMode;

/** Top-k and containment queries of the online index: exact values, recall against brute force. */
class NearDupIndexSearchTest {
  private static final PipelineConfig DEFAULTS = PipelineConfig.builder().threads(2).build();
  private static final SearchSettings BOTH = new SearchSettings(0.3, 4);

  /**
   * Families of up to 20 copies edited at rates up to 0.6: neighbourhoods from J = 1 down to 0.3
   * and below.
   */
  private static final GeneratedCorpus FAMILIES =
      new CorpusGenerator(4000, 0.4, 20, 0.6, 15, 120, 23).generate();

  /**
   * The acceptance check for top-k: over the queries whose 10th neighbour has J &gt;= 0.3 (the
   * floor), recall@10 against the exact top 10 (brute force over the sets) is at least 0.95, and
   * every similarity returned is the exact Jaccard of the sets, at least the floor, best first.
   */
  @Test
  void topTenHasRecallAtLeast95PercentDownToTheFloorWithExactSimilarities() {
    NearDupIndex<Integer> index = NearDupIndex.inMemory(DEFAULTS, BOTH);
    long[][] sets = addAll(index, FAMILIES);
    SplittableRandom random = new SplittableRandom(4);
    double recallSum = 0;
    int queries = 0;
    for (int round = 0; round < 400; round++) {
      int self = random.nextInt(sets.length);
      List<TopKCollector.Found> exact = ExactTopK.of(sets, sets[self], 10, i -> i == self);
      List<Match<Integer>> found = withoutSelf(index.top(FAMILIES.texts().get(self), 11), self, 10);
      double previous = 1;
      for (Match<Integer> match : found) {
        assertThat(match.similarity()).isEqualTo(Jaccard.similarity(sets[self], sets[match.key()]));
        assertThat(match.similarity()).isGreaterThanOrEqualTo(0.3).isLessThanOrEqualTo(previous);
        previous = match.similarity();
      }
      if (exact.get(9).similarity() >= 0.3) {
        queries++;
        recallSum +=
            TopKRecall.of(
                exact.stream().map(TopKCollector.Found::similarity).toList(),
                found.stream().map(Match::similarity).toList());
      }
    }
    assertThat(queries).isGreaterThan(60);
    assertThat(recallSum / queries).isGreaterThanOrEqualTo(0.95);
  }

  /**
   * A floor per query, above the index's: every document returned is at or above it, with its exact
   * similarity, and the exact top 10 cut at that floor is found (recall at least 0.99 over 300
   * queries at each of 0.4, 0.5 and 0.7, where the floor bands' pruning by shared bands drops more
   * candidates the higher the floor); the index's own floor answers as {@code top(text, k)}; a
   * floor below the index's or above 1 is refused.
   */
  @Test
  void aFloorPerQueryFindsTheTopKAtOrAboveIt() {
    NearDupIndex<Integer> index = NearDupIndex.inMemory(DEFAULTS, BOTH);
    long[][] sets = addAll(index, FAMILIES);
    SplittableRandom random = new SplittableRandom(8);
    for (double floor : new double[] {0.4, 0.5, 0.7}) {
      double recallSum = 0;
      int queries = 0;
      for (int round = 0; round < 300; round++) {
        int self = random.nextInt(sets.length);
        String text = FAMILIES.texts().get(self);
        List<Double> exact =
            ExactTopK.of(sets, sets[self], 10, i -> i == self).stream()
                .map(TopKCollector.Found::similarity)
                .filter(similarity -> similarity >= floor)
                .toList();
        List<Match<Integer>> found = withoutSelf(index.top(text, 11, floor), self, 10);
        for (Match<Integer> match : found) {
          assertThat(match.similarity())
              .isEqualTo(Jaccard.similarity(sets[self], sets[match.key()]))
              .isGreaterThanOrEqualTo(floor);
        }
        if (!exact.isEmpty()) {
          queries++;
          recallSum += TopKRecall.of(exact, found.stream().map(Match::similarity).toList());
        }
        if (round < 50) {
          assertThat(index.top(text, 11, 0.3)).isEqualTo(index.top(text, 11));
        }
      }
      assertThat(queries).as("floor %s", floor).isGreaterThan(50);
      assertThat(recallSum / queries).as("floor %s", floor).isGreaterThanOrEqualTo(0.99);
    }
    assertThatThrownBy(() -> index.top("some text", 5, 0.2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("[0.3, 1]");
    assertThatThrownBy(() -> index.top("some text", 5, 1.5))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void withoutAFloorTopKIsTheThresholdQuery() {
    NearDupIndex<Integer> plain = NearDupIndex.inMemory(DEFAULTS);
    addAll(plain, FAMILIES);
    assertThat(plain.topKFloor()).isEqualTo(0.8);
    for (int d = 0; d < 200; d++) {
      String text = FAMILIES.texts().get(d);
      assertThat(plain.top(text, 5)).isEqualTo(plain.query(text, 5));
    }
  }

  @Test
  void theSearchBucketsCostOneEntryAFloorBandOrSampledShingle() {
    InMemoryStorage<Integer> storage = new InMemoryStorage<>(16, 21);
    NearDupIndex<Integer> index = NearDupIndex.over(DEFAULTS, BOTH, storage);
    long[][] sets = addAll(index, new CorpusGenerator(300, 0.3, 3, 0.2, 20, 60, 1).generate());
    long sampled = 0;
    for (long[] set : sets) {
      sampled += index.containmentPlan().orElseThrow().sample().of(set).length;
    }
    assertThat(storage.entries(BucketSpace.THRESHOLD)).isEqualTo(300L * 21);
    assertThat(storage.entries(BucketSpace.TOP_K)).isEqualTo(300L * 64);
    assertThat(storage.entries(BucketSpace.CONTAINMENT)).isEqualTo(sampled);
  }

  /**
   * After heavy removal (handles compacted) both searches answer as an index that only ever held
   * the rest.
   */
  @Test
  void removalsAndCompactionKeepTheSearchBucketsInStep() {
    GeneratedCorpus corpus =
        new CorpusGenerator(1500, 0.4, 8, 0.5, 15, 80, 31).withExcerpts(0.3, 0.05).generate();
    NearDupIndex<Integer> churned = NearDupIndex.inMemory(DEFAULTS, BOTH);
    NearDupIndex<Integer> fresh = NearDupIndex.inMemory(DEFAULTS, BOTH);
    for (int d = 0; d < corpus.size(); d++) {
      churned.add(d, corpus.texts().get(d));
    }
    for (int d = 0; d < corpus.size(); d++) {
      if (d % 5 != 0) {
        assertThat(churned.remove(d)).isTrue();
      } else {
        fresh.add(d, corpus.texts().get(d));
      }
    }
    for (int d = 0; d < corpus.size(); d += 3) {
      String text = corpus.texts().get(d);
      List<Match<Integer>> top = churned.top(text, 10);
      List<Match<Integer>> expected = fresh.top(text, 10);
      // the same similarities; ties may come in another storage order, so keys are compared above
      // the last one
      assertThat(top)
          .extracting(Match::similarity)
          .isEqualTo(expected.stream().map(Match::similarity).toList());
      double last = top.isEmpty() ? 2 : top.get(top.size() - 1).similarity();
      assertThat(top.stream().filter(m -> m.similarity() > last).map(Match::key).sorted().toList())
          .isEqualTo(
              expected.stream()
                  .filter(m -> m.similarity() > last)
                  .map(Match::key)
                  .sorted()
                  .toList());
      assertThat(byKey(churned.containing(text, 50))).isEqualTo(byKey(fresh.containing(text, 50)));
    }
  }

  /**
   * Containment on the online index: for planted excerpts and for whole documents, the documents
   * found are exactly those brute force finds with C(query, X) &gt;= 0.8 (at least 99% of them, and
   * nothing else), each with its exact containment.
   */
  @Test
  void containingFindsTheDocumentsHoldingAPassageWithExactContainment() {
    GeneratedCorpus corpus =
        new CorpusGenerator(2000, 0.3, 3, 0.25, 60, 200, 41).withExcerpts(0.5, 0.05).generate();
    NearDupIndex<Integer> index = NearDupIndex.inMemory(DEFAULTS, SearchSettings.containment(4));
    long[][] sets = addAll(index, corpus);
    long truth = 0;
    long found = 0;
    List<Integer> queries = new ArrayList<>();
    corpus.excerpts().forEach(pair -> queries.add(pair[0]));
    for (int d = 0; d < 300; d++) {
      queries.add(d);
    }
    for (int q : queries) {
      List<Match<Integer>> matches = index.containing(corpus.texts().get(q), 1000);
      for (Match<Integer> match : matches) {
        assertThat(match.similarity())
            .isEqualTo(Containment.of(sets[q], sets[match.key()]))
            .isGreaterThanOrEqualTo(0.8);
      }
      for (int x = 0; x < sets.length; x++) {
        if (Containment.of(sets[q], sets[x]) >= 0.8) {
          truth++;
          int candidate = x;
          found += matches.stream().anyMatch(m -> m.key() == candidate) ? 1 : 0;
        }
      }
    }
    assertThat(truth)
        .isGreaterThan(queries.size()); // every query holds itself, excerpts their host too
    assertThat((double) found / truth).isGreaterThanOrEqualTo(0.99);
  }

  @Test
  void refusesQueriesItWasNotBuiltForAndSettingsThatCannotWork() {
    NearDupIndex<Integer> plain = NearDupIndex.inMemory(DEFAULTS);
    assertThatThrownBy(() -> plain.containing("some text", 10))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("containment sample");
    assertThatThrownBy(() -> plain.top("some text", 0)).hasMessageContaining("k must be");
    assertThatThrownBy(() -> NearDupIndex.inMemory(DEFAULTS, SearchSettings.topK(0.8)))
        .hasMessageContaining("below the threshold");
    PipelineConfig estimate = DEFAULTS.toBuilder().verify(VerifyMode.ESTIMATE).build();
    assertThatThrownBy(() -> NearDupIndex.inMemory(estimate, SearchSettings.containment(4)))
        .hasMessageContaining("shingle sets");
    assertThat(NearDupIndex.<Integer>inMemory(DEFAULTS, BOTH).top("   ", 3)).isEmpty();
  }

  private static long[][] addAll(NearDupIndex<Integer> index, GeneratedCorpus corpus) {
    long[][] sets = new long[corpus.size()][];
    for (int d = 0; d < corpus.size(); d++) {
      Sketch sketch = index.sketcher().sketch(corpus.texts().get(d));
      sets[d] = sketch.shingleSet();
      index.add(d, sketch);
    }
    return sets;
  }

  private static List<Match<Integer>> byKey(List<Match<Integer>> matches) {
    return matches.stream().sorted(Comparator.comparing(Match::key)).toList();
  }

  private static List<Match<Integer>> withoutSelf(List<Match<Integer>> matches, int self, int k) {
    List<Match<Integer>> rest = new ArrayList<>();
    for (Match<Integer> match : matches) {
      if (match.key() != self && rest.size() < k) {
        rest.add(match);
      }
    }
    return rest;
  }
}
