package org.neardup;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.neardup.cluster.KeepPolicy;
import org.neardup.config.PipelineConfig;
import org.neardup.shingle.ShingleConfig;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;

class NearDupTest {
  /** The README's batch example, as written there. */
  @Test
  void readmeBatchExample() {
    Map<String, String> listings = new LinkedHashMap<>();
    listings.put("ad-1", "Sunny two-room flat near Termini station, 800 euro a month, furnished");
    listings.put("ad-2", "Studio in Trastevere with terrace, 650 euro");
    listings.put("ad-3", "Sunny two-room flat near Termini station - 800 euro a month, furnished!");

    List<DuplicatePair<String>> pairs = NearDup.withDefaults().pairs(listings);
    // [DuplicatePair[first=ad-1, second=ad-3, similarity=0.8...]]

    assertThat(pairs).hasSize(1);
    assertThat(pairs.get(0).first()).isEqualTo("ad-1");
    assertThat(pairs.get(0).second()).isEqualTo("ad-3");
    assertThat(pairs.get(0).similarity()).isBetween(0.8, 1.0);
  }

  @Test
  void listsAreKeyedByPositionAndEmptyTextsAreInNoPair() {
    List<String> texts =
        List.of("alpha beta gamma delta", "   ", "alpha beta gamma delta", "something else");
    List<DuplicatePair<Integer>> pairs = NearDup.withDefaults().pairs(texts);
    assertThat(pairs).containsExactly(new DuplicatePair<>(0, 2, 1.0));
  }

  @Test
  void clustersKeepEveryRemovedDocumentsMatchWhereComponentsChain() {
    // words(1): a~b (J = 7/8) and b~c (7/9), but a~c is 6/9 < 0.7: components put c with a, the
    // kept set keeps it.
    Map<String, String> docs = new LinkedHashMap<>();
    docs.put("a", "w1 w2 w3 w4 w5 w6 w7");
    docs.put("b", "w1 w2 w3 w4 w5 w6 w7 w8");
    docs.put("c", "w2 w3 w4 w5 w6 w7 w8 w9");
    NearDup nearDup =
        NearDup.with(
            PipelineConfig.builder().shingle(ShingleConfig.words(1)).threshold(0.7).build());
    assertThat(nearDup.pairs(docs)).hasSize(2);
    assertThat(nearDup.clusters(docs, KeepPolicy.FIRST))
        .containsExactly(new DuplicateCluster<>("a", List.of("a", "b")));
    assertThat(nearDup.removals(docs, KeepPolicy.FIRST))
        .containsExactly(new DuplicateRemoval<>("b", "a", 0.875));
    assertThat(nearDup.components(docs, KeepPolicy.FIRST))
        .containsExactly(new DuplicateCluster<>("a", List.of("a", "b", "c")));
    assertThat(nearDup.components(new ArrayList<>(docs.values())))
        .containsExactly(new DuplicateCluster<>(0, List.of(0, 1, 2)));
  }

  @Test
  void clustersAreConnectedComponentsWithTheChosenRepresentative() {
    Map<String, String> docs = new LinkedHashMap<>();
    docs.put("a", "one two three four five six seven eight");
    docs.put("b", "one two three four five six seven eight nine");
    docs.put("c", "unrelated text about something different");
    docs.put("d", "one two three four five six seven eight");
    NearDup nearDup =
        NearDup.with(PipelineConfig.builder().shingle(ShingleConfig.words(1)).build());
    List<DuplicateCluster<String>> longest = nearDup.clusters(docs, KeepPolicy.LONGEST);
    assertThat(longest).containsExactly(new DuplicateCluster<>("b", List.of("a", "b", "d")));
    assertThat(longest.get(0).duplicates()).containsExactly("a", "d");
    List<String> texts = new ArrayList<>(docs.values());
    assertThat(nearDup.clusters(texts))
        .containsExactly(new DuplicateCluster<>(0, List.of(0, 1, 3)));
  }

