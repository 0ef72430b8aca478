package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When the banding cannot keep the promise that P(candidate) reaches the target recall at the
 * threshold, {@code tune} says what it does give and how to do better, and the commands that run
 * LSH warn on stderr, even with --quiet.
 */
class RecallWarningTest {
  @TempDir Path dir;

  private Path corpus() throws IOException {
    return Files.writeString(
        dir.resolve("in.tsv"), "a\tthe same words here\nb\tthe same words here\n");
  }

  @Test
  void tuneNoLongerPromisesARecallThatNoBandingReaches() {
    CliRunner run = CliRunner.run("tune", "--permutations", "2", "-t", "0.02");
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out.lines().findFirst()).contains("bands=2 rows=1");
    assertThat(run.out).doesNotContain("P(candidate) >= 0.99 for every J >= 0.02");
    assertThat(run.out)
        .contains(
            "no banding of 2 signature values reaches P(candidate) >= 0.99 at J = 0.02: the most"
                + " sensitive, bands=2 rows=1, gives 0.039600 (a pair at J = 0.02 is missed with"
                + " probability 0.960400)");
    assertThat(run.out).contains("reaching 0.99 needs --permutations 228 or more; or use --exact");
  }

  @Test
  void tuneStillMakesThePromiseWhenItHolds() {
    CliRunner run = CliRunner.run("tune");
    assertThat(run.out)
        .contains("P(candidate) >= 0.99 for every J >= 0.8, fewest false candidates");
  }

  @Test
  void pairsClustersDedupAndReportWarnEvenWhenQuiet() throws IOException {
    Path input = corpus();
    String warning =
        "neardup: warning: no banding of 2 signature values reaches P(candidate) >= 0.99 at J ="
            + " 0.02: bands=2 rows=1 gives 0.039600, so a pair at J = 0.02 is missed with"
            + " probability 0.960400; use --permutations 228 or more, or --exact";
    String[][] commands = {
      {"pairs", "-q"},
      {"clusters", "-q"},
      {"dedup", "-q", "-o", dir.resolve("clean.tsv").toString()},
      {"report", "-q", "-o", dir.resolve("report.html").toString()}
    };
    for (String[] command : commands) {
      String[] args = new String[command.length + 5];
      System.arraycopy(command, 0, args, 0, command.length);
      System.arraycopy(
          new String[] {"--permutations", "2", "-t", "0.02", input.toString()},
          0,
          args,
          command.length,
          5);
      CliRunner run = CliRunner.run(args);
      assertThat(run.exitCode).as(run.toString()).isZero();
      assertThat(run.err.strip()).as(run.toString()).isEqualTo(warning);
    }
  }

  @Test
  void anExplicitBandingBelowTheTargetIsAWarningToo() throws IOException {
    CliRunner run =
        CliRunner.run("pairs", "-q", "--bands", "1", "--rows", "10", corpus().toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.err.strip())
        .isEqualTo(
            "neardup: warning: --bands 1 --rows 10 gives P(candidate | J = 0.8) = 0.107374, below"
                + " --target-recall 0.99: a pair at J = 0.8 is missed with probability 0.892626");
  }

  @Test
  void theExactJoinAndAnAdequateBandingSayNothing() throws IOException {
    Path input = corpus();
    assertThat(
            CliRunner.run(
                    "pairs", "-q", "--exact", "--permutations", "2", "-t", "0.02", input.toString())
                .err)
        .isEmpty();
    assertThat(CliRunner.run("pairs", "-q", input.toString()).err).isEmpty();
  }

  @Test
  void aTargetNoSignatureLengthReachesSuggestsTheExactJoin() {
    CliRunner run = CliRunner.run("tune", "-t", "0.000001");
    assertThat(run.out)
        .contains("no signature length up to 65536 reaches 0.99 at J = 0.000001; use --exact");
  }
}
