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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An output the job could not use is refused before any work, with one line and exit 2, and nothing
 * left behind: inside an input directory (the CLI's rule), not writable, or the two outputs not
 * apart.
 */
class OutputChecksTest {
  @TempDir Path dir;
  private Path inputs;
  private Path corpus;

  @BeforeEach
  void corpus() throws IOException {
    inputs = Files.createDirectories(dir.resolve("in"));
    corpus = inputs.resolve("ads.tsv");
    try (Writer out = Files.newBufferedWriter(corpus, StandardCharsets.UTF_8)) {
      for (int i = 0; i < 200; i++) {
        out.write(
            "doc"
                + i
                + "\tlisting number "
                + (i / 2)
                + " in the center with two rooms, quiet street"
                + (i % 2 == 0 ? "" : " !")
                + "\n");
      }
    }
  }

  @Test
  void aJsonArrayInputIsRefusedWithItsConversion() throws IOException {
    Path array = Files.writeString(dir.resolve("docs.json"), "[{\"id\":\"a\",\"text\":\"x\"}]\n");
    TestSpark.Run run =
        spark(
            "pairs",
            "-q",
            "--format",
            "json",
            array.toString(),
            "--output",
            dir.resolve("out").toString());

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .contains(
            "--format json: the Spark job reads JSON Lines, one object a line, not a JSON array");
  }

  @Test
  void anOutputInsideAnInputDirectoryIsRefusedAsTheCliRefusesIt() throws IOException {
    Path output = inputs.resolve("out");
    TestSpark.Run run = spark("pairs", "-q", inputs.toString(), "--output", output.toString());

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "neardup: "
                + output
                + ": is inside the input directory "
                + inputs
                + ": writing there would change the input\n");
    assertThat(output).doesNotExist();
    TestSpark.Run cliRun =
        cli("pairs", "-q", inputs.toString(), "--output", output.resolve("pairs.tsv").toString());
    assertThat(cliRun.exitCode()).isEqualTo(2);
    assertThat(cliRun.err()).contains("is inside the input directory " + inputs);
  }

  @Test
  void aCheckpointDirectoryInsideAnInputDirectoryIsRefusedBeforeTheJob() throws IOException {
    Path checkpoints = inputs.resolve("checkpoints");
    Path output = dir.resolve("dedup-with-checkpoints");
    TestSpark.Run run =
        spark(
            "dedup",
            "-q",
            "--checkpoint-dir",
            checkpoints.toString(),
            inputs.toString(),
            "--output",
            output.toString());

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "neardup: "
                + checkpoints
                + ": is inside the input directory "
                + inputs
                + ": writing there would change the input\n");
    assertThat(checkpoints).doesNotExist();
    assertThat(output).doesNotExist();
  }

  @Test
  void anOutputReachedThroughALinkIntoAnInputDirectoryIsRefused() throws IOException {
    Path link = Files.createSymbolicLink(dir.resolve("link"), inputs);
    TestSpark.Run run =
        spark(
            "clusters", "-q", inputs.toString(), "--output", link.resolve("deeper/out").toString());

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().lines())
        .singleElement()
        .asString()
        .contains("is inside the input directory " + inputs);
    assertThat(inputs.resolve("deeper")).doesNotExist();
  }

  @Test
  void anOutputUnderAFileIsRefusedBeforeTheJob() {
    TestSpark.Run run =
        spark("pairs", "-q", corpus.toString(), "--output", corpus.resolve("out").toString());

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "neardup: "
                + corpus.resolve("out")
                + ": cannot write: "
                + corpus
                + " is not a directory\n");
  }

  @Test
  void anOutputOnAReadOnlyFileSystemIsRefusedBeforeTheJob() {
    Path output = Path.of("/proc/neardup-spark-output-check/out");
    TestSpark.Run run = spark("dedup", "-q", corpus.toString(), "--output", output.toString());

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().lines())
        .singleElement()
        .asString()
        .startsWith("neardup: " + output + ": cannot write: cannot create a directory in /proc");
    assertThat(output.getParent()).doesNotExist();
  }

  @Test
  void theTwoOutputsMustBeApartAndOutsideTheInputs() {
    Path output = dir.resolve("out");
    TestSpark.Run same =
        spark(
            "pairs",
            "-q",
            corpus.toString(),
            "--output",
            output.toString(),
            "--signatures-out",
            output.resolve("signatures").toString());
    TestSpark.Run inside =
        spark(
            "pairs",
            "-q",
            inputs.toString(),
            "--output",
            output.toString(),
            "--signatures-out",
            inputs.resolve("signatures").toString());

    assertThat(same.exitCode()).isEqualTo(2);
    assertThat(same.err())
        .isEqualTo(
            "neardup: "
                + output
                + " and "
                + output.resolve("signatures")
                + ": the two outputs must be apart, neither inside the other\n");
    assertThat(inside.exitCode()).isEqualTo(2);
    assertThat(inside.err().lines())
        .singleElement()
        .asString()
        .contains("is inside the input directory " + inputs);
    assertThat(output).doesNotExist();
  }

  @Test
  void aWritableOutputWithMissingParentsIsWrittenAndHoldsNoTraceOfTheCheck() throws IOException {
    Path output = dir.resolve("new/deeper/out");
    TestSpark.Run run = spark("pairs", "-q", inputs.toString(), "--output", output.toString());

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(parts(output)).isEqualTo(TestSpark.cliOutput(writeCliPairs())).isNotEmpty();
    try (var files = Files.list(output)) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .noneMatch(name -> name.contains("probe"));
    }
  }

  private Path writeCliPairs() {
    Path expected = dir.resolve("cli-pairs.tsv");
    assertThat(cli("pairs", "-q", corpus.toString(), "--output", expected.toString()).exitCode())
        .isZero();
    return expected;
  }
}
