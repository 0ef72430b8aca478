package org.neardup.batch.corpus;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.neardup.config.MemoryBudget;
import org.neardup.config.PipelineConfig;
import org.neardup.eval.IdPair;
import org.neardup.input.Document;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;
import org.neardup.synth.GeneratedCorpus;
import org.neardup.verify.SimilarPair;

/**
 * Test helpers: build corpora from documents, files or generated corpora; turn pairs into id pairs.
 */
public final class Pipelines {
  private Pipelines() {}

  public static Corpus corpus(
      PipelineConfig config, List<Document> documents, InputProblems problems) {
    try (CorpusBuilder builder = new CorpusBuilder(config, problems, Progress.NONE)) {
      documents.forEach(builder::add);
      return builder.build();
    }
  }

  public static Corpus corpus(PipelineConfig config, List<Document> documents) {
    return corpus(config, documents, new InputProblems(OnError.FAIL));
  }

  public static Corpus corpus(PipelineConfig config, GeneratedCorpus generated) {
    return corpus(config, documents(generated));
  }

  /**
   * A corpus built within {@code budget}, reading the documents again from {@code source} (may be
   * null).
   */
  public static Corpus corpus(
      PipelineConfig config, List<Document> documents, MemoryBudget budget, SketchSource source) {
    try (CorpusBuilder builder =
        new CorpusBuilder(config, new InputProblems(OnError.FAIL), Progress.NONE, budget, source)) {
      documents.forEach(builder::add);
      return builder.build();
    }
  }

  /** The generated documents, record i on line i + 1 of a source named "generated". */
  public static List<Document> documents(GeneratedCorpus generated) {
    List<Document> documents = new ArrayList<>(generated.size());
    for (int i = 0; i < generated.size(); i++) {
      documents.add(
          new Document(generated.ids().get(i), generated.texts().get(i), "generated", i + 1, i));
    }
    return documents;
  }

  public static Set<IdPair> idPairs(Corpus corpus, List<SimilarPair> pairs) {
    Set<IdPair> ids = new HashSet<>();
    for (SimilarPair pair : pairs) {
      ids.add(IdPair.of(corpus.id(pair.first()), corpus.id(pair.second())));
    }
    return ids;
  }
}
