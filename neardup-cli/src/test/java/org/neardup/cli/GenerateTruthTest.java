package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code generate --truth FILE} without excerpts writes the planted near-duplicate pairs. */
class GenerateTruthTest {
  @TempDir Path dir;

  @Test
  void theTruthHoldsThePlantedPairsThatPairsFinds() throws IOException {
    Path corpus = dir.resolve("corpus.tsv");
    Path truth = dir.resolve("truth.tsv");
    CliRunner run =
        CliRunner.run(
            "generate",
            "--documents",
            "2000",
            "--truth",
            truth.toString(),
            "-o",
            corpus.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    List<String> planted = Files.readAllLines(truth);
    assertThat(planted)
        .hasSizeGreaterThan(100)
        .allMatch(line -> line.matches("doc\\d+\tdoc\\d+\t(0\\.[89]\\d{5}|1\\.000000)"));
    assertThat(planted)
        .isSorted()
        .allMatch(line -> line.split("\t")[0].compareTo(line.split("\t")[1]) < 0);

    Path plain = dir.resolve("plain.tsv");
    assertThat(CliRunner.run("generate", "--documents", "2000", "-o", plain.toString()).exitCode)
        .isZero();
    assertThat(Files.readString(corpus))
        .isEqualTo(Files.readString(plain)); // the corpus is the same

    Path found = dir.resolve("found.tsv");
    assertThat(CliRunner.run("pairs", "-q", "-o", found.toString(), corpus.toString()).exitCode)
        .isZero();
    CliRunner eval =
        CliRunner.run("eval", "--truth", truth.toString(), "--found", found.toString());
    assertThat(eval.out).containsPattern("recall +(0\\.99|1\\.0)");

    Path all = dir.resolve("all.tsv");
    assertThat(
            CliRunner.run(
                    "generate",
                    "--documents",
                    "2000",
                    "--truth",
                    all.toString(),
                    "--truth-threshold",
                    "0",
                    "-o",
                    dir.resolve("again.tsv").toString())
                .exitCode)
        .isZero();
    assertThat(Files.readAllLines(all)).hasSizeGreaterThan(planted.size()).containsAll(planted);
    assertThat(CliRunner.run("generate", "--truth-threshold", "2").err)
        .contains("--truth-threshold must be in [0, 1], got 2");
  }
}
