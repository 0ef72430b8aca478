package org.neardup.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.spark.TestSpark.cli;
import static org.neardup.spark.TestSpark.spark;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.testkit.SharedData;

/**
 * {@code spark dedup --annotate} writes what {@code ./neardup dedup --annotate} writes, byte for
 * byte once the parts are concatenated: TSV in several splits, JSON Lines, and the Kijiji CSV with
 * its repeated URLs as ids under {@code --on-error skip} (the rejects stay out of the annotated
 * copy); with {@code --components} it is refused.
 */
class AnnotateTest {
  @TempDir static Path dir;
  private static Path generated;

  @BeforeAll
  static void generate() {
    generated = TestSpark.generated(dir, 1500, 11);
  }

  @Test
  void annotatedTsvInSeveralSplitsIsTheClis() throws IOException {
    assertSameAnnotated(
        generated, "tsv", new String[] {"--keep", "longest"}, "--split-size", "64k");
  }

  @Test
  void annotatedJsonLinesIsTheClis() throws IOException {
    Path jsonl = TestSpark.asJsonLines(generated, dir.resolve("generated.jsonl"));
    assertSameAnnotated(
        jsonl,
        "jsonl",
        new String[] {"--id-field", "doc", "--text-field", "body"},
        "--split-size",
        "100k");
  }

  @Test
  void annotatedKijijiWithRejectsIsTheClis() throws IOException {
    Path kijiji = SharedData.file("kijiji/dataset_rent_rome_kijiji.tsv");
    String annotated =
        assertSameAnnotated(
            kijiji,
            "kijiji",
            TestSpark.kijijiOptions("--id-field", "Url Adv", "--on-error", "skip"));
    assertThat(annotated.lines().count()).isEqualTo(1 + 2389);
    assertThat(annotated.lines().findFirst().orElseThrow())
        .endsWith("\tduplicate_of\tsimilarity\tcluster_size");
    // the kept records stand for every record written, the removed ones included
    assertThat(
            annotated
                .lines()
                .skip(1)
                .map(line -> line.substring(line.lastIndexOf('\t') + 1))
                .filter(size -> !size.isEmpty())
                .mapToLong(Long::parseLong)
                .sum())
        .isEqualTo(2389);
  }

  @Test
  void annotateWithComponentsIsRefused() {
    TestSpark.Run run =
        spark(
            "dedup",
            "-q",
            "--annotate",
            "--components",
            "-o",
            dir.resolve("refused").toString(),
            generated.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("drop --components");
    assertThat(Files.exists(dir.resolve("refused"))).isFalse();
  }

  private static String assertSameAnnotated(
      Path input, String name, String[] options, String... sparkOnly) throws IOException {
    Path expected = dir.resolve(name + "-annotated.cli");
    List<String> cliArgs = new ArrayList<>(List.of("dedup", "-q", "--annotate"));
    cliArgs.addAll(List.of(options));
    cliArgs.addAll(List.of("-o", expected.toString(), input.toString()));
    TestSpark.Run cliRun = cli(cliArgs.toArray(String[]::new));
    assertThat(cliRun.exitCode()).as(cliRun.err()).isZero();
    Path output = dir.resolve(name + "-annotated.spark");
    List<String> sparkArgs = new ArrayList<>(List.of("dedup", "-q", "--annotate"));
    sparkArgs.addAll(List.of(options));
    sparkArgs.addAll(List.of(sparkOnly));
    sparkArgs.addAll(List.of("-o", output.toString(), input.toString()));
    TestSpark.Run sparkRun = spark(sparkArgs.toArray(String[]::new));
    assertThat(sparkRun.exitCode()).as(sparkRun.err()).isZero();
    ByteArrayOutputStream actual = new ByteArrayOutputStream();
    for (Path part : TestSpark.partFiles(output)) {
      actual.write(Files.readAllBytes(part));
    }
    byte[] expectedBytes = Files.readAllBytes(expected);
    assertThat(actual.toByteArray()).isEqualTo(expectedBytes);
    String text = new String(expectedBytes, StandardCharsets.UTF_8);
    assertThat(text)
        .contains("1.000000")
        .isNotEqualTo(Files.readString(input, StandardCharsets.UTF_8));
    return text;
  }
}
