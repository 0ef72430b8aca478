package org.neardup.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.batch.BatchRun;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.PairResult;
import org.neardup.batch.corpus.Progress;
import org.neardup.config.PipelineConfig;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;
import org.neardup.shingle.ShingleConfig;

/**
 * The library guide's example over files, as written there: if this stops compiling, fix the README
 * too.
 */
class ReadmeDemoTest {
  @TempDir Path dir;

  @Test
  void readmeLibraryExampleFindsTheNearDuplicatePair() throws IOException {
    Path path =
        Files.writeString(
            dir.resolve("docs.tsv"),
            "a\tThe quick brown fox jumps over the lazy dog\n"
                + "b\tThe quick brown fox jumps over the lazy dog!\n"
                + "c\tSomething else entirely, about gardening\n");

    // --- as in docs/library.md, "Files, streamed" ---
    PipelineConfig config =
        PipelineConfig.builder().threshold(0.8).shingle(ShingleConfig.chars(5)).build();
    FileInputs inputs =
        FileInputs.ofTexts(
            List.of(new FileInputs.TextInput(path, InputOptions.of(InputFormat.TSV), false)));
    // AutoCloseable: close() deletes its temporary files, if any
    Corpus corpus = BatchRun.read(config, inputs, new InputProblems(OnError.FAIL), Progress.NONE);
    PairResult result = BatchRun.pairs(corpus, Progress.NONE); // verified pairs, by ordinal
    // ---

    assertThat(result.pairs()).hasSize(1);
    assertThat(corpus.id(result.pairs().get(0).first())).isEqualTo("a");
    assertThat(corpus.id(result.pairs().get(0).second())).isEqualTo("b");
    assertThat(result.pairs().get(0).similarity()).isEqualTo(39.0 / 40);
    corpus.close();
  }
}
