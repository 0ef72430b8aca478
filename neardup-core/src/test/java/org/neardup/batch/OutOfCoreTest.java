package org.neardup.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.PairResult;
import org.neardup.batch.corpus.Pipelines;
import org.neardup.batch.corpus.Progress;
import org.neardup.batch.corpus.SketchSource;
import org.neardup.config.MemoryBudget;
import org.neardup.config.PipelineConfig;
import org.neardup.input.Document;
import org.neardup.sort.SpillFile;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;
import org.neardup.verify.SimilarPair;
import org.neardup.verify.VerifyMode;

/**
 * The LSH pair phase under memory budgets from ample to none: shingle sets kept, spilled or made
 * again by reading the documents again; full signatures kept or dropped; bucket keys, candidate
 * pairs and held sets in memory or in sorted runs on disk. Every combination finds the same pairs
 * with the same similarities, and leaves no temporary file, after success as after failure.
 */
class OutOfCoreTest {
  private static final GeneratedCorpus GENERATED =
      new CorpusGenerator(3000, 0.4, 3, 0.25, 10, 80, 11).generate();
  private static final List<Document> DOCUMENTS = documents();

  @TempDir Path dir;

  private static List<Document> documents() {
    List<Document> documents = new ArrayList<>(Pipelines.documents(GENERATED));
    documents.add(
        new Document(
            "empty", "  ", "generated", GENERATED.size() + 1, GENERATED.size())); // no ordinal
    documents.add(
        new Document(
            "last",
            GENERATED.texts().get(7),
            "generated",
            GENERATED.size() + 2,
            GENERATED.size() + 1));
    return documents;
  }

  /** Reads the documents again from the list, as the command line reads its files again. */
  private static final class ListSource implements SketchSource {
    int rereads;
    int failAfter = Integer.MAX_VALUE;

    /** Whether it says every document comes as text (so verification compares shingle keys). */
    boolean onlyTexts = true;

    @Override
    public boolean givesOnlyTexts() {
      return onlyTexts;
    }

    @Override
    public void reread(Corpus corpus, IntPredicate wanted, Sink sink) {
      rereads++;
      int handed = 0;
      for (int ordinal = 0; ordinal < corpus.size(); ordinal++) {
        if (wanted.test(ordinal)) {
          if (handed++ == failAfter) {
            throw new IllegalStateException("the input went away");
          }
          sink.text(ordinal, DOCUMENTS.get((int) corpus.recordIndex(ordinal)).text());
        }
      }
    }
  }

  private Corpus build(PipelineConfig config, MemoryBudget budget, SketchSource source) {
    return Pipelines.corpus(config, DOCUMENTS, budget, source);
  }

  private MemoryBudget budget(String kind) {
    return switch (kind) {
      case "ample" -> MemoryBudget.ofHeap(1L << 32, dir);
      case "none" -> new MemoryBudget(0, 0, 4096, 0, 0, dir);
      case "some" ->
          new MemoryBudget(
              200_000, 4_000_000, 300_000, 100_000, 2_000_000, dir); // full signatures kept
      default -> throw new IllegalArgumentException(kind);
    };
  }

  @ParameterizedTest
  @CsvSource({
    "0.8, EXACT, none, true, true", "0.8, EXACT, none, false, true", "0.8, EXACT, some, true, true",
    "0.8, EXACT, some, false, true", "0.5, EXACT, none, true, true",
        "0.95, EXACT, some, true, true",
    "0.8, ESTIMATE, none, true, true", "0.6, ESTIMATE, some, true, true",
        "0.8, EXACT, none, true, false",
    "0.5, EXACT, some, true, false"
  })
  void everyBudgetFindsThePairsOfTheAmpleOne(
      double threshold, VerifyMode mode, String kind, boolean rereadable, boolean onlyTexts)
      throws IOException {
    PipelineConfig config =
        PipelineConfig.builder().threads(2).threshold(threshold).verify(mode).build();
    long before = SpillFile.bytesInUse();
    PairResult expected;
    try (Corpus corpus = build(config, budget("ample"), null)) {
      assertThat(corpus.keepsFullSignatures()).isTrue();
      expected = PairFinder.withLsh(corpus, Progress.NONE);
    }
    assertThat(expected.pairs()).hasSizeGreaterThan(100);
    ListSource source = new ListSource();
    source.onlyTexts = onlyTexts; // shingle keys compared, or hashes
    PairResult found;
    try (Corpus corpus = build(config, budget(kind), rereadable ? source : null)) {
      if (kind.equals("none")) {
        assertThat(corpus.keepsFullSignatures()).isFalse();
        assertThat(corpus.keepsShingleSets()).isEqualTo(!rereadable && mode == VerifyMode.EXACT);
      }
      found = PairFinder.withLsh(corpus, Progress.NONE);
    }
    assertThat(found.pairs()).isEqualTo(expected.pairs());
    for (SimilarPair pair : found.pairs()) {
      assertThat(pair.similarity()).isGreaterThanOrEqualTo(threshold);
    }
    if (kind.equals("some")) {
      assertThat(found.candidatePairs())
          .isEqualTo(expected.candidatePairs()); // full signatures: distinct pairs
    }
    assertThat(source.rereads).isLessThanOrEqualTo(1);
    assertThat(SpillFile.bytesInUse()).isEqualTo(before);
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files).isEmpty();
    }
  }

  /**
   * The exact join in blocks, with sets read again and ranks on disk, gives the in-memory answer.
   */
  @ParameterizedTest
  @CsvSource({"0.8, none, true", "0.8, none, false", "0.5, some, true", "0.95, none, true"})
  void theExactJoinInBlocksFindsThePairsOfTheInMemoryOne(
      double threshold, String kind, boolean rereadable) throws IOException {
    PipelineConfig config = PipelineConfig.builder().threads(2).threshold(threshold).build();
    long before = SpillFile.bytesInUse();
    PairResult expected;
    try (Corpus corpus = build(config, budget("ample"), null)) {
      expected = PairFinder.exact(corpus, Progress.NONE);
    }
    assertThat(expected.pairs()).hasSizeGreaterThan(100);
    List<String> stages = new ArrayList<>();
    Progress stagesSeen =
        new Progress() {
          @Override
          public synchronized void start(String stage, long total) {
            stages.add(stage);
          }

          @Override
          public void advance(long steps) {}

          @Override
          public void finish() {}
        };
    try (Corpus corpus = build(config, budget(kind), rereadable ? new ListSource() : null)) {
      PairResult found = PairFinder.exact(corpus, stagesSeen);
      assertThat(found.pairs()).isEqualTo(expected.pairs());
      assertThat(found.candidatePairs()).isEqualTo(expected.candidatePairs());
    }
    if (kind.equals("none")) {
      assertThat(stages).anyMatch(stage -> stage.matches("exact join \\(\\d+ blocks\\)"));
    }
    assertThat(SpillFile.bytesInUse()).isEqualTo(before);
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files).isEmpty();
    }
  }

  @ParameterizedTest
  @CsvSource({"none", "some"})
  void aFailedRereadLeavesNoTemporaryFile(String kind) throws IOException {
    PipelineConfig config = PipelineConfig.builder().threads(2).build();
    long before = SpillFile.bytesInUse();
    ListSource source = new ListSource();
    source.failAfter = 500;
    try (Corpus corpus = build(config, budget(kind), source)) {
      assertThatThrownBy(() -> PairFinder.withLsh(corpus, Progress.NONE))
          .hasMessage("the input went away");
    }
    assertThat(SpillFile.bytesInUse()).isEqualTo(before);
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files).isEmpty();
    }
  }
}
