package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.Progress;
import org.neardup.config.PipelineConfig;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;
import org.neardup.options.InputMixin;
import org.neardup.synth.CorpusGenerator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * The reading stage's progress is in bytes of the inputs, against their sizes known up front: a bar
 * with an ETA.
 */
class ReadingProgressTest {
  @TempDir Path dir;

  @Command(name = "read")
  static final class Inputs {
    @Mixin InputMixin input;
  }

  @Test
  void readingStartsWithTheInputsSizeAndAdvancesToIt() throws IOException {
    Path first =
        GeneratedFiles.tsv(
            new CorpusGenerator(3_000, 0.3, 3, 0.25, 10, 40, 11).generate(), dir.resolve("a.tsv"));
    Path second = dir.resolve("b.tsv");
    Files.write(
        second,
        Files.readAllLines(
                GeneratedFiles.tsv(
                    new CorpusGenerator(2_000, 0.3, 3, 0.25, 10, 40, 12).generate(),
                    dir.resolve("c.tsv")))
            .stream()
            .map(line -> "b-" + line)
            .toList()); // ids of their own
    long size = Files.size(first) + Files.size(second);
    Inputs inputs = new Inputs();
    new CommandLine(inputs).parseArgs(first.toString(), second.toString());
    Recording progress = new Recording();

    try (Corpus corpus =
        PipelineRun.read(
            inputs.input,
            PipelineConfig.builder().build(),
            new InputProblems(OnError.FAIL),
            progress,
            true,
            new PrintWriter(Writer.nullWriter()))) {
      assertThat(corpus.size()).isEqualTo(5_000);
    }

    assertThat(progress.stages).containsExactly("reading");
    assertThat(progress.totals).containsExactly(size);
    assertThat(progress.advanced.get()).isEqualTo(size);
    assertThat(progress.advances.get())
        .as("advanced as it read, not once at the end")
        .isGreaterThan(2);
  }

  private static final class Recording implements Progress {
    final List<String> stages = new ArrayList<>();
    final List<Long> totals = new ArrayList<>();
    final AtomicLong advanced = new AtomicLong();
    final AtomicLong advances = new AtomicLong();

    @Override
    public synchronized void start(String stage, long total) {
      stages.add(stage);
      totals.add(total);
    }

    @Override
    public void advance(long steps) {
      advanced.addAndGet(steps);
      advances.incrementAndGet();
    }

    @Override
    public void finish() {}
  }
}
