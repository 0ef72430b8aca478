package org.neardup.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.neardup.batch.PairFinder;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.CorpusBuilder;
import org.neardup.batch.corpus.Progress;
import org.neardup.config.PipelineConfig;
import org.neardup.eval.IdPair;
import org.neardup.input.Document;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;
import org.neardup.verify.Jaccard;
import org.neardup.verify.SimilarPair;
import org.neardup.verify.VerifyMode;

class NearDupIndexTest {
  private static final PipelineConfig DEFAULTS = PipelineConfig.builder().threads(2).build();
  private static final GeneratedCorpus GRADED =
      new CorpusGenerator(2000, 0.4, 3, 0.25, 10, 80, 17).generate();

  /** The README's online example, as written there. */
  /**
   * Writes prepared in parts (as a service's request threads do) and written as one batch answer as
   * the same writes given to writeAll, and see each other across parts; another index's are
   * refused.
   */
  @Test
  void preparedPartsWriteAsOneBatch() {
    NearDupIndex<String> prepared = NearDupIndex.inMemory(DEFAULTS);
    NearDupIndex<String> direct = NearDupIndex.inMemory(DEFAULTS);
    List<IndexWrite<String>> all = new ArrayList<>();
    List<PreparedWrites<String>> parts = new ArrayList<>();
    for (int start = 0; start < 600; start += 150) {
      List<IndexWrite<String>> part = new ArrayList<>();
      for (int i = start; i < start + 150; i++) {
        String text = GRADED.texts().get(i);
        part.add(IndexWrite.add(GRADED.ids().get(i), prepared.sketcher().sketch(text), text, true));
      }
      part.add(IndexWrite.remove(GRADED.ids().get(start)));
      all.addAll(part);
      parts.add(prepared.prepare(part));
    }
    assertThat(parts.stream().mapToInt(PreparedWrites::size).sum()).isEqualTo(all.size());
    List<WriteResult<String>> results = prepared.writePrepared(parts);
    assertThat(results).isEqualTo(direct.writeAll(all));
    assertThat(results.stream().filter(r -> !r.matches().isEmpty()).count()).isGreaterThan(20);
    assertThat(prepared.size()).isEqualTo(direct.size()).isEqualTo(596);

    NearDupIndex<String> other = NearDupIndex.inMemory(DEFAULTS);
    assertThatThrownBy(() -> other.writePrepared(List.of(parts.get(0))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("prepared by another index");
    assertThat(other.size()).isZero();
  }

  @Test
  void readmeOnlineExample() {
    NearDupIndex<String> index = NearDupIndex.inMemory(); // threshold 0.8, as ./neardup pairs
    index.add("ad-1", "Sunny two-room flat near Termini station, 800 euro a month, furnished");
    index.add("ad-2", "Studio in Trastevere with terrace, 650 euro");
    List<Match<String>> duplicates =
        index.addAndQuery(
            "ad-3", "Sunny two-room flat near Termini station - 800 euro a month, furnished!");
    // [Match[key=ad-1, similarity=0.8...]]: verified, with its exact Jaccard

    assertThat(duplicates).extracting(Match::key).containsExactly("ad-1");
    assertThat(duplicates.get(0).similarity()).isBetween(0.8, 1.0);
    assertThat(index.size()).isEqualTo(3);
  }

  /**
   * Adding a corpus document by document finds exactly the batch pipeline's pairs, same
   * similarities.
   */
  @Test
  void addingOneByOneFindsExactlyThePairsOfTheBatchPipeline() {
    Map<IdPair, Double> batch = batchPairs(DEFAULTS, GRADED);
    Map<IdPair, Double> online = new HashMap<>();
    NearDupIndex<String> index = NearDupIndex.inMemory(DEFAULTS);
    for (int i = 0; i < GRADED.size(); i++) {
      String id = GRADED.ids().get(i);
      for (Match<String> match : index.addAndQuery(id, GRADED.texts().get(i))) {
        assertThat(online.put(IdPair.of(id, match.key()), match.similarity())).isNull();
      }
    }
    assertThat(batch).hasSizeGreaterThan(200);
    assertThat(online).isEqualTo(batch);
  }

  @Test
  void matchesAreVerifiedExactAndBestFirst() {
    NearDupIndex<String> index = NearDupIndex.inMemory(DEFAULTS);
    for (int i = 0; i < GRADED.size(); i++) {
      index.add(GRADED.ids().get(i), GRADED.texts().get(i));
    }
    var sketcher = index.sketcher();
    int checked = 0;
    for (int i = 0; i < GRADED.size(); i += 7) {
      long[] query = sketcher.sketch(GRADED.texts().get(i)).shingleSet();
      List<Match<String>> matches = index.query(GRADED.texts().get(i));
      assertThat(matches).extracting(Match::key).contains(GRADED.ids().get(i)); // finds itself
      double previous = 1;
      for (Match<String> match : matches) {
        int j = GRADED.ids().indexOf(match.key());
        double exact =
            Jaccard.similarity(query, sketcher.sketch(GRADED.texts().get(j)).shingleSet());
        assertThat(match.similarity())
            .isEqualTo(exact)
            .isGreaterThanOrEqualTo(0.8)
            .isLessThanOrEqualTo(previous);
        previous = match.similarity();
        checked++;
      }
      assertThat(index.query(GRADED.texts().get(i), 1)).hasSize(1);
    }
    assertThat(checked).isGreaterThan(300);
  }

  @Test
  void upsertReplacesAndRemoveForgets() {
    NearDupIndex<String> index = NearDupIndex.inMemory(DEFAULTS);
    String text = "the same listing, posted twice on the same day";
    index.add("a", text);
    assertThatThrownBy(() -> index.add("a", text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("already in the index: a");
    assertThat(index.upsertAndQuery("a", text)).isEmpty(); // the replaced document is not a match
    assertThat(index.addAndQuery("b", text)).containsExactly(new Match<>("a", 1.0));
    index.upsert("a", "something else entirely, nothing alike at all");
    assertThat(index.query(text)).containsExactly(new Match<>("b", 1.0));
    assertThat(index.remove("b")).isTrue();
    assertThat(index.remove("b")).isFalse();
    assertThat(index.contains("b")).isFalse();
    assertThat(index.query(text)).isEmpty();
    assertThat(index.size()).isEqualTo(1);
  }

  @Test
  void emptyTextsCannotBeAddedAndMatchNothing() {
    NearDupIndex<String> index = NearDupIndex.inMemory(DEFAULTS);
    assertThatThrownBy(() -> index.add("a", " \t ")).hasMessageContaining("empty document");
    assertThat(index.query("   ")).isEmpty();
    assertThat(index.size()).isZero();
    assertThatThrownBy(() -> index.query("x", 0)).hasMessageContaining("limit must be at least 1");
  }

  @Test
  void estimateModeKeepsNoSetsAndReportsTheSignatureEstimate() {
    PipelineConfig estimate = DEFAULTS.toBuilder().verify(VerifyMode.ESTIMATE).build();
    NearDupIndex<String> index = NearDupIndex.inMemory(estimate);
    index.add("a", "the same listing, posted twice on the same day");
    List<Match<String>> matches = index.query("the same listing, posted twice on the same day!");
    assertThat(matches).extracting(Match::key).containsExactly("a");
    assertThat(matches.get(0).similarity() * 128)
        .isCloseTo(
            Math.rint(matches.get(0).similarity() * 128),
            org.assertj.core.api.Assertions.within(1e-9));
  }

  /** Concurrent writers and readers: every batch pair is found exactly once, from one side. */
  @Test
  void concurrentAddsFindEveryPairOnce() throws Exception {
    Map<IdPair, Double> batch = batchPairs(DEFAULTS, GRADED);
    NearDupIndex<String> index = NearDupIndex.inMemory(DEFAULTS);
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < GRADED.size(); i++) {
      order.add(i);
    }
    Collections.shuffle(order, new java.util.Random(5));
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Map<IdPair, Double>>> futures = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        int thread = t;
        futures.add(
            pool.submit(
                () -> {
                  Map<IdPair, Double> found = new HashMap<>();
                  for (int k = thread; k < order.size(); k += 4) {
                    int i = order.get(k);
                    String id = GRADED.ids().get(i);
                    index.query(GRADED.texts().get(i)); // readers interleave with writers
                    for (Match<String> match : index.addAndQuery(id, GRADED.texts().get(i))) {
                      found.put(IdPair.of(id, match.key()), match.similarity());
                    }
                  }
                  return found;
                }));
      }
      Map<IdPair, Double> online = new HashMap<>();
      for (Future<Map<IdPair, Double>> future : futures) {
        for (Map.Entry<IdPair, Double> e : future.get().entrySet()) {
          assertThat(online.put(e.getKey(), e.getValue()))
              .as("found twice: %s", e.getKey())
              .isNull();
        }
      }
      assertThat(online).isEqualTo(batch);
    } finally {
      pool.shutdownNow();
    }
  }

  static Map<IdPair, Double> batchPairs(PipelineConfig config, GeneratedCorpus generated) {
    try (CorpusBuilder builder =
        new CorpusBuilder(config, new InputProblems(OnError.FAIL), Progress.NONE)) {
      for (int i = 0; i < generated.size(); i++) {
        builder.add(
            new Document(generated.ids().get(i), generated.texts().get(i), "generated", i + 1, i));
      }
      try (Corpus corpus = builder.build()) {
        Map<IdPair, Double> pairs = new HashMap<>();
        for (SimilarPair pair : PairFinder.withLsh(corpus, Progress.NONE).pairs()) {
          pairs.put(
              IdPair.of(corpus.id(pair.first()), corpus.id(pair.second())), pair.similarity());
        }
        return pairs;
      }
    }
  }
}
