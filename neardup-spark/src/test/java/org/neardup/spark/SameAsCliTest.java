package org.neardup.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.spark.TestSpark.cli;
import static org.neardup.spark.TestSpark.concat;
import static org.neardup.spark.TestSpark.parts;
import static org.neardup.spark.TestSpark.spark;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.neardup.testkit.SharedData;

/**
 * The job in {@code local[2]} gives exactly the CLI's pairs and clusters (the kept set's groups,
 * and with {@code --components} the components), line for line, on the shared data sets and on a
 * generated corpus: {@code ./neardup spark pairs|clusters} against {@code ./neardup pairs|clusters}
 * with the same options, both run in-process.
 */
class SameAsCliTest {
  private static final String[] KIJIJI = TestSpark.kijijiOptions("--shingle", "char:10");
  private static final String[] ARTICLES = {"--format", "lines", "--shingle", "char:9"};

  @TempDir static Path dir;
  private static Path generated;

  @BeforeAll
  static void generate() {
    generated = TestSpark.generated(dir, 3000, 42);
  }

  @ParameterizedTest
  @ValueSource(ints = {100, 1000, 2500})
  void articlesPairsAndClusters(int size) throws IOException {
    Path input = SharedData.file("articles/articles_" + size + ".train");
    String pairs = sameAsCli("pairs", ARTICLES, input, "articles-" + size);
    assertThat(pairs.lines()).hasSize(size == 100 ? 5 : size == 1000 ? 10 : 20);
    String clusters = sameAsCli("clusters", ARTICLES, input, "articles-" + size);
    // Every pair is a group of two: its kept document and its duplicate.
    assertThat(clusters.lines()).hasSize(size == 100 ? 10 : size == 1000 ? 20 : 40);
  }

  @Test
  void kijijiPairs() throws IOException {
    Path input = SharedData.file("kijiji/dataset_rent_rome_kijiji.tsv");
    String pairs = sameAsCli("pairs", KIJIJI, input, "kijiji");
    assertThat(pairs.lines()).hasSize(10_362);
  }

  @Test
  void kijijiClustersKeepLongest() throws IOException {
    Path input = SharedData.file("kijiji/dataset_rent_rome_kijiji.tsv");
    String groups =
        sameAsCli("clusters", concat(KIJIJI, "--keep", "longest"), input, "kijiji-longest");
    assertThat(groups.lines()).hasSize(1_238).allMatch(line -> line.split("\t").length == 4);
    String components =
        sameAsCli(
            "clusters",
            concat(KIJIJI, "--keep", "longest", "--components"),
            input,
            "kijiji-longest-components");
    assertThat(components.lines()).hasSize(1_241);
  }

  @Test
  void kijijiClustersKeepShortest() throws IOException {
    Path input = SharedData.file("kijiji/dataset_rent_rome_kijiji.tsv");
    String groups =
        sameAsCli("clusters", concat(KIJIJI, "--keep", "shortest"), input, "kijiji-shortest");
    assertThat(groups.lines()).hasSize(1_238);
  }

  @Test
  void generatedPairsAndClusters() throws IOException {
    // The counts of the CLI's output on this corpus: equal outputs are not enough, since two empty
    // outputs are equal too.
    assertThat(sameAsCli("pairs", new String[0], generated, "generated").lines()).hasSize(532);
    assertThat(sameAsCli("clusters", new String[0], generated, "generated").lines()).hasSize(793);
    assertThat(
            sameAsCli("clusters", new String[] {"--components"}, generated, "generated-components")
                .lines())
        .hasSize(814);
  }

  @Test
  void generatedWithSmallSplitsAndWordShingles() throws IOException {
    String[] options = {"--shingle", "word:3", "--threshold", "0.7"};
    String pairs =
        sameAsCli(
            "pairs",
            concat(options, "--split-size", "50k"),
            generated,
            "generated-splits",
            options);
    assertThat(pairs.lines()).hasSize(399);
  }

  @Test
  void estimateMode() throws IOException {
    String pairs = sameAsCli("pairs", new String[] {"--estimate"}, generated, "generated-estimate");
    // MinHash estimates: a few more pairs than the exact 532 pass the threshold.
    assertThat(pairs.lines()).hasSize(539);
  }

  /** Runs both on {@code input}; asserts equal outputs; returns the CLI's. */
  private static String sameAsCli(String command, String[] options, Path input, String name)
      throws IOException {
    return sameAsCli(command, options, input, name, options);
  }

  private static String sameAsCli(
      String command, String[] sparkOptions, Path input, String name, String[] cliOptions)
      throws IOException {
    Path cliOut = dir.resolve(name + "-" + command + ".cli");
    TestSpark.Run cliRun =
        cli(
            concat(
                concat(new String[] {command, "-q"}, cliOptions),
                "-o",
                cliOut.toString(),
                input.toString()));
    assertThat(cliRun.exitCode()).as(cliRun.err()).isZero();
    Path sparkOut = dir.resolve(name + "-" + command + ".spark");
    TestSpark.Run sparkRun =
        spark(
            concat(
                concat(new String[] {command}, sparkOptions),
                "--partitions",
                "3",
                "--output",
                sparkOut.toString(),
                input.toString()));
    assertThat(sparkRun.exitCode()).as(sparkRun.err()).isZero();
    String expected = Files.readString(cliOut, StandardCharsets.UTF_8);
    assertThat(parts(sparkOut)).isEqualTo(expected);
    return expected;
  }
}
