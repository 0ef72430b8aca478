package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.testkit.PlantedCorpus;

/**
 * What docs/cli.md says {@code --quiet} keeps: warnings about the results. It turns off the
 * progress and the summary only.
 */
class QuietWarningsTest {
  private static final String SHORT_WARNING =
      "are shorter than 5 whitespace-separated words, so each is one shingle";

  @TempDir Path dir;

  /** Chinese paragraphs: each one whitespace-separated word. */
  private Path chinese() throws IOException {
    return Files.writeString(dir.resolve("zh.tsv"), PlantedCorpus.of("zh", 1).tsv());
  }

  private static String[] args(Path input, String... command) {
    List<String> all = new ArrayList<>(List.of(command));
    all.addAll(List.of("-q", "--shingle", "whitespace-word:5", input.toString()));
    return all.toArray(String[]::new);
  }

  @Test
  void theShortDocumentWarningIsKeptUnderQuietByEveryCommandThatReadsACorpus() throws IOException {
    Path zh = chinese();
    String firstId = Files.readAllLines(zh).get(0).split("\t")[0];
    String[][] commands = {
      {"pairs"},
      {"clusters"},
      {"dedup", "-o", dir.resolve("clean.tsv").toString()},
      {"report", "-o", dir.resolve("report.html").toString()},
      {"sign", "-o", dir.resolve("zh.nds").toString()},
      {"similar", "--top", "2", "--id", firstId},
      {"pairs", "--measure", "containment"},
    };
    for (String[] command : commands) {
      CliRunner run = CliRunner.run(args(zh, command));
      assertThat(run.exitCode).as(run.toString()).isZero();
      assertThat(run.err).as(String.join(" ", command)).contains(SHORT_WARNING);
      assertThat(run.err.lines().filter(l -> l.contains(SHORT_WARNING)).count())
          .as(run.toString())
          .isEqualTo(1);
    }
  }

  @Test
  void withoutQuietTheWarningIsSaidOnceToo() throws IOException {
    CliRunner run = CliRunner.run("pairs", "--shingle", "whitespace-word:5", chinese().toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.err.lines().filter(l -> l.contains(SHORT_WARNING)).count()).isEqualTo(1);
  }

  @Test
  void signaturesWithoutSetsAreSaidToGiveApproximateSimilaritiesUnderQuiet() throws IOException {
    Path corpus =
        Files.writeString(
            dir.resolve("c.tsv"),
            "a\tthe quick brown fox jumps over the lazy dog\n"
                + "b\tthe quick brown fox jumps over the lazy dog!\n");
    Path signatures = dir.resolve("c.nds");
    CliRunner sign =
        CliRunner.run(
            "sign", "-q", "--signatures-only", "-o", signatures.toString(), corpus.toString());
    assertThat(sign.exitCode).as(sign.toString()).isZero();
    CliRunner run = CliRunner.run("pairs", "-q", "--signatures", signatures.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.err).contains("warning: the signature files carry no shingle sets");
    CliRunner estimate =
        CliRunner.run("pairs", "-q", "--estimate", "--signatures", signatures.toString());
    assertThat(estimate.err).doesNotContain("shingle sets");
  }
}
