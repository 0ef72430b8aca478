package org.neardup.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.neardup.config.PipelineConfig;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;
import org.neardup.verify.Jaccard;

/** The online kept set: adds that store a document only when nothing held is its near-duplicate. */
class NearDupIndexKeptSetTest {
  private static final PipelineConfig DEFAULTS = PipelineConfig.builder().threads(2).build();
  private static final String AD =
      "Sunny two-room flat near Termini station, 800 euro a month, furnished";
  private static final String REPOST =
      "Sunny two-room flat near Termini station - 800 euro a month, furnished!";
  private static final String OTHER = "Studio in Trastevere with terrace, 650 euro";

  @Test
  void storesADocumentWithoutNearDuplicateAndNamesTheOneHeldOtherwise() {
    NearDupIndex<String> index = NearDupIndex.inMemory(DEFAULTS);
    assertThat(index.addIfUnique("ad-1", AD)).isEmpty();
    assertThat(index.addIfUnique("ad-2", OTHER)).isEmpty();

    Optional<Match<String>> refused = index.addIfUnique("ad-3", REPOST);

    assertThat(refused).map(Match::key).contains("ad-1");
    double exact =
        Jaccard.similarity(index.sketcher().shingleSet(AD), index.sketcher().shingleSet(REPOST));
    assertThat(refused.get().similarity()).isEqualTo(exact).isGreaterThanOrEqualTo(0.8);
    assertThat(index.contains("ad-3")).isFalse();
    assertThat(index.size()).isEqualTo(2);
    assertThatThrownBy(() -> index.addIfUnique("ad-1", OTHER))
        .hasMessageContaining("already in the index");
    assertThatThrownBy(() -> index.addIfUnique("ad-4", "  "))
        .hasMessageContaining("empty document");
  }

  @Test
  void theDuplicateNamedIsTheBestMatchTiesInTheOrderOfAdding() {
    NearDupIndex<String> index = NearDupIndex.inMemory(DEFAULTS);
    index.add("repost", REPOST); // plain adds hold near-duplicates of each other
    index.add("first", AD);
    index.add("second", AD);

    WriteResult<String> result =
        index
            .writeAll(List.of(IndexWrite.addIfUnique("third", index.sketcher().sketch(AD), AD)))
            .get(0);

    assertThat(result.status()).isEqualTo(WriteResult.Status.DUPLICATE);
    assertThat(result.matches())
        .extracting(Match::key)
        .containsExactly("first", "second", "repost");
    assertThat(result.duplicateOf()).contains(new Match<>("first", 1.0));
    assertThat(index.contains("third")).isFalse();
  }

  @Test
  void aBatchIsDecidedInOrderAgainstWhatIsHeldAndItsEarlierKeptItems() {
    NearDupIndex<String> index = NearDupIndex.inMemory(DEFAULTS);
    index.add("held", OTHER);
    List<WriteResult<String>> results =
        index.writeAll(
            List.of(
                unique(index, "a", AD),
                unique(index, "b", REPOST),
                unique(index, "c", OTHER + "!"),
                unique(index, "a", "something else entirely, but the id is taken")));

    assertThat(results)
        .extracting(WriteResult::status)
        .containsExactly(
            WriteResult.Status.ADDED,
            WriteResult.Status.DUPLICATE,
            WriteResult.Status.DUPLICATE,
            WriteResult.Status.ALREADY_PRESENT);
    assertThat(results.get(0).matches()).isEmpty();
    assertThat(results.get(1).duplicateOf()).map(Match::key).contains("a");
    assertThat(results.get(2).duplicateOf()).map(Match::key).contains("held");
    assertThat(index.size()).isEqualTo(2);
  }

