package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.neardup.testkit.PlantedCorpus;

/**
 * Word shingles on Chinese, Japanese and Thai prose with planted near-duplicates (one edit of 2-4
 * characters), through the real {@code pairs} command.
 */
class LanguageShinglesTest {
  @TempDir Path dir;

  private static Set<String> pairs(CliRunner run) {
    assertThat(run.exitCode).as(run.toString()).isZero();
    return run.out
        .lines()
        .map(line -> line.split("\t"))
        .map(f -> f[0] + "\t" + f[1])
        .collect(Collectors.toSet());
  }

  private static double found(PlantedCorpus corpus, Set<String> pairs) {
    long found = corpus.planted().stream().filter(p -> pairs.contains(p[0] + "\t" + p[1])).count();
    return (double) found / corpus.planted().size();
  }

  @ParameterizedTest
  @CsvSource({"zh, word:5", "ja, word:5", "th, word:5", "zh, word:3", "ja, word:3", "th, word:3"})
  void wordShinglesFindPlantedNearDuplicatesInScriptsWithoutSpaces(String language, String shingle)
      throws IOException {
    PlantedCorpus corpus = PlantedCorpus.of(language, 8);
    Path input = Files.writeString(dir.resolve(language + ".tsv"), corpus.tsv());
    Set<String> lsh =
        pairs(CliRunner.run("pairs", "-q", "--shingle", shingle, "-t", "0.5", input.toString()));
    Set<String> exact =
        pairs(
            CliRunner.run(
                "pairs", "-q", "--exact", "--shingle", shingle, "-t", "0.5", input.toString()));

    assertThat(found(corpus, lsh))
        .as("planted pairs found by " + shingle)
        .isGreaterThanOrEqualTo(0.99);
    assertThat(lsh.stream().filter(exact::contains).count())
        .as("recall against --exact")
        .isGreaterThanOrEqualTo((long) Math.ceil(0.99 * exact.size()));
    assertThat(lsh)
        .as("only pairs of one paragraph")
        .allSatisfy(
            pair -> {
              String[] ids = pair.split("\t");
              assertThat(ids[0].split("-e")[0]).isEqualTo(ids[1].split("-e")[0]);
            });
  }

  @ParameterizedTest
  @CsvSource({"zh", "ja", "th"})
  void whitespaceWordsSeeEachParagraphAsOneWord(String language) throws IOException {
    PlantedCorpus corpus = PlantedCorpus.of(language, 8);
    Path input = Files.writeString(dir.resolve(language + ".tsv"), corpus.tsv());
    Set<String> pairs =
        pairs(
            CliRunner.run(
                "pairs",
                "-q",
                "--exact",
                "--shingle",
                "whitespace-word:5",
                "-t",
                "0.5",
                input.toString()));
    assertThat(found(corpus, pairs)).isLessThan(0.5);
  }
}
