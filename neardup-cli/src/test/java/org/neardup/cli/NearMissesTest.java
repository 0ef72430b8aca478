package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When nothing (or less than what sits just below) reaches the threshold, pairs and dedup name the
 * near-miss band and the threshold that takes it in, from the candidates they verified anyway.
 */
class NearMissesTest {
  /** Short Chinese sentences, one character changed: J about 0.78 with char:5. */
  private static final String CHINESE =
      "zh1\t今年春天，江南地区的降雨比往年来得更早一些。许多农民在三月初就开始整理水田，准备插秧。\n"
          + "zh2\t今年春天，江南地区的降雨比往年来得更早一点。许多农民在三月初就开始整理水田，准备插秧。\n"
          + "zh3\t今年春天，江南地区的降雨比往年来得更早一些。许多农民在三月中就开始整理水田，准备插秧。\n"
          + "zh4\t城市的地铁线路不断延长，越来越多的居民选择公共交通上下班，路上的汽车明显少了。\n";

  private static final Pattern WARNING =
      Pattern.compile(
          "neardup: warning: 0 pairs with similarity >= 0\\.8, but (\\d+) pairs? sits? just below"
              + " it, in \\[0\\.7, 0\\.8\\) .*: -t 0\\.7 takes them in");

  @TempDir Path dir;

  @Test
  void pairsNamesTheBandJustBelowTheThresholdAndWhatToType() throws IOException {
    Path zh = Files.writeString(dir.resolve("zh.tsv"), CHINESE);
    for (String quiet : new String[] {"-v", "-q"}) {
      CliRunner run = CliRunner.run("pairs", quiet, zh.toString());
      assertThat(run.exitCode).as(run.toString()).isZero();
      assertThat(run.out).isEmpty();
      Matcher warning = WARNING.matcher(run.err);
      assertThat(warning.find()).as(run.err).isTrue();
      long near = Long.parseLong(warning.group(1));
      assertThat(near).isBetween(1L, 3L);

      // what the warning says to type finds them
      CliRunner lower = CliRunner.run("pairs", "-q", "-t", "0.7", zh.toString());
      assertThat(lower.out.lines().count()).isGreaterThanOrEqualTo(near);
      assertThat(lower.err).doesNotContain("just below");
    }
  }

  @Test
  void dedupSaysItToo() throws IOException {
    Path zh = Files.writeString(dir.resolve("zh.tsv"), CHINESE);
    CliRunner run = CliRunner.run("dedup", "-q", "-o", dir.resolve("c.tsv").toString(), "" + zh);
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(WARNING.matcher(run.err).find()).as(run.err).isTrue();
  }

  @Test
  void aRunThatFindsMoreThanSitsBelowSaysNothingAndTheExactJoinCountsNone() throws IOException {
    Path corpus = dir.resolve("g.tsv");
    CliRunner generate =
        CliRunner.run("generate", "-q", "--documents", "400", "-o", corpus.toString());
    assertThat(generate.exitCode).as(generate.toString()).isZero();
    CliRunner run = CliRunner.run("pairs", "-q", corpus.toString());
    assertThat(run.out).isNotEmpty();
    assertThat(run.err).doesNotContain("just below");

    Path zh = Files.writeString(dir.resolve("zh.tsv"), CHINESE);
    CliRunner exact = CliRunner.run("pairs", "-q", "--exact", zh.toString());
    assertThat(exact.err).doesNotContain("just below");
  }
}
