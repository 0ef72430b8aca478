package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.lsh.LshParams;

/**
 * A run whose LSH candidates explode (a low threshold, or many near-identical documents) is
 * announced before the pair phase, with the count and what to do, and --max-candidates stops it.
 */
class CandidateWarningTest {
  @TempDir Path dir;

  /** {@code n} identical documents: every band puts all of them in one bucket. */
  private Path identical(int n) throws IOException {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < n; i++) {
      text.append("d").append(i).append("\tone and the same text in every record\n");
    }
    return Files.writeString(dir.resolve("same-" + n + ".tsv"), text.toString());
  }

  @Test
  void moreThanFiftyMillionCandidatesAreAnnouncedBeforeThePairPhaseEvenWhenQuiet()
      throws IOException {
    Path input = identical(2300); // 21 bands x 2300 x 2299 / 2 = 55,520,850 bucket pairs
    Path output = dir.resolve("pairs.tsv");
    // --max-candidates stops the run right after the warning, so the test does not pay for the
    // pairs.
    CliRunner run =
        CliRunner.run(
            "pairs",
            "-q",
            "--max-candidates",
            "1000000",
            "-o",
            output.toString(),
            input.toString());
    assertThat(run.exitCode).as(run.toString()).isEqualTo(2);
    assertThat(run.err.lines().toList())
        .containsExactly(
            "neardup: warning: bands=21 rows=6 banding will examine up to 55,520,850 candidate"
                + " pairs (more than 50,000,000): expect a long run and much memory. A higher -t"
                + " (now 0.8), more rows per band (see 'neardup tune'), or --exact may cost far"
                + " less",
            "neardup: stopped before the pair phase: bands=21 rows=6 banding would examine up to"
                + " 55,520,850 candidate pairs, more than --max-candidates 1000000");
    assertThat(output).doesNotExist();
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.filter(p -> p.getFileName().toString().endsWith(".tmp"))).isEmpty();
    }
  }

  @Test
  void maxCandidatesIsAnUpperLimitOnTheBucketPairs() throws IOException {
    Path input = identical(3); // 21 x 3 = 63
    CliRunner stopped = CliRunner.run("clusters", "-q", "--max-candidates", "62", input.toString());
    assertThat(stopped.exitCode).as(stopped.toString()).isEqualTo(2);
    assertThat(stopped.err).contains("up to 63 candidate pairs, more than --max-candidates 62");
    CliRunner ran = CliRunner.run("clusters", "-q", "--max-candidates", "63", input.toString());
    assertThat(ran.exitCode).as(ran.toString()).isZero();
    assertThat(ran.err).isEmpty();
    assertThat(ran.out).hasLineCount(3);
  }

  /**
   * Once the planner has found the exact join dearer (or could not run it), it is not suggested.
   */
  @Test
  void theWarningSuggestsTheExactJoinOnlyWithoutAPlan() {
    LshParams banding = new LshParams(21, 6);
    assertThat(CandidateCount.warning(259_253_193, banding, 0.8, true))
        .endsWith(
            "A higher -t (now 0.8), more rows per band (see 'neardup tune'), or --exact may cost"
                + " far less");
    assertThat(CandidateCount.warning(259_253_193, banding, 0.8, false))
        .startsWith(
            "bands=21 rows=6 banding will examine up to 259,253,193 candidate pairs (more than"
                + " 50,000,000)")
        .endsWith(
            "A higher -t (now 0.8) or more rows per band (see 'neardup tune') may cost far less")
        .doesNotContain("--exact");
  }

  @Test
  void anOrdinaryRunSaysNothingAboutCandidates() throws IOException {
    CliRunner run = CliRunner.run("pairs", "-q", identical(50).toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.err).isEmpty();
  }
}
