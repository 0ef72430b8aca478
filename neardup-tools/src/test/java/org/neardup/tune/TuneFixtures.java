package org.neardup.tune;

import java.util.List;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.CorpusBuilder;
import org.neardup.batch.corpus.Progress;
import org.neardup.config.PipelineConfig;
import org.neardup.input.Document;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;
import org.neardup.synth.GeneratedCorpus;

/** Test helpers: corpora from texts or generated corpora. */
final class TuneFixtures {
  private TuneFixtures() {}

  static Corpus corpus(PipelineConfig config, List<String> texts) {
    try (CorpusBuilder builder =
        new CorpusBuilder(config, new InputProblems(OnError.FAIL), Progress.NONE)) {
      for (int i = 0; i < texts.size(); i++) {
        builder.add(new Document("d" + i, texts.get(i), "test", i + 1, i));
      }
      return builder.build();
    }
  }

  static Corpus corpus(PipelineConfig config, GeneratedCorpus generated) {
    return corpus(config, generated.texts());
  }
}
