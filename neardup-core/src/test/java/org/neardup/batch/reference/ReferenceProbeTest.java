package org.neardup.batch.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.neardup.batch.BatchRun;
import org.neardup.batch.PairMethod;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.Pipelines;
import org.neardup.batch.corpus.Progress;
import org.neardup.config.MemoryBudget;
import org.neardup.config.PipelineConfig;
import org.neardup.index.NearDupIndex;
import org.neardup.input.Document;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;
import org.neardup.verify.Jaccard;
import org.neardup.verify.ReferencePair;
import org.neardup.verify.SimilarPair;
import org.neardup.verify.VerifyMode;

/**
 * The pairs of new documents with references: by the run's banding and verification, so exactly the
 * cross pairs of one LSH run over both, each at its exact Jaccard, whichever way the reference is
 * given (texts streamed through the new documents' buckets, in one slice or many, or an index
 * looked up); and all of brute force's on a generated corpus where LSH misses none.
 */
class ReferenceProbeTest {
  private static final PipelineConfig CONFIG = PipelineConfig.builder().threads(2).build();

  /** A generated corpus, split: every third original's group and the rest, interleaved. */
  private static final GeneratedCorpus GENERATED =
      new CorpusGenerator(2_400, 0.5, 4, 0.2, 10, 60, 45).generate();

  private static final Map<String, String> OLD = new LinkedHashMap<>();
  private static final List<Document> NEW = new ArrayList<>();

  static {
    for (int i = 0; i < GENERATED.size(); i++) {
      String id = GENERATED.ids().get(i);
      String text = GENERATED.texts().get(i);
      if (i % 3 == 0) {
        OLD.put(id, text);
      } else {
        NEW.add(new Document(id, text, "new", NEW.size() + 1, NEW.size()));
      }
    }
  }

  private static Corpus newCorpus(PipelineConfig config, MemoryBudget budget) {
    return Pipelines.corpus(config, NEW, budget, null);
  }

  /** Each pair as "new-id old-id similarity", sorted. */
  private static List<String> lines(Corpus corpus, ReferencePairs pairs) {
    List<String> lines = new ArrayList<>();
    for (ReferencePair pair : pairs) {
      lines.add(
          corpus.id(pair.document())
              + " "
              + pairs.referenceId(pair.reference())
              + " "
              + pair.similarity());
    }
    lines.sort(null);
    return lines;
  }

  @Test
  void streamedTextsGiveTheCrossPairsOfOneRunOverBothAndBruteForcesPairs() {
    try (Corpus corpus = newCorpus(CONFIG, MemoryBudget.defaults())) {
      ReferencePairs pairs =
          BatchRun.against(corpus, List.of(Reference.ofTexts(OLD)), Progress.NONE);
      List<String> found = lines(corpus, pairs);

      // one LSH run over both: its pairs of a new and an old document
      List<Document> both = new ArrayList<>(NEW);
      OLD.forEach((id, text) -> both.add(new Document(id, text, "old", both.size(), both.size())));
      List<String> cross = new ArrayList<>();
      try (Corpus all = Pipelines.corpus(CONFIG, both)) {
        for (SimilarPair p :
            BatchRun.pairs(all, PairMethod.LSH, Progress.NONE, BatchRun.Listener.NONE).pairs()) {
          boolean firstOld = OLD.containsKey(all.id(p.first()));
          if (firstOld != OLD.containsKey(all.id(p.second()))) {
            String fresh = all.id(firstOld ? p.second() : p.first());
            String old = all.id(firstOld ? p.first() : p.second());
            cross.add(fresh + " " + old + " " + p.similarity());
          }
        }
      }
      cross.sort(null);
      assertThat(found).hasSizeGreaterThan(300).isEqualTo(cross);

      // brute force: every (new, old) pair's exact Jaccard
      DocumentSketcher sketcher = DocumentSketcher.create(CONFIG.sketch());
      Map<String, long[]> oldSets = new TreeMap<>();
      OLD.forEach((id, text) -> oldSets.put(id, sketcher.shingleSet(text)));
      List<String> truth = new ArrayList<>();
      for (Document d : NEW) {
        long[] set = sketcher.shingleSet(d.text());
        oldSets.forEach(
            (id, oldSet) -> {
              double j = Jaccard.similarity(set, oldSet);
              if (j >= CONFIG.threshold()) {
                truth.add(d.id() + " " + id + " " + j);
              }
            });
      }
      truth.sort(null);
      assertThat(found).isEqualTo(truth);
      assertThat(pairs.documentsRead()).isEqualTo(OLD.size());
      assertThat(pairs.candidates()).isGreaterThanOrEqualTo(found.size());
    }
  }

