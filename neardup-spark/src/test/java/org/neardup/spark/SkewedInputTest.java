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
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Skewed input, where one text fills the same bucket of every band: the job finishes in the test
 * JVM's 2 GiB heap (no bucket is held whole, no pair list of a bucket is built) and gives the one
 * right cluster.
 */
class SkewedInputTest {
  private static final int COPIES = 5000;
  private static final int NOISE = 1000;

  @TempDir Path dir;

  @Test
  void fiveThousandCopiesOfOneTextAreOneCluster() throws IOException {
    Path input = dir.resolve("skewed.tsv");
    SplittableRandom random = new SplittableRandom(7);
    String text = words(random, 80);
    try (Writer out = Files.newBufferedWriter(input, StandardCharsets.UTF_8)) {
      int copies = 0;
      int noise = 0;
      while (copies < COPIES || noise < NOISE) { // copies and noise interleaved at random
        boolean copy =
            noise == NOISE || (copies < COPIES && random.nextInt(COPIES + NOISE) < COPIES);
        if (copy) {
          out.write("copy-" + copies++ + "\t" + text + "\n");
        } else {
          out.write("noise-" + noise++ + "\t" + words(random, 60) + "\n");
        }
      }
    }
    Path output = dir.resolve("clusters");
    TestSpark.Run run =
        spark(
            "clusters",
            "--partitions",
            "4",
            "--split-size",
            "100k",
            "-o",
            output.toString(),
            input.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    List<String> lines = parts(output).lines().toList();
    assertThat(lines).hasSize(COPIES);
    assertThat(lines.get(0)).isEqualTo("copy-0\tcopy-0\tkeep\t1.000000");
    for (int i = 1; i < COPIES; i++) {
      assertThat(lines.get(i)).isEqualTo("copy-0\tcopy-" + i + "\tduplicate\t1.000000");
    }
    // The copies are recognised before banding: their 12.5 million pairs are never candidates.
    assertThat(run.err())
        .contains(
            String.format(
                java.util.Locale.ROOT, "%,d exact copies of an earlier text", COPIES - 1));
  }

  @Test
  void aGiantBucketOfNearCopiesGivesTheCliComponents() throws IOException {
    Path input = dir.resolve("near.tsv");
    SplittableRandom random = new SplittableRandom(11);
    String[] base = words(random, 80).split(" ");
    try (Writer out = Files.newBufferedWriter(input, StandardCharsets.UTF_8)) {
      for (int i = 0; i < 1500; i++) {
        if (i % 3 == 0) {
          out.write("noise-" + i + "\t" + words(random, 60) + "\n");
        } else {
          String[] copy = base.clone();
          copy[random.nextInt(copy.length)] = "w" + i; // one word of 80 replaced: J about 0.9
          out.write("near-" + i + "\t" + String.join(" ", copy) + "\n");
        }
      }
    }
    Path expected = dir.resolve("expected.tsv");
    // Star and chain keep the components whole; the kept set would see the pairs left out.
    assertThat(
            cli("clusters", "--components", "-q", "-o", expected.toString(), input.toString())
                .exitCode())
        .isZero();
    Path output = dir.resolve("near-clusters");
    TestSpark.Run run =
        spark(
            "clusters",
            "--components",
            "--bucket-cap",
            "50",
            "--partitions",
            "4",
            "-o",
            output.toString(),
            input.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err()).containsPattern("\\d+ buckets held more than 50 distinct texts");
    assertThat(parts(output)).isEqualTo(TestSpark.cliOutput(expected));
    assertThat(parts(output).lines()).hasSize(1000);
  }

  private static String words(SplittableRandom random, int count) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < count; i++) {
      if (i > 0) {
        text.append(' ');
      }
      int length = 3 + random.nextInt(6);
      for (int c = 0; c < length; c++) {
        text.append((char) ('a' + random.nextInt(26)));
      }
    }
    return text.toString();
  }
}
