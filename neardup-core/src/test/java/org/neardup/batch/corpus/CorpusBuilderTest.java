package org.neardup.batch.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.neardup.batch.corpus.Pipelines.corpus;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.neardup.config.MemoryBudget;
import org.neardup.config.PipelineConfig;
import org.neardup.input.Document;
import org.neardup.input.InputProblem;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;

class CorpusBuilderTest {
  private static final PipelineConfig CONFIG = PipelineConfig.builder().threads(2).build();

  @Test
  void keepsInputOrderAcrossManyBatches() {
    List<Document> documents = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      documents.add(new Document("id" + i, "text number " + i, "in.tsv", i + 1, i));
    }
    Corpus corpus = corpus(CONFIG, documents);
    assertThat(corpus.size()).isEqualTo(2000);
    for (int i = 0; i < 2000; i += 111) {
      assertThat(corpus.id(i)).isEqualTo("id" + i);
      assertThat(corpus.recordIndex(i)).isEqualTo(i);
      assertThat(corpus.textLength(i)).isEqualTo(("text number " + i).length());
      assertThat(corpus.signature(i)).hasSize(128);
    }
    assertThat(corpus.sources()).containsExactly("in.tsv");
  }

  /**
   * Batches end at their chars as well as their count ({@link MemoryBudget#batchChars}): with a
   * budget that allows a few hundred chars a batch, long and short documents mixed keep their input
   * order and get the signatures of an ample budget.
   */
  @Test
  void batchesEndAtTheirCharsAsWellAsTheirCount() {
    assertThat(new MemoryBudget(0, 0, 0, 7_000, 0, null).batchChars(7)).isEqualTo(100);
    assertThat(new MemoryBudget(0, 0, 0, 0, 0, null).batchChars(7)).isEqualTo(1);
    List<Document> documents = new ArrayList<>();
    for (int i = 0; i < 600; i++) {
      String text = ("word" + i + " ").repeat(i % 7 == 0 ? 300 : 3);
      documents.add(new Document("id" + i, text, "in.tsv", i + 1, i));
    }
    MemoryBudget small =
        new MemoryBudget(1L << 30, 1L << 30, 1L << 20, 7 * 10 * 400, 1L << 20, null);
    assertThat(small.batchChars(7)).isEqualTo(400);
    try (Corpus ample = corpus(CONFIG, documents);
        Corpus batched = Pipelines.corpus(CONFIG, documents, small, null)) {
      assertThat(batched.size()).isEqualTo(600);
      for (int i = 0; i < 600; i++) {
        assertThat(batched.id(i)).isEqualTo("id" + i);
        assertThat(batched.signature(i)).isEqualTo(ample.signature(i));
      }
    }
  }

  @Test
  void emptyDocumentsAreSkippedAndCountedEvenUnderTheFailPolicy() {
    InputProblems problems = new InputProblems(OnError.FAIL);
    List<Document> documents =
        List.of(
            new Document("a", "fine text", "in.tsv", 1, 0),
                new Document("b", " \t ", "in.tsv", 2, 1),
            new Document("c", "", "in.tsv", 3, 2), new Document("d", "more text", "in.tsv", 4, 3));
    Corpus corpus = corpus(CONFIG, documents, problems);
    assertThat(corpus.size()).isEqualTo(2);
    assertThat(corpus.id(1)).isEqualTo("d");
    assertThat(problems.skipped())
        .containsExactly(java.util.Map.entry(InputProblem.EMPTY_DOCUMENT, 2L));
  }

  @Test
  void duplicateIdFailsWithFileAndLineOfTheSecondOccurrence() {
    List<Document> documents =
        List.of(new Document("a", "one", "in.tsv", 1, 0), new Document("a", "two", "in.tsv", 7, 1));
    assertThatThrownBy(() -> corpus(CONFIG, documents)).hasMessage("in.tsv:7: duplicate id 'a'");
  }

  @Test
  void skipPolicyCountsAndSkipsBothKindsKeepingTheFirstOccurrence() {
    InputProblems problems = new InputProblems(OnError.SKIP);
    List<Document> documents =
        List.of(
            new Document("a", "one", "in.tsv", 1, 0), new Document("a", "two", "in.tsv", 2, 1),
            new Document("b", "", "in.tsv", 3, 2), new Document("c", "three", "in.tsv", 4, 3));
    Corpus corpus = corpus(CONFIG, documents, problems);
    assertThat(corpus.size()).isEqualTo(2);
    assertThat(corpus.id(0)).isEqualTo("a");
    assertThat(corpus.textLength(0)).isEqualTo(3);
    assertThat(corpus.id(1)).isEqualTo("c");
    assertThat(problems.skipped())
        .containsEntry(InputProblem.DUPLICATE_ID, 1L)
        .containsEntry(InputProblem.EMPTY_DOCUMENT, 1L);
  }
}
