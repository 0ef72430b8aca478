package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An option or a file name that a command accepts but that would change nothing is said, not
 * silently passed over: the pipeline options a command does not use, an output named for another
 * format than the one written.
 */
class UnusedOptionsTest {
  @TempDir Path dir;

  private Path corpus() throws IOException {
    return Files.writeString(
        dir.resolve("c.tsv"),
        "a\tthe quick brown fox jumps over the lazy dog\n"
            + "b\tthe quick brown fox jumps over the lazy dog!\n"
            + "c\tsomething else entirely, about gardening tools\n");
  }

  @Test
  void pipelineOptionsACommandDoesNotUseAreSaidToHaveNoEffect() throws IOException {
    String input = corpus().toString();
    String[][] cases = {
      {"--exact has no effect on tune", "tune", "--exact", input},
      {
        "--lsh has no effect on similar", "similar", "-q", "--lsh", "--top", "1", "--id", "a", input
      },
      {
        "--max-candidates has no effect on explain",
        "explain",
        "--max-candidates",
        "9",
        "--id",
        "a",
        "--id",
        "b",
        input
      },
      {
        "--bands has no effect on pairs --measure containment",
        "pairs",
        "-q",
        "--measure",
        "containment",
        "--bands",
        "4",
        "--rows",
        "2",
        input
      },
      {
        "--bands has no effect on pairs --exact",
        "pairs",
        "-q",
        "--exact",
        "--bands",
        "4",
        "--rows",
        "2",
        input
      },
      {
        "--target-recall has no effect on dedup --exact",
        "dedup",
        "-q",
        "--exact",
        "--target-recall",
        "0.9",
        "-o",
        dir.resolve("x.tsv").toString(),
        input
      },
      {
        "--exact has no effect on index build",
        "index",
        "build",
        "-q",
        "--exact",
        "--data",
        dir.resolve("idx").toString(),
        input
      },
    };
    for (String[] c : cases) {
      String[] args = java.util.Arrays.copyOfRange(c, 1, c.length);
      CliRunner run = CliRunner.run(args);
      assertThat(run.exitCode).as(run.toString()).isZero();
      assertThat(run.err).as(String.join(" ", args)).contains("neardup: warning: " + c[0]);
    }
    // used where they apply: nothing to say
    CliRunner pairs = CliRunner.run("pairs", "-q", "--exact", input);
    assertThat(pairs.err).doesNotContain("no effect");
  }

  @Test
  void aDedupCopyNamedForAnotherFormatIsSaidToBeInTheInputs() throws IOException {
    Path clean = dir.resolve("clean.csv");
    CliRunner run = CliRunner.run("dedup", "-q", "-o", clean.toString(), corpus().toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.err)
        .contains(clean + ": dedup copies the input's records in their format (tsv)")
        .contains("read as csv");
    CliRunner named = CliRunner.run("dedup", "-q", "-o", dir + "/clean.tsv.gz", "" + corpus());
    assertThat(named.err).isEmpty();
  }

  @Test
  void pairsAndClustersNamedForAnotherFormatSayTheyWriteTabSeparatedLines() throws IOException {
    String input = corpus().toString();
    for (String command : new String[] {"pairs", "clusters"}) {
      Path named = dir.resolve(command + ".csv");
      CliRunner run = CliRunner.run(command, "-q", "-o", named.toString(), input);
      assertThat(run.exitCode).as(run.toString()).isZero();
      assertThat(run.err)
          .contains(named + ": " + command + " writes tab-separated lines, not csv")
          .contains("name it .tsv");
      assertThat(Files.readString(named)).startsWith("a\t");
      CliRunner tsv = CliRunner.run(command, "-q", "-o", dir + "/" + command + ".tsv.zst", input);
      assertThat(tsv.err).isEmpty();
    }
  }

  @Test
  void generateRefusesANameThatWouldHaveItsCorpusReadInAnotherFormat() {
    CliRunner run =
        CliRunner.run("generate", "--documents", "20", "-o", dir.resolve("g.jsonl").toString());
    assertThat(run.exitCode).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(run.err).contains("g.jsonl: generate writes TSV", "read as jsonl", "name it .tsv");
    assertThat(dir.resolve("g.jsonl")).doesNotExist();
  }
}
