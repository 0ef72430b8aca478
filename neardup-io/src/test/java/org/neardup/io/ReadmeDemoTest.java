package org.neardup.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.input.Document;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;
import org.neardup.io.DocumentReader;
import org.neardup.io.DocumentReaders;
import org.neardup.io.InputFormat;
import org.neardup.io.InputOptions;
import org.neardup.pipeline.Corpus;
import org.neardup.pipeline.CorpusBuilder;
import org.neardup.pipeline.PairFinder;
import org.neardup.pipeline.PairResult;
import org.neardup.pipeline.PipelineConfig;
import org.neardup.pipeline.Progress;
import org.neardup.shingle.ShingleConfig;

/** The README's library example, as written there: if this stops compiling, fix the README too. */
class ReadmeDemoTest {
  @TempDir Path dir;

  @Test
  void readmeLibraryExampleFindsTheNearDuplicatePair() throws IOException {
    Path path = Files.writeString(dir.resolve("docs.tsv"),
        "a\tThe quick brown fox jumps over the lazy dog\n"
            + "b\tThe quick brown fox jumps over the lazy dog!\n"
            + "c\tSomething else entirely, about gardening\n");

    // --- as in README.md, "The library" ---
    PipelineConfig config = PipelineConfig.builder().threshold(0.8).shingle(ShingleConfig.chars(5)).build();
    InputProblems problems = new InputProblems(OnError.FAIL);
    Corpus corpus;   // AutoCloseable: close() deletes its temporary files, if any
    try (CorpusBuilder builder = new CorpusBuilder(config, problems, Progress.NONE);
         DocumentReader reader = DocumentReaders.open(path, InputOptions.of(InputFormat.TSV), problems)) {
      for (Document d; (d = reader.next()) != null; ) builder.add(d);   // signed in parallel
      corpus = builder.build();
    }
    PairResult result = PairFinder.withLsh(corpus, Progress.NONE);      // verified pairs, by ordinal
    // ---

    assertThat(result.pairs()).hasSize(1);
    assertThat(corpus.id(result.pairs().get(0).first())).isEqualTo("a");
    assertThat(corpus.id(result.pairs().get(0).second())).isEqualTo("b");
    assertThat(result.pairs().get(0).similarity()).isEqualTo(39.0 / 40);
    corpus.close();
  }
}
