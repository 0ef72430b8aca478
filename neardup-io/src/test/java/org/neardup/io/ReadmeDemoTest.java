package org.neardup.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
import org.neardup.verify.SimilarPair;

/**
 * The library guide's example over files (docs/library.md, "Files, streamed"), as written there but
 * for the file's place and the printing: if this stops compiling, fix the guide too.
 */
class ReadmeDemoTest {
  @TempDir Path dir;

  @Test
  void readmeLibraryExampleFindsTheNearDuplicatePairByItsIds() throws IOException {
    List<String> printed = new ArrayList<>();

    // --- as in docs/library.md, "Files, streamed" ---
    Path listings = dir.resolve("listings.tsv"); // id<TAB>text, one document a line
    Files.writeString(
        listings,
        "ad-1\tSunny two-room flat near Termini station, 800 euro a month, furnished\n"
            + "ad-2\tStudio in Trastevere with terrace, 650 euro\n"
            + "ad-3\tSunny two-room flat near Termini station - 800 euro a month, furnished!\n");
    PipelineConfig config =
        PipelineConfig.builder().threshold(0.8).shingle(ShingleConfig.chars(5)).build();
    FileInputs inputs =
        FileInputs.ofTexts(
            List.of(new FileInputs.TextInput(listings, InputOptions.of(InputFormat.TSV), false)));
    // AutoCloseable: close() deletes its temporary files, if any
    try (Corpus corpus =
        BatchRun.read(config, inputs, new InputProblems(OnError.FAIL), Progress.NONE)) {
      PairResult result = BatchRun.pairs(corpus, Progress.NONE); // verified pairs, by ordinal
      for (SimilarPair pair : result.pairs()) {
        printed.add(
            corpus.id(pair.first()) + "\t" + corpus.id(pair.second()) + "\t" + pair.similarity());
      }
    }
    // ---

    assertThat(printed).containsExactly("ad-1\tad-3\t" + Double.toString(60.0 / 72));
  }
}
