package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every bad option value of every command is a usage error: exit 2, one line naming the option as
 * the user typed it, no stack trace, and no work done (no output file).
 */
class OptionValidationTest {
  @TempDir static Path dir;
  private static Path tsv;
  private static Path csv;
  private static Path truth;

  @BeforeAll
  static void inputs() throws IOException {
    tsv = Files.writeString(dir.resolve("in.tsv"), "a\tsome text here\nb\tsome text here\n");
    csv = Files.writeString(dir.resolve("in.csv"), "id,text\n1,some text here\n2,some text here\n");
    truth = Files.writeString(dir.resolve("truth.tsv"), "a\tb\t0.850000\nc\td\t0.900000\n");
  }

  /** Command line (INPUT placeholders: TSV, CSV, TRUTH, OUT), expected message fragment. */
  static Stream<Arguments> badOptions() {
    return Stream.of(
        // item 5: delimiters commons-csv refuses
        bad("--delimiter '\"'", "--delimiter cannot be '\"'", "pairs", "--delimiter", "\"", "CSV"),
        bad(
            "--delimiter LF",
            "--delimiter cannot be a line break",
            "pairs",
            "--delimiter",
            "\n",
            "CSV"),
        bad(
            "--delimiter CR",
            "--delimiter cannot be a line break",
            "pairs",
            "--delimiter",
            "\r",
            "CSV"),
        bad(
            "--delimiter ''",
            "--delimiter must be one character or 'tab', got ''",
            "pairs",
            "--delimiter",
            "",
            "CSV"),
        bad(
            "--delimiter ab",
            "--delimiter must be one character or 'tab', got 'ab'",
            "dedup",
            "-o",
            "OUT",
            "--delimiter",
            "ab",
            "CSV"),
        // pipeline options, named as typed
        bad(
            "--permutations 0",
            "--permutations must be in [1, 65536], got 0",
            "pairs",
            "--permutations",
            "0",
            "TSV"),
        bad(
            "--permutations -5",
            "--permutations must be in [1, 65536], got -5",
            "clusters",
            "--permutations",
            "-5",
            "TSV"),
        bad(
            "--permutations 100000",
            "--permutations must be in [1, 65536], got 100000",
            "tune",
            "--permutations",
            "100000"),
        bad(
            "--threads 0",
            "--threads must be in [1, 1024], got 0",
            "pairs",
            "--threads",
            "0",
            "TSV"),
        bad(
            "--threads 100000",
            "--threads must be in [1, 1024], got 100000",
            "pairs",
            "--threads",
            "100000",
            "TSV"),
        bad(
            "--bands > n",
            "--bands 200 with --rows 1 needs 200 signature values, but --permutations is 128",
            "pairs",
            "--bands",
            "200",
            "--rows",
            "1",
            "TSV"),
        bad(
            "--bands 0",
            "--bands must be at least 1, got 0",
            "pairs",
            "--bands",
            "0",
            "--rows",
            "1",
            "TSV"),
        bad(
            "--rows -1",
            "--rows must be at least 1, got -1",
            "explain",
            "--bands",
            "1",
            "--rows",
            "-1",
            "--text",
            "a",
            "--text",
            "b"),
        bad(
            "--max-candidates -1",
            "--max-candidates must be at least 0, got -1",
            "pairs",
            "--max-candidates",
            "-1",
            "TSV"),
        bad(
            "--max-candidates --exact",
            "--max-candidates limits LSH candidates; --exact has none",
            "pairs",
            "--exact",
            "--max-candidates",
            "10",
            "TSV"),
        bad("-t NaN", "threshold must be in (0, 1], got NaN", "pairs", "-t", "NaN", "TSV"),
        bad("-t 0", "threshold must be in (0, 1], got 0", "report", "-o", "OUT", "-t", "0", "TSV"),
        bad("-t -0.1", "threshold must be in (0, 1], got -0.1", "pairs", "-t", "-0.1", "TSV"),
        bad("-t Infinity", "threshold must be in (0, 1], got Infinity", "tune", "-t", "Infinity"),
        bad(
            "--target-recall 1",
            "--target-recall must be in (0, 1), got 1",
            "pairs",
            "--target-recall",
            "1",
            "TSV"),
        bad(
            "--target-recall NaN",
            "--target-recall must be in (0, 1), got NaN",
            "tune",
            "--target-recall",
            "NaN"),
        bad(
            "--shingle char:0",
            "--shingle 'char:0': the size must be in [1, 1024]",
            "pairs",
            "--shingle",
            "char:0",
            "TSV"),
        bad(
            "--shingle word:-1",
            "--shingle 'word:-1': the size must be in [1, 1024]",
            "pairs",
            "--shingle",
            "word:-1",
            "TSV"),
        bad("--format foo", "--format: unknown format 'foo'", "pairs", "--format", "foo", "TSV"),
        // eval
        bad(
            "eval --band-width 1e-12",
            "--band-width must be in [0.001, 1], got 0.000000000001",
            "eval",
            "--truth",
            "TRUTH",
            "--found",
            "TRUTH",
            "--band-width",
            "1e-12"),
        bad(
            "eval --band-width 0",
            "--band-width must be in [0.001, 1], got 0",
            "eval",
            "--truth",
            "TRUTH",
            "--found",
            "TRUTH",
            "--band-width",
            "0"),
        bad(
            "eval -t 2",
            "--threshold must be in (0, 1], got 2",
            "eval",
            "--truth",
            "TRUTH",
            "--found",
            "TRUTH",
            "-t",
            "2"),
        bad(
            "eval -t NaN",
            "--threshold must be in (0, 1], got NaN",
            "eval",
            "--truth",
            "TRUTH",
            "--found",
            "TRUTH",
            "-t",
            "NaN"),
        bad(
            "eval -t -1",
            "--threshold must be in (0, 1], got -1",
            "eval",
            "--truth",
            "TRUTH",
            "--found",
            "TRUTH",
            "-t",
            "-1"),
        // tune
        bad(
            "tune --sample 0",
            "--sample must be in [1, 10000000], got 0",
            "tune",
            "--sample",
            "0",
            "TSV"),
        bad(
            "tune --sample huge",
            "--sample must be in [1, 10000000], got 2000000000",
            "tune",
            "--sample",
            "2000000000",
            "TSV"),
        // generate
        bad(
            "generate --documents 0",
            "--documents must be at least 1, got 0",
            "generate",
            "--documents",
            "0",
            "-o",
            "OUT"),
        bad(
            "generate --min-words 0",
            "--min-words must be at least 1, got 0",
            "generate",
            "--min-words",
            "0",
            "-o",
            "OUT"),
        bad(
            "generate min > max",
            "--min-words (10) must not exceed --max-words (5)",
            "generate",
            "--min-words",
            "10",
            "--max-words",
            "5",
            "-o",
            "OUT"),
        bad(
            "generate --max-copies 0",
            "--max-copies must be at least 1, got 0",
            "generate",
            "--max-copies",
            "0",
            "-o",
            "OUT"),
        bad(
            "generate --duplicate-fraction NaN",
            "--duplicate-fraction must be in [0, 1], got NaN",
            "generate",
            "--duplicate-fraction",
            "NaN",
            "-o",
            "OUT"),
        bad(
            "generate --max-edit-rate 2",
            "--max-edit-rate must be in [0, 1], got 2",
            "generate",
            "--max-edit-rate",
            "2",
            "-o",
            "OUT"),
        // demo
        bad("demo --dir FILE", "--dir", "demo", "--documents", "10", "--dir", "TSV"),
        bad(
            "demo --documents 1",
            "--documents must be in [2, 1000000], got 1",
            "demo",
            "--documents",
            "1"));
  }

