package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PairsCommandTest {
  @TempDir Path dir;

  private Path corpus() throws IOException {
    return Files.writeString(
        dir.resolve("in.tsv"),
        "b\tThe quick brown fox jumps over the lazy dog\n"
            + "a\tthe quick brown fox jumps over the lazy dog!\n"
            + "c\tSomething completely different is written here\n"
            + "d\tthe quick brown fox jumps over the lazy dog\n");
  }

  @Test
  void writesSortedIdPairsWithExactJaccardToSixDecimals() throws IOException {
    CliRunner run = CliRunner.run("pairs", "--quiet", corpus().toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    // a has one extra char: 39 + 1 shingles vs 39 -> J = 39/40
    assertThat(run.out).isEqualTo("a\tb\t0.975000\n" + "a\td\t0.975000\n" + "b\td\t1.000000\n");
    assertThat(run.err).isEmpty();
  }

  @Test
  void exactGivesTheSameAnswerAndSummaryGoesToStderr() throws IOException {
    CliRunner lsh = CliRunner.run("pairs", corpus().toString());
    CliRunner exact = CliRunner.run("pairs", "--exact", corpus().toString());
    assertThat(exact.out).isEqualTo(lsh.out);
    assertThat(lsh.err)
        .contains("4 documents read")
        .contains("bands=21 rows=6")
        .contains("3 pairs with similarity >= 0.8");
    assertThat(exact.err).contains("exact join");
  }

  @Test
  void outputFileIsWrittenWhole() throws IOException {
    Path output = dir.resolve("pairs.tsv");
    CliRunner run = CliRunner.run("pairs", "-q", "-o", output.toString(), corpus().toString());
    assertThat(run.exitCode).isZero();
    assertThat(run.out).isEmpty();
    assertThat(Files.readString(output)).hasLineCount(3);
    assertThat(Files.list(dir)).noneMatch(p -> p.getFileName().toString().endsWith(".tmp"));
  }

  @Test
  void aFailedRunLeavesAnExistingOutputUntouchedAndNoTemporaryFile() throws IOException {
    Path output = Files.writeString(dir.resolve("pairs.tsv"), "previous result\n");
    Path bad = Files.writeString(dir.resolve("bad.tsv"), "a\tfine\nb\n");
    CliRunner run = CliRunner.run("pairs", "-o", output.toString(), bad.toString());
    assertThat(run.exitCode).isEqualTo(2);
    assertThat(Files.readString(output)).isEqualTo("previous result\n");
    assertThat(Files.list(dir)).noneMatch(p -> p.getFileName().toString().endsWith(".tmp"));
  }

  @Test
  void thresholdShingleAndBandingOptionsApply() throws IOException {
    CliRunner run =
        CliRunner.run(
            "pairs",
            "-q",
            "--threshold",
            "0.99",
            "--shingle",
            "whitespace-word:2",
            "--bands",
            "32",
            "--rows",
            "4",
            corpus().toString());
    assertThat(run.exitCode).isZero();
    // whitespace words: "dog!" differs from "dog", so only b-d stays at >= 0.99
    assertThat(run.out).isEqualTo("b\td\t1.000000\n");
    // Unicode words: "!" is not a word, so a, b and d have the same words
    CliRunner words =
        CliRunner.run(
            "pairs",
            "-q",
            "--threshold",
            "0.99",
            "--shingle",
            "word:2",
            "--bands",
            "32",
            "--rows",
            "4",
            corpus().toString());
    assertThat(words.out).isEqualTo("a\tb\t1.000000\na\td\t1.000000\nb\td\t1.000000\n");
  }

  @Test
  void csvWithTextFieldsAndRecordNumberIds() throws IOException {
    Path csv =
        Files.writeString(
            dir.resolve("ads.csv"),
            "Title,Body,Price\n"
                + "Flat in Rome,\"Nice flat, two rooms, near the metro\",500\n"
                + "Car,A red car,100\n"
                + "Flat in Rome,\"Nice flat, two rooms, near the metro!\",550\n");
    CliRunner run =
        CliRunner.run(
            "pairs",
            "-q",
            "--format",
            "csv",
            "--text-field",
            "Title",
            "--text-field",
            "Body",
            csv.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out).startsWith("1\t3\t0.9");
    assertThat(run.out).hasLineCount(1);
  }

  @Test
  void jsonlWithChosenFields() throws IOException {
    Path jsonl =
        Files.writeString(
            dir.resolve("docs.jsonl"),
            "{\"key\": 7, \"body\": \"hello there general kenobi\"}\n"
                + "{\"key\": 8, \"body\": \"hello there general kenobi\"}\n");
    CliRunner run =
        CliRunner.run("pairs", "-q", "--id-field", "key", "--text-field", "body", jsonl.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out).isEqualTo("7\t8\t1.000000\n");
  }
}
