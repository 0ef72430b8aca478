package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.cli.CliRunner.withStdin;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Without {@code --format}, an input whose name does not say its format is read by its content,
 * whatever it is called and on standard input too, and the choice is said on stderr (not under
 * {@code -q}).
 */
class FormatSniffingTest {
  private static final String JSONL =
      "{\"id\": \"ad-1\", \"url\": \"https://example.org/1\", \"text\": \"Sunny two-room flat near"
          + " Termini station, 800 euro a month, furnished\"}\n"
          + "{\"id\": \"ad-2\", \"url\": \"https://example.org/2\", \"text\": \"Studio in"
          + " Trastevere with terrace, 650 euro\"}\n"
          + "{\"id\": \"ad-3\", \"url\": \"https://example.org/3\", \"text\": \"Sunny two-room flat"
          + " near Termini station - 800 euro a month, furnished!\"}\n";

  private static final String ARRAY =
      "[\n  {\"id\": \"ad-1\", \"text\": \"Sunny two-room flat near Termini station, 800 euro a"
          + " month, furnished\"},\n  {\"id\": \"ad-3\", \"text\": \"Sunny two-room flat near"
          + " Termini station - 800 euro a month, furnished!\"}\n]\n";

  private static final String PAIR = "ad-1\tad-3\t";

  @TempDir Path dir;

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void jsonLinesNamedTxtAreReadAsJsonLinesAndTheGuessIsSaid() throws IOException {
    Path file = Files.writeString(dir.resolve("ads.txt"), JSONL);
    CliRunner run = CliRunner.run("pairs", file.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out).startsWith(PAIR);
    assertThat(run.err)
        .contains(
            file + ": read as jsonl (its first line is a JSON object; --format says otherwise)");

    CliRunner quiet = CliRunner.run("pairs", "-q", file.toString());
    assertThat(quiet.out).isEqualTo(run.out);
    assertThat(quiet.err).isEmpty();
  }

  @Test
  void jsonLinesOnStandardInputPlainOrGzippedAreReadAsJsonLines() throws IOException {
    CliRunner plain = withStdin(utf8(JSONL), "pairs", "-");
    assertThat(plain.exitCode).as(plain.toString()).isZero();
    assertThat(plain.out).startsWith(PAIR);
    assertThat(plain.err).contains("standard input: read as jsonl");

    ByteArrayOutputStream gzipped = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(gzipped)) {
      out.write(utf8(JSONL));
    }
    CliRunner compressed = withStdin(gzipped.toByteArray(), "pairs", "-q", "-");
    assertThat(compressed.exitCode).as(compressed.toString()).isZero();
    assertThat(compressed.out).isEqualTo(plain.out);

    // dedup reads standard input twice (a copy): the same choice both times, the kept lines
    Path clean = dir.resolve("clean.jsonl");
    CliRunner dedup = withStdin(utf8(JSONL), "dedup", "-q", "-o", clean.toString(), "-");
    assertThat(dedup.exitCode).as(dedup.toString()).isZero();
    assertThat(Files.readString(clean))
        .isEqualTo(JSONL.lines().limit(2).toList().stream().reduce("", (a, b) -> a + b + "\n"));
  }

  @Test
  void aJsonArrayIsReadAsOneWhateverItsNameAndOnStandardInput() throws IOException {
    Path file = Files.writeString(dir.resolve("ads"), ARRAY);
    CliRunner run = CliRunner.run("pairs", file.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out).startsWith(PAIR);
    assertThat(run.err).contains("read as json (it starts with [ and an object");
    CliRunner stdin = withStdin(utf8(ARRAY), "pairs", "-q", "-");
    assertThat(stdin.out).isEqualTo(run.out);
  }

  @Test
  void aNameThatSaysTheFormatIsNotSecondGuessedAloud() throws IOException {
    Path tsv =
        Files.writeString(
            dir.resolve("c.tsv"),
            "a\tthe quick brown fox jumps over the lazy dog\nb\tthe quick brown fox jumps!\n");
    CliRunner run = CliRunner.run("pairs", tsv.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.err).doesNotContain("read as");
    Path jsonl = Files.writeString(dir.resolve("c.jsonl"), JSONL);
    assertThat(CliRunner.run("pairs", jsonl.toString()).err).doesNotContain("read as");
  }

  @Test
  void anIdInBracesBeforeATabIsStillTsvAndSpacedIdsAreLines() throws IOException {
    Path braces =
        Files.writeString(
            dir.resolve("braces.txt"),
            "{a}\tthe quick brown fox jumps over the lazy dog\n"
                + "{b}\tthe quick brown fox jumps over the lazy dog!\n");
    CliRunner run = CliRunner.run("pairs", braces.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out).startsWith("{a}\t{b}\t");
    assertThat(run.err).contains("read as tsv (its first line has a tab");

    Path spaced =
        Files.writeString(
            dir.resolve("spaced.train"),
            "t1 the quick brown fox jumps over the lazy dog\n"
                + "t2 the quick brown fox jumps over the lazy dog!\n");
    CliRunner lines = CliRunner.run("pairs", spaced.toString());
    assertThat(lines.out).startsWith("t1\tt2\t");
    assertThat(lines.err).contains("read as lines (its first line has a space and no tab");
  }

  @Test
  void aFirstRecordLongerThanWhatIsLookedAtIsStillJson() throws IOException {
    // a long first document (a web page) and a JSON array on one line (json.dump), 200 kB each:
    // more than the head that is looked at, so the first line is not seen whole
    String filler = "lorem ipsum dolor sit amet ".repeat(8000);
    String first =
        "{\"id\": \"long\", \"text\": \"" + filler + "Sunny two-room flat near Termini\"}";
    Path jsonl = Files.writeString(dir.resolve("pages.txt"), first + "\n" + JSONL);
    CliRunner lines = CliRunner.run("pairs", jsonl.toString());
    assertThat(lines.exitCode).as(lines.toString()).isZero();
    assertThat(lines.out).startsWith(PAIR);
    assertThat(lines.err).contains("read as jsonl (its first line starts a JSON object");

    String array = "[" + first + ", " + ARRAY.strip().substring(1).replace("\n", "").stripLeading();
    Path oneLine = Files.writeString(dir.resolve("ads.json"), array);
    CliRunner json = CliRunner.run("pairs", oneLine.toString());
    assertThat(json.exitCode).as(json.toString()).isZero();
    assertThat(json.out).startsWith(PAIR);
    Path unnamed = Files.writeString(dir.resolve("ads.dump"), array);
    assertThat(CliRunner.run("pairs", "-q", unnamed.toString()).out).isEqualTo(json.out);
  }

  @Test
  void jsonReadAsTsvOnStandardInputSaysToUseJsonl() {
    CliRunner run = withStdin(utf8(JSONL), "pairs", "--format", "tsv", "-");
    assertThat(run.exitCode).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(run.err)
        .contains("standard input, line 1: record without text (no tab after the id")
        .contains("the line is a JSON object: use --format jsonl");
  }
}