  private static Arguments bad(String name, String expected, String... args) {
    return Arguments.of(name, expected, args);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badOptions")
  void isAOneLineUsageErrorNamingTheOption(String name, String expected, String[] args)
      throws IOException {
    Path out = dir.resolve("out-" + Math.abs(name.hashCode()) + ".tsv");
    List<String> resolved = new ArrayList<>();
    for (String arg : args) {
      resolved.add(
          switch (arg) {
            case "TSV" -> tsv.toString();
            case "CSV" -> csv.toString();
            case "TRUTH" -> truth.toString();
            case "OUT" -> out.toString();
            default -> arg;
          });
    }
    CliRunner run = CliRunner.run(resolved.toArray(String[]::new));
    assertThat(run.exitCode).as(run.toString()).isEqualTo(2);
    assertThat(run.err).as(run.toString()).startsWith("neardup: ").contains(expected);
    assertThat(run.err.strip().lines().count()).as(run.toString()).isEqualTo(1);
    assertThat(run.err)
        .doesNotContain("Exception")
        .doesNotContain("\tat ")
        .doesNotContain("numPermutations");
    assertThat(out).doesNotExist();
  }

  @Test
  void aTabDelimiterCanBeSpelledOut() throws IOException {
    Path file =
        Files.writeString(
            dir.resolve("tabbed.csv"), "id\ttext\n1\tsame words here\n2\tsame words here\n");
    for (String tab : new String[] {"tab", "\\t", "\t"}) {
      CliRunner run = CliRunner.run("pairs", "-q", "--delimiter", tab, file.toString());
      assertThat(run.exitCode).as(run.toString()).isZero();
      assertThat(run.out).isEqualTo("1\t2\t1.000000\n");
    }
  }
}