  @Test
  void onSeededGeneratedCorporaEveryRemovalHasItsBestKeptMatchAndNoTwoKeptAreAPair() {
    NearDup nearDup = NearDup.with(PipelineConfig.builder().threshold(0.7).build());
    for (long seed : new long[] {1, 2, 3}) {
      GeneratedCorpus corpus = new CorpusGenerator(600, 0.5, 8, 0.35, 15, 60, seed).generate();
      Map<String, String> docs = new LinkedHashMap<>();
      for (int i = 0; i < corpus.size(); i++) {
        docs.put(corpus.ids().get(i), corpus.texts().get(i));
      }
      Map<String, Map<String, Double>> neighbours = new HashMap<>();
      for (DuplicatePair<String> pair : nearDup.pairs(docs)) {
        neighbours
            .computeIfAbsent(pair.first(), k -> new HashMap<>())
            .put(pair.second(), pair.similarity());
        neighbours
            .computeIfAbsent(pair.second(), k -> new HashMap<>())
            .put(pair.first(), pair.similarity());
      }
      List<String> input = new ArrayList<>(docs.keySet());
      for (KeepPolicy keep : KeepPolicy.values()) {
        java.util.Comparator<String> byInput = java.util.Comparator.comparingInt(input::indexOf);
        java.util.Comparator<String> order =
            switch (keep) {
              case FIRST -> byInput;
              case LONGEST ->
                  java.util.Comparator.<String>comparingInt(id -> -docs.get(id).length())
                      .thenComparing(byInput);
              case SHORTEST ->
                  java.util.Comparator.<String>comparingInt(id -> docs.get(id).length())
                      .thenComparing(byInput);
            };
        Map<String, DuplicateRemoval<String>> removed = new HashMap<>();
        nearDup.removals(docs, keep).forEach(r -> removed.put(r.removed(), r));
        assertThat(removed).isNotEmpty();
        for (DuplicateRemoval<String> removal : removed.values()) {
          assertThat(removed).doesNotContainKey(removal.kept());
          assertThat(order.compare(removal.kept(), removal.removed())).isNegative();
          assertThat(neighbours.get(removal.removed()))
              .containsEntry(removal.kept(), removal.similarity());
          assertThat(removal.similarity()).isGreaterThanOrEqualTo(0.7);
          neighbours
              .get(removal.removed())
              .forEach(
                  (other, similarity) -> {
                    if (!removed.containsKey(other)
                        && order.compare(other, removal.removed()) < 0) {
                      assertThat(similarity).isLessThanOrEqualTo(removal.similarity());
                    }
                  });
        }
        neighbours.forEach(
            (id, others) -> {
              if (!removed.containsKey(id)) {
                assertThat(others.keySet())
                    .as("%s under %s, seed %d", id, keep, seed)
                    .allMatch(removed::containsKey);
              }
            });
        List<DuplicateCluster<String>> clusters = nearDup.clusters(docs, keep);
        assertThat(clusters.stream().mapToInt(c -> c.duplicates().size()).sum())
            .isEqualTo(removed.size());
        for (DuplicateCluster<String> cluster : clusters) {
          assertThat(cluster.duplicates())
              .allMatch(d -> removed.get(d).kept().equals(cluster.representative()));
        }
      }
    }
  }

  /**
   * Against references, by the rules, on a generated corpus split in two: a new document is removed
   * when a reference or a new document kept before it (highest score first) is its pair, with exact
   * Jaccard by brute force; its witness is the most similar of those; the references and the kept
   * documents have no pair; the same with the references as texts and as an index.
   */
  @Test
  void againstReferencesKeepsWhatTheRulesKeepByAFieldsOrder() {
    GeneratedCorpus corpus = new CorpusGenerator(1_500, 0.5, 4, 0.2, 15, 50, 451).generate();
    Map<String, String> old = new LinkedHashMap<>();
    Map<String, String> fresh = new LinkedHashMap<>();
    Map<String, Double> score = new HashMap<>();
    for (int i = 0; i < corpus.size(); i++) {
      String id = corpus.ids().get(i);
      (i % 3 == 0 ? old : fresh).put(id, corpus.texts().get(i));
      score.put(id, (double) (id.hashCode() & 3)); // ties on purpose
    }
    NearDup nearDup = NearDup.withDefaults();
    org.neardup.sketch.DocumentSketcher sketcher =
        org.neardup.sketch.DocumentSketcher.create(nearDup.config().sketch());
    Map<String, long[]> sets = new HashMap<>();
    old.forEach((id, text) -> sets.put(id, sketcher.shingleSet(text)));
    fresh.forEach((id, text) -> sets.put(id, sketcher.shingleSet(text)));
    List<String> order = new ArrayList<>(fresh.keySet());
    List<String> input = new ArrayList<>(fresh.keySet());
    order.sort(
        java.util.Comparator.<String>comparingDouble(id -> -score.get(id))
            .thenComparingInt(input::indexOf));
    List<String> kept = new ArrayList<>();
    Map<String, String> witness = new HashMap<>();
    for (String id : order) {
      String best = null;
      double bestJ = 0;
      for (String ref : new java.util.TreeSet<>(old.keySet())) {
        double j = org.neardup.verify.Jaccard.similarity(sets.get(id), sets.get(ref));
        if (j >= 0.8 && j > bestJ) {
          best = ref;
          bestJ = j;
        }
      }
      for (String k : kept) {
        double j = org.neardup.verify.Jaccard.similarity(sets.get(id), sets.get(k));
        if (j >= 0.8 && j > bestJ) {
          best = k;
          bestJ = j;
        }
      }
      if (best == null) {
        kept.add(id);
      } else {
        witness.put(id, best);
      }
    }
    assertThat(witness).hasSizeGreaterThan(100);

    org.neardup.cluster.KeepOrder byScore = org.neardup.cluster.KeepOrder.parse("field:score");
    try (org.neardup.index.NearDupIndex<String> index = nearDup.newIndex()) {
      old.forEach(index::add);
      for (org.neardup.batch.reference.Reference reference :
          List.of(
              org.neardup.batch.reference.Reference.ofTexts(old),
              org.neardup.batch.reference.Reference.of(index, "index"))) {
        AgainstResult<String> result =
            nearDup.against(fresh, byScore, score::get, List.of(reference));
        assertThat(new java.util.HashSet<>(result.kept()))
            .as(reference.name())
            .isEqualTo(new java.util.HashSet<>(kept));
        Map<String, String> found = new HashMap<>();
        result.removedForDocuments().forEach(r -> found.put(r.removed(), r.kept()));
        result.removedForReferences().forEach(r -> found.put(r.removed(), r.reference()));
        assertThat(found).isEqualTo(witness);
        assertThat(result.removedForReferences())
            .allMatch(r -> old.containsKey(r.reference()) && r.similarity() >= 0.8);
      }
    }
  }
}
