package org.neardup.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.spark.TestSpark.cli;
import static org.neardup.spark.TestSpark.parts;
import static org.neardup.spark.TestSpark.spark;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.options.Formats;

/**
 * Chains of near-duplicates, each document one word away from the one before, so that the kept set
 * takes many rounds (more than the rounds between checkpoints): {@code spark clusters} and {@code
 * spark dedup} give the CLI's output, write their checkpoints where asked and leave none behind.
 */
class KeptSetJobTest {
  private static final Pattern ROUNDS =
      Pattern.compile("kept set \\(greedy in --keep order\\) in (\\d+) rounds");

  @TempDir static Path dir;
  private static Path chains;

  @BeforeAll
  static void writeChains() throws IOException {
    chains = dir.resolve("chains.tsv");
    SplittableRandom random = new SplittableRandom(3);
    try (Writer out = Files.newBufferedWriter(chains, StandardCharsets.UTF_8)) {
      for (int chain = 0; chain < 2; chain++) {
        String[] words = words(random, 80);
        for (int i = 0; i < 80; i++) {
          words[random.nextInt(words.length)] = String.join("", words(random, 1));
          out.write("chain" + chain + "-" + i + "\t" + String.join(" ", words) + "\n");
        }
      }
      for (int i = 0; i < 100; i++) {
        out.write("other-" + i + "\t" + String.join(" ", words(random, 80)) + "\n");
      }
    }
  }

  @Test
  void clustersOfChainsAreTheCliGroupsWithCheckpointsInTheGivenDirectoryRemovedAfter()
      throws IOException {
    Path expected = dir.resolve("clusters.cli");
    TestSpark.Run cliRun = cli("clusters", "-q", "-o", expected.toString(), chains.toString());
    assertThat(cliRun.exitCode()).as(cliRun.err()).isZero();
    Path checkpoints = dir.resolve("checkpoints");
    Path output = dir.resolve("clusters.spark");
    TestSpark.Run run =
        spark(
            "clusters",
            "--partitions",
            "3",
            "--checkpoint-dir",
            checkpoints.toString(),
            "-o",
            output.toString(),
            chains.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(parts(output)).isEqualTo(TestSpark.cliOutput(expected)).isNotEmpty();
    Matcher rounds = ROUNDS.matcher(run.err());
    assertThat(rounds.find()).as(run.err()).isTrue();
    assertThat(Integer.parseInt(rounds.group(1))).isGreaterThan(4);
    try (Stream<Path> left = Files.list(checkpoints)) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void clustersAsParquetHoldTheLinesOfTheText() throws IOException {
    Path expected = dir.resolve("clusters-shortest.cli");
    assertThat(
            cli(
                    "clusters",
                    "-q",
                    "--keep",
                    "shortest",
                    "-o",
                    expected.toString(),
                    chains.toString())
                .exitCode())
        .isZero();
    Path output = dir.resolve("clusters.parquet");
    TestSpark.Run run =
        spark(
            "clusters",
            "-q",
            "--keep",
            "shortest",
            "--output-format",
            "parquet",
            "--partitions",
            "3",
            "-o",
            output.toString(),
            chains.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    List<Row> rows = new ArrayList<>();
    for (Path part : TestSpark.partFiles(output)) {
      rows.addAll(TestSpark.session().read().parquet(part.toString()).collectAsList());
    }
    assertThat(rows.get(0).schema().fieldNames())
        .containsExactly("cluster", "id", "role", "similarity");
    StringBuilder lines = new StringBuilder();
    for (Row row : rows) {
      lines
          .append(row.getString(0))
          .append('\t')
          .append(row.getString(1))
          .append('\t')
          .append(row.getString(2))
          .append('\t')
          .append(Formats.similarity(row.getDouble(3)))
          .append('\n');
    }
    assertThat(lines.toString()).isEqualTo(TestSpark.cliOutput(expected));
  }

  @Test
  void dedupOfChainsInLengthOrderIsTheCliCopyAndLeavesNoDefaultCheckpoints() throws IOException {
    Path expected = dir.resolve("dedup.cli.tsv");
    TestSpark.Run cliRun =
        cli("dedup", "-q", "--keep", "longest", "-o", expected.toString(), chains.toString());
    assertThat(cliRun.exitCode()).as(cliRun.err()).isZero();
    Path output = dir.resolve("dedup.spark");
    TestSpark.Run run =
        spark(
            "dedup",
            "-q",
            "--keep",
            "longest",
            "--partitions",
            "3",
            "-o",
            output.toString(),
            chains.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(parts(output)).isEqualTo(TestSpark.cliOutput(expected));
    assertThat(dir.resolve(".dedup.spark.checkpoints")).doesNotExist();
  }

  @Test
  void documentsWithoutPairsGiveNoGroupsAndNoRounds() throws IOException {
    Path input = dir.resolve("unrelated.tsv");
    SplittableRandom random = new SplittableRandom(5);
    try (Writer out = Files.newBufferedWriter(input, StandardCharsets.UTF_8)) {
      for (int i = 0; i < 50; i++) {
        out.write("u" + i + "\t" + String.join(" ", words(random, 40)) + "\n");
      }
    }
    Path output = dir.resolve("unrelated.spark");
    TestSpark.Run run =
        spark("clusters", "--partitions", "2", "-o", output.toString(), input.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(parts(output)).isEmpty();
    assertThat(run.err()).doesNotContain("kept set (greedy").contains("0 group lines written");
  }

  private static String[] words(SplittableRandom random, int count) {
    String[] words = new String[count];
    for (int i = 0; i < count; i++) {
      StringBuilder word = new StringBuilder();
      int length = 3 + random.nextInt(6);
      for (int c = 0; c < length; c++) {
        word.append((char) ('a' + random.nextInt(26)));
      }
      words[i] = word.toString();
    }
    return words;
  }
}
