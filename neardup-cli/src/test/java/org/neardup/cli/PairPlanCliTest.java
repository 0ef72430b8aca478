package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;

/**
 * The plan before the pair phase: with LSH candidates beyond the planning minimum, {@code pairs}
 * prints the estimate and runs the cheaper path; --lsh and --exact force one. One band row of 64
 * (every pair sharing any of 64 minimum values is a candidate) makes LSH far dearer than the exact
 * join on 5,000 generated documents at t = 0.3.
 */
class PairPlanCliTest {
  @TempDir Path dir;
  private Path input;

  @BeforeEach
  void corpus() throws IOException {
    GeneratedCorpus corpus = new CorpusGenerator(5_000, 0.3, 3, 0.25, 20, 60, 9).generate();
    input = GeneratedFiles.tsv(corpus, dir.resolve("in.tsv"));
  }

  private CliRunner pairs(String output, String... options) {
    List<String> args = new ArrayList<>(List.of("pairs"));
    args.addAll(List.of(options));
    args.addAll(List.of("-o", dir.resolve(output).toString(), input.toString()));
    CliRunner run = CliRunner.run(args.toArray(String[]::new));
    assertThat(run.exitCode).as(run.toString()).isZero();
    return run;
  }

  @Test
  void theExactJoinIsChosenWhenLshWouldExamineFarMorePairsAndGivesTheExactPairs()
      throws IOException {
    CliRunner planned = pairs("planned.tsv", "-t", "0.3", "--bands", "64", "--rows", "1");
    assertThat(planned.err)
        .containsPattern(
            "neardup: plan: the exact join: LSH would examine up to [\\d,]+ candidate pairs, the"
                + " exact join about [\\d,]+ \\(estimated from 4,000 documents\\); --lsh forces"
                + " LSH");
    assertThat(planned.err)
        .contains("exact join (prefix filter)")
        .doesNotContain("bands=64 rows=1,");
    pairs("exact.tsv", "-t", "0.3", "-q", "--exact");
    assertThat(Files.readString(dir.resolve("planned.tsv")))
        .isEqualTo(Files.readString(dir.resolve("exact.tsv")))
        .hasLineCount(3_124); // the exact pairs of this corpus at t = 0.3
  }

  @Test
  void lshForcesLshAndQuietHidesThePlan() {
    CliRunner forced = pairs("forced.tsv", "-t", "0.3", "--bands", "64", "--rows", "1", "--lsh");
    assertThat(forced.err).doesNotContain("plan:").contains("bands=64 rows=1,");
    CliRunner quiet = pairs("quiet.tsv", "-t", "0.3", "-q", "--bands", "64", "--rows", "1");
    assertThat(quiet.err).isEmpty();
  }

  @Test
  void fewCandidatesNeedNoPlan() {
    CliRunner run = pairs("default.tsv", "-t", "0.8");
    assertThat(run.err).doesNotContain("plan:").contains("bands=");
  }

  @Test
  void exactAndLshExcludeEachOther() {
    CliRunner run = CliRunner.run("pairs", "--exact", "--lsh", input.toString());
    assertThat(run.exitCode).isEqualTo(2);
    assertThat(run.err).contains("--exact and --lsh exclude each other");
  }
}
