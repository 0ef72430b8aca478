package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.DuplicatePair;
import org.neardup.NearDup;
import org.neardup.batch.BatchInput;
import org.neardup.batch.BatchRun;
import org.neardup.batch.PairFinder;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.Progress;
import org.neardup.config.PipelineConfig;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;
import org.neardup.lsh.LshParams;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;
import org.neardup.verify.SimilarPair;

/**
 * {@code NearDup.pairs} and {@code ./neardup pairs} run the same code ({@code BatchRun}), so they
 * give the same pairs: at a low threshold, where eight bands of one row would examine more pairs
 * than the exact join and the planner runs the exact join (LSH alone, the library's former path,
 * misses a few pairs near the threshold there), and at the default threshold, where both take LSH.
 */
class LibraryCliParityTest {
  @TempDir static Path dir;
  private static GeneratedCorpus generated;
  private static Path input;

  @BeforeAll
  static void corpus() throws IOException {
    generated = new CorpusGenerator(12_000, 0.3, 3, 0.25, 20, 60, 9).generate();
    input = GeneratedFiles.tsv(generated, dir.resolve("in.tsv"));
  }

  private static List<String> cli(String output, String... options) throws IOException {
    List<String> args = new ArrayList<>(List.of("pairs", "-q"));
    args.addAll(List.of(options));
    args.addAll(List.of("-o", dir.resolve(output).toString(), input.toString()));
    CliRunner run = CliRunner.run(args.toArray(String[]::new));
    assertThat(run.exitCode).as(run.toString()).isZero();
    return Files.readAllLines(dir.resolve(output));
  }

  private static List<String> library(PipelineConfig config) {
    Map<String, String> documents = new LinkedHashMap<>();
    for (int i = 0; i < generated.size(); i++) {
      documents.put(generated.ids().get(i), generated.texts().get(i));
    }
    List<String> lines = new ArrayList<>();
    for (DuplicatePair<String> pair : NearDup.with(config).pairs(documents)) {
      lines.add(line(pair.first(), pair.second(), pair.similarity()));
    }
    return lines;
  }

  private static String line(String first, String second, double similarity) {
    return String.format(Locale.ROOT, "%s\t%s\t%.6f", first, second, similarity);
  }

  @Test
  void atALowThresholdTheLibraryTakesThePlannersExactJoinAsTheCommandLineDoes() throws IOException {
    PipelineConfig config =
        PipelineConfig.builder().threshold(0.3).banding(LshParams.of(8, 1)).build();
    List<String> fromCli = cli("low.tsv", "-t", "0.3", "--bands", "8", "--rows", "1");
    List<String> fromLibrary = library(config);
    assertThat(fromLibrary).containsExactlyInAnyOrderElementsOf(fromCli);

    // the library's former path, LSH alone, misses some of these pairs
    List<String> texts = generated.texts();
    try (Corpus corpus =
        BatchRun.read(
            config, BatchInput.ofTexts(texts), new InputProblems(OnError.FAIL), Progress.NONE)) {
      List<String> lshOnly = new ArrayList<>();
      for (SimilarPair pair : PairFinder.withLsh(corpus, Progress.NONE).pairs()) {
        lshOnly.add(
            line(
                generated.ids().get(Integer.parseInt(corpus.id(pair.first()))),
                generated.ids().get(Integer.parseInt(corpus.id(pair.second()))),
                pair.similarity()));
      }
      assertThat(fromLibrary).containsAll(lshOnly).hasSizeGreaterThan(lshOnly.size());
    }
  }

  @Test
  void atTheDefaultThresholdBothTakeLshAndAgree() throws IOException {
    assertThat(library(PipelineConfig.builder().build()))
        .containsExactlyInAnyOrderElementsOf(cli("default.tsv"))
        .isNotEmpty();
  }
}
