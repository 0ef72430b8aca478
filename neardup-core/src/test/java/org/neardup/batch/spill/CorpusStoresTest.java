package org.neardup.batch.spill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.CorpusBuilder;
import org.neardup.batch.corpus.Progress;
import org.neardup.config.PipelineConfig;
import org.neardup.input.Document;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;

class CorpusStoresTest {
  @Test
  void aCorpusGivesItsSignatureStoreThroughTheAccessorItRegistered() {
    PipelineConfig config = PipelineConfig.builder().build();
    try (CorpusBuilder builder =
        new CorpusBuilder(config, new InputProblems(OnError.FAIL), Progress.NONE)) {
      builder.add(new Document("a", "the quick brown fox jumps over the lazy dog", "t", 1, 0));
      builder.add(new Document("b", "the quick brown fox jumps over the lazy cat", "t", 2, 1));
      try (Corpus corpus = builder.build()) {
        SignatureStore store = CorpusStores.signatures(corpus);
        assertThat(store.keepsFull()).isTrue();
        assertThat(store.full(1)).isEqualTo(corpus.signature(1));
      }
    }
  }

  @Test
  void anythingButACorpusIsRefusedAndTheAccessorIsRegisteredOnce() throws ClassNotFoundException {
    Class.forName(Corpus.class.getName(), true, Corpus.class.getClassLoader());
    assertThatThrownBy(() -> CorpusStores.signatures("a corpus"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a org.neardup.batch.corpus.Corpus");
    assertThatThrownBy(() -> CorpusStores.register(String.class, text -> null))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("registered already");
  }
}