  @Test
  void slicesAndAnIndexGiveTheSamePairs() {
    List<String> expected;
    try (Corpus corpus = newCorpus(CONFIG, MemoryBudget.defaults())) {
      expected =
          lines(corpus, BatchRun.against(corpus, List.of(Reference.ofTexts(OLD)), Progress.NONE));
    }
    // a join share of a few kilobytes: the table of a few dozen documents a slice
    MemoryBudget small = MemoryBudget.defaults();
    small =
        new MemoryBudget(
            small.shingleSetBytes(),
            small.signatureBytes(),
            small.sortBytes(),
            small.setCacheBytes(),
            20_000,
            null);
    try (Corpus corpus = newCorpus(CONFIG, small)) {
      assertThat(
              lines(
                  corpus, BatchRun.against(corpus, List.of(Reference.ofTexts(OLD)), Progress.NONE)))
          .isEqualTo(expected);
    }
    // read in estimate mode, without sets: each set made when a candidate asks for it
    DocumentSketcher sketcher = DocumentSketcher.create(CONFIG.sketch());
    PipelineConfig estimate = CONFIG.toBuilder().verify(VerifyMode.ESTIMATE).build();
    try (Corpus corpus = newCorpus(estimate, MemoryBudget.defaults())) {
      assertThat(corpus.keepsShingleSets()).isFalse();
      Map<String, String> texts = new TreeMap<>();
      NEW.forEach(d -> texts.put(d.id(), d.text()));
      assertThat(
              lines(
                  corpus,
                  BatchRun.against(
                      corpus,
                      CONFIG,
                      document -> sketcher.shingleSet(texts.get(corpus.id(document))),
                      List.of(Reference.ofTexts(OLD)),
                      Progress.NONE)))
          .isEqualTo(expected);
    }
    assertThat(againstIndex(CONFIG)).isEqualTo(expected);
  }

  /**
   * The lines of the pairs of the documents of {@link #newCorpus} with OLD in an in-memory index.
   */
  private static List<String> againstIndex(PipelineConfig config) {
    try (NearDupIndex<String> index = NearDupIndex.inMemory(config);
        Corpus corpus = newCorpus(config, MemoryBudget.defaults())) {
      OLD.forEach(index::add);
      return lines(
          corpus, BatchRun.against(corpus, List.of(Reference.of(index, "index")), Progress.NONE));
    }
  }

  /** Estimated similarities: an index (which keeps no sets) gives the pairs streamed texts give. */
  @Test
  void inEstimateModeAnIndexGivesTheStreamedPairs() {
    PipelineConfig estimate = CONFIG.toBuilder().verify(VerifyMode.ESTIMATE).build();
    List<String> expected;
    try (Corpus corpus = newCorpus(estimate, MemoryBudget.defaults())) {
      expected =
          lines(corpus, BatchRun.against(corpus, List.of(Reference.ofTexts(OLD)), Progress.NONE));
    }
    assertThat(expected).hasSizeGreaterThan(100);
    assertThat(againstIndex(estimate)).isEqualTo(expected);
  }

  @Test
  void referencesAreNumberedByIdAndSeveralReferencesAddUp() {
    Map<String, String> first = new LinkedHashMap<>();
    Map<String, String> second = new LinkedHashMap<>();
    OLD.forEach((id, text) -> (id.hashCode() % 2 == 0 ? first : second).put(id, text));
    try (Corpus corpus = newCorpus(CONFIG, MemoryBudget.defaults())) {
      ReferencePairs one = BatchRun.against(corpus, List.of(Reference.ofTexts(OLD)), Progress.NONE);
      ReferencePairs two =
          BatchRun.against(
              corpus, List.of(Reference.ofTexts(second), Reference.ofTexts(first)), Progress.NONE);
      assertThat(lines(corpus, two)).isEqualTo(lines(corpus, one));
      for (int r = 1; r < two.referenceCount(); r++) {
        assertThat(two.referenceId(r - 1)).isLessThan(two.referenceId(r));
      }
      assertThat(two.referenceId(0)).isEqualTo(one.referenceId(0));
    }
  }

  @Test
  void aReferenceOfOtherSettingsIsRefusedNamingTheDifference() {
    PipelineConfig other = CONFIG.toBuilder().threshold(0.7).build();
    try (NearDupIndex<String> index = NearDupIndex.inMemory(other);
        Corpus corpus = newCorpus(CONFIG, MemoryBudget.defaults())) {
      assertThatThrownBy(
              () -> BatchRun.against(corpus, List.of(Reference.of(index, "old")), Progress.NONE))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("old: made with other settings: threshold 0.7, not 0.8")
          .hasMessageContaining("banding");
    }
    try (Corpus corpus =
        Pipelines.corpus(CONFIG.toBuilder().verify(VerifyMode.EXACT).build(), NEW)) {
      StreamedReference withoutSets =
          new StreamedReference() {
            @Override
            public String name() {
              return "old.nds";
            }

            @Override
            public org.neardup.sketch.SketchParams params() {
              return CONFIG.sketch();
            }

            @Override
            public boolean givesSets() {
              return false;
            }

            @Override
            public long bytes() {
              return -1;
            }

            @Override
            public void read(Sink sink, java.util.function.LongConsumer bytesRead) {}
          };
      assertThatThrownBy(() -> BatchRun.against(corpus, List.of(withoutSets), Progress.NONE))
          .hasMessageContaining("old.nds: carries no shingle sets");
    }
  }
}
