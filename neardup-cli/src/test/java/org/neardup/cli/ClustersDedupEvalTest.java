package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClustersDedupEvalTest {
  @TempDir Path dir;

  private Path corpus() throws IOException {
    return Files.writeString(
        dir.resolve("in.tsv"),
        "x1\tCheap flat near the station, two rooms and a kitchen\n"
            + "y1\tA completely unrelated text about gardening tools\n"
            + "x2\tCheap flat near the station, two rooms and a kitchen!!\n"
            + "z1\tYet another distinct document on astronomy\n"
            + "x3\tcheap flat near the station, two rooms and a kitchen\n");
  }

  @Test
  void clustersListEachMemberWithItsRoleAndSimilarityToTheKeptOne() throws IOException {
    CliRunner run = CliRunner.run("clusters", "-q", corpus().toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out)
        .isEqualTo(
            "x1\tx1\tkeep\t1.000000\nx1\tx2\tduplicate\t0.960000\nx1\tx3\tduplicate\t1.000000\n");
    CliRunner longest = CliRunner.run("clusters", "-q", "--keep", "longest", corpus().toString());
    // the kept document's line first, then the removed ones in input order
    assertThat(longest.out)
        .isEqualTo(
            "x2\tx2\tkeep\t1.000000\nx2\tx1\tduplicate\t0.960000\nx2\tx3\tduplicate\t0.960000\n");
  }

  @Test
  void clustersWithComponentsKeepTheThreeColumnLayout() throws IOException {
    CliRunner longest =
        CliRunner.run("clusters", "-q", "--components", "--keep", "longest", corpus().toString());
    assertThat(longest.exitCode).as(longest.toString()).isZero();
    assertThat(longest.out).isEqualTo("x1\tx1\tduplicate\nx1\tx2\tkeep\nx1\tx3\tduplicate\n");
  }

  @Test
  void dedupWritesTheInputMinusDuplicatesInItsOwnFormat() throws IOException {
    Path clean = dir.resolve("clean.tsv");
    CliRunner run = CliRunner.run("dedup", "-o", clean.toString(), corpus().toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(Files.readString(clean))
        .isEqualTo(
            "x1\tCheap flat near the station, two rooms and a kitchen\n"
                + "y1\tA completely unrelated text about gardening tools\n"
                + "z1\tYet another distinct document on astronomy\n");
    assertThat(run.err).contains("kept 3 records, removed 2 duplicates in 1 cluster ");
  }

  @Test
  void dedupOfCsvKeepsTheHeaderAndQuotedRecordsAsTheyWere() throws IOException {
    String header = "id,text\n";
    String first = "1,\"Room to let, central, \"\"quiet\"\"\"\n";
    String other = "2,Something else entirely\n";
    String copy = "3,\"Room to let, central, \"\"quiet\"\"!\"\n";
    Path csv = Files.writeString(dir.resolve("in.csv"), header + first + other + copy);
    Path clean = dir.resolve("clean.csv");
    CliRunner run =
        CliRunner.run("dedup", "-q", "--id-field", "id", "-o", clean.toString(), csv.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(Files.readString(clean)).isEqualTo(header + first + other);
  }

  @Test
  void dedupRequiresAnOutput() throws IOException {
    CliRunner run = CliRunner.run("dedup", corpus().toString());
    assertThat(run.exitCode).isEqualTo(2);
    assertThat(run.err).contains("dedup needs -o/--output CLEAN");
  }

  @Test
  void evalScoresFoundPairsAgainstTruthWithBandsWhenTheTruthHasSimilarities() throws IOException {
    Path truth =
        Files.writeString(
            dir.resolve("truth.tsv"), "a\tb\t0.900000\nc\td\t0.810000\ne\tf\t1.000000\n");
    Path found =
        Files.writeString(
            dir.resolve("found.tsv"), "a\tb\t0.900000\nf\te\t1.000000\ng\th\t0.850000\n");
    CliRunner run =
        CliRunner.run(
            "eval",
            "--truth",
            truth.toString(),
            "--found",
            found.toString(),
            "--band-width",
            "0.1");
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out)
        .contains("true positives   2")
        .contains("false positives  1")
        .contains("false negatives  1")
        .contains("precision        0.666667")
        .contains("recall           0.666667")
        .contains("[0.800, 0.900)        1        0   0.0000")
        .contains("[0.900, 1.000]        2        2   1.0000");
  }

  @Test
  void demoFindsThePlantedPairs() throws IOException {
    CliRunner run =
        CliRunner.run("demo", "--documents", "600", "--dir", dir.resolve("demo").toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out).contains("Generated 600 documents").contains("bands=21 rows=6");
    assertThat(run.out)
        .containsPattern(
            "Against the planted truth \\(\\d+ pairs with J >= 0.8\\): precision 1.0000, recall"
                + " (1.0000|0.99\\d\\d)");
    assertThat(dir.resolve("demo/corpus.tsv")).exists();
    assertThat(dir.resolve("demo/truth.tsv")).exists();
  }
}