  @Test
  void aUniqueUpsertIgnoresTheDocumentItReplacesAndKeepsItWhenRefused() {
    NearDupIndex<String> index = NearDupIndex.inMemory(DEFAULTS);
    index.add("a", AD);
    index.add("b", OTHER);

    WriteResult<String> replaced =
        index
            .writeAll(
                List.of(IndexWrite.upsertIfUnique("a", index.sketcher().sketch(REPOST), REPOST)))
            .get(0);
    WriteResult<String> refused =
        index
            .writeAll(
                List.of(IndexWrite.upsertIfUnique("a", index.sketcher().sketch(OTHER), OTHER)))
            .get(0);

    assertThat(replaced.status()).isEqualTo(WriteResult.Status.REPLACED);
    assertThat(refused.status()).isEqualTo(WriteResult.Status.DUPLICATE);
    assertThat(refused.duplicateOf()).contains(new Match<>("b", 1.0));
    assertThat(index.query(REPOST))
        .extracting(Match::key)
        .containsExactly("a"); // still the replaced text
    assertThat(index.query(OTHER)).extracting(Match::key).containsExactly("b");
  }

  @Test
  void aRemovalCannotBeUnique() {
    assertThatThrownBy(() -> new IndexWrite<>(IndexWrite.Kind.REMOVE, "a", null, null, false, true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("removal cannot be unique");
  }

  /**
   * Two near-duplicates added at the same moment, many times over: exactly one is kept each time.
   */
  @Test
  void ofTwoNearDuplicatesAddedConcurrentlyExactlyOneIsKept() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      for (int round = 0; round < 200; round++) {
        NearDupIndex<String> index = NearDupIndex.inMemory(DEFAULTS);
        CyclicBarrier start = new CyclicBarrier(2);
        Future<Optional<Match<String>>> left =
            pool.submit(
                () -> {
                  start.await();
                  return index.addIfUnique("left", AD);
                });
        Future<Optional<Match<String>>> right =
            pool.submit(
                () -> {
                  start.await();
                  return index.addIfUnique("right", REPOST);
                });
        Optional<Match<String>> leftAnswer = left.get();
        Optional<Match<String>> rightAnswer = right.get();
        assertThat(leftAnswer.isEmpty() ^ rightAnswer.isEmpty())
            .as("round %d: exactly one kept", round)
            .isTrue();
        assertThat(index.contains("left")).isEqualTo(leftAnswer.isEmpty());
        assertThat(index.contains("right")).isEqualTo(rightAnswer.isEmpty());
        assertThat(leftAnswer.or(() -> rightAnswer).get().key())
            .isEqualTo(leftAnswer.isEmpty() ? "left" : "right");
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * 16 writers add a corpus with planted near-duplicates, each document only if unique; then, by
   * exact Jaccard over what is held: every refused document has a held near-duplicate at the
   * threshold or above (the one named, at the similarity named), and no two held documents are a
   * pair unless LSH could not have seen it (they share no band).
   */
  @Test
  void sixteenConcurrentWritersLeaveAKeptSetWithBothGuarantees() throws Exception {
    GeneratedCorpus corpus = new CorpusGenerator(3000, 0.5, 4, 0.2, 10, 80, 23).generate();
    NearDupIndex<String> index = NearDupIndex.inMemory(DEFAULTS);
    Map<String, Match<String>> refused = new ConcurrentHashMap<>();
    AtomicInteger next = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(16);
    try {
      List<Future<?>> writers = new ArrayList<>();
      for (int t = 0; t < 16; t++) {
        writers.add(
            pool.submit(
                () -> {
                  for (int i; (i = next.getAndIncrement()) < corpus.size(); ) {
                    String id = corpus.ids().get(i);
                    index
                        .addIfUnique(id, corpus.texts().get(i))
                        .ifPresent(match -> refused.put(id, match));
                  }
                  return null;
                }));
      }
      for (Future<?> writer : writers) {
        writer.get();
      }
    } finally {
      pool.shutdownNow();
    }

    assertThat(refused).hasSizeGreaterThan(500); // the planted copies are there to be refused
    Map<String, KeptSetCheck.Refusal> refusals = new HashMap<>();
    refused.forEach(
        (id, match) -> refusals.put(id, new KeptSetCheck.Refusal(match.key(), match.similarity())));
    KeptSetCheck.assertBothGuarantees(
        corpus.ids(),
        corpus.texts(),
        refusals,
        (id, text) -> index.contains(id),
        index.sketcher(),
        DEFAULTS.lshParams(),
        DEFAULTS.threshold());
  }

  private static IndexWrite<String> unique(NearDupIndex<String> index, String id, String text) {
    return IndexWrite.addIfUnique(id, index.sketcher().sketch(text), text);
  }
}
