package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.batch.corpus.Progress;

/**
 * The summary's counts are grouped by thousands; the progress bar names the summary's "verified"
 * count.
 */
class SummaryCountsTest {
  private static final Pattern SUMMARY =
      Pattern.compile(
          "; (\\d{1,3}(?:,\\d{3})*) candidate pairs, (\\d{1,3}(?:,\\d{3})*) verified,"
              + " (\\d{1,3}(?:,\\d{3})*) pairs with");

  @TempDir Path dir;

  @Test
  void theSummaryGroupsDigits() throws IOException {
    Path corpus = dir.resolve("corpus.tsv");
    assertThat(CliRunner.run("generate", "--documents", "3000", "-o", corpus.toString()).exitCode)
        .isZero();
    CliRunner run =
        CliRunner.run(
            "pairs", "-t", "0.5", "-o", dir.resolve("pairs.tsv").toString(), corpus.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.err).contains("neardup: 3,000 documents read");
    Matcher summary = SUMMARY.matcher(run.err);
    assertThat(summary.find()).as(run.err).isTrue();
    assertThat(summary.group(1)).contains(",");
  }

  @Test
  void theVerifyingStageIsNamedByItsOwnCountAlone() {
    List<String> stages = new ArrayList<>();
    Progress recorder =
        new Progress() {
          @Override
          public void start(String stage, long total) {
            stages.add(stage + " / " + total);
          }

          @Override
          public void advance(long steps) {}

          @Override
          public void finish() {}
        };
    Progress labelled = PipelineRun.labelled(recorder);
    labelled.start("verifying", 53_903);
    labelled.start("verifying (reading 120 documents again)", 1_234);
    labelled.start("bucketing", 10);
    assertThat(stages)
        .containsExactly(
            "verifying 53,903 pairs / 53903",
            "verifying 1,234 pairs (reading 120 documents again) / 1234",
            "bucketing / 10");
  }
}
