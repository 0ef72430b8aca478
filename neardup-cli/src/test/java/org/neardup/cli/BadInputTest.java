package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every kind of bad input: one line naming file and line, exit code 2 — or a counted skip. */
class BadInputTest {
  @TempDir Path dir;

  private CliRunner pairs(String... args) {
    String[] all = new String[args.length + 1];
    all[0] = "pairs";
    System.arraycopy(args, 0, all, 1, args.length);
    return CliRunner.run(all);
  }

  private static void assertOneLineError(CliRunner run, String expected) {
    assertThat(run.exitCode).as(run.toString()).isEqualTo(2);
    assertThat(run.err.strip()).as(run.toString()).isEqualTo("neardup: " + expected);
    assertThat(run.out).isEmpty();
  }

  @Test
  void missingFile() {
    Path missing = dir.resolve("nope.tsv");
    assertOneLineError(pairs(missing.toString()), missing + ": no such file");
  }

  @Test
  void invalidUtf8FailsOrIsSkippedAndCounted() throws IOException {
    byte[] bad = "a\tfine text\nb\tbad \u00ff\n".getBytes(StandardCharsets.ISO_8859_1);
    Path file = Files.write(dir.resolve("latin1.tsv"), bad);
    assertOneLineError(
        pairs("-q", file.toString()), file + ":2: invalid UTF-8 (byte 0xff at byte 7 of the line)");
    CliRunner skipped = pairs("--on-error", "skip", file.toString());
    assertThat(skipped.exitCode).as(skipped.toString()).isZero();
    assertThat(skipped.err).contains("skipped 1 record: invalid UTF-8");
  }

  @Test
  void recordWithoutText() throws IOException {
    Path file = Files.writeString(dir.resolve("no-text.tsv"), "a\tfine\nlonely\n");
    CliRunner run = pairs("-q", file.toString());
    assertThat(run.exitCode).isEqualTo(2);
    assertThat(run.err).startsWith("neardup: " + file + ":2: record without text");
  }

  @Test
  void recordWithoutId() throws IOException {
    Path file = Files.writeString(dir.resolve("no-id.tsv"), "\tsome text\n");
    CliRunner run = pairs("-q", file.toString());
    assertThat(run.exitCode).isEqualTo(2);
    assertThat(run.err).startsWith("neardup: " + file + ":1: record without id");
  }

  @Test
  void duplicateIdsFailOrAreSkipped() throws IOException {
    Path file = Files.writeString(dir.resolve("dup.tsv"), "a\tone text\nb\tother\na\tthird one\n");
    assertOneLineError(pairs("-q", file.toString()), file + ":3: duplicate id 'a'");
    CliRunner skipped = pairs("--on-error", "skip", file.toString());
    assertThat(skipped.exitCode).isZero();
    assertThat(skipped.err).contains("skipped 1 record: duplicate id");
  }

  @Test
  void emptyDocumentsAreSkippedAndCountedWhateverThePolicy() throws IOException {
    Path file = Files.writeString(dir.resolve("empty.tsv"), "a\tone text\nb\t   \nc\tone text\n");
    for (String policy : new String[] {"fail", "skip"}) {
      CliRunner run = pairs("--on-error", policy, file.toString());
      assertThat(run.exitCode).as(run.toString()).isZero();
      assertThat(run.out).isEqualTo("a\tc\t1.000000\n");
      assertThat(run.err)
          .contains("skipped 1 record: empty document (nothing left after normalization)");
    }
  }

  @Test
  void documentsShorterThanKAreCountedNotRejected() throws IOException {
    Path file = Files.writeString(dir.resolve("short.tsv"), "a\tok\nb\tok\n");
    CliRunner run = pairs(file.toString());
    assertThat(run.exitCode).isZero();
    assertThat(run.out).isEqualTo("a\tb\t1.000000\n");
    assertThat(run.err).contains("2 documents shorter than k=5, each taken as one shingle");
  }

  @Test
  void unknownCsvColumn() throws IOException {
    Path file = Files.writeString(dir.resolve("x.csv"), "id,body\n1,hello\n");
    CliRunner run = pairs("-q", "--text-field", "text", file.toString());
    assertThat(run.exitCode).isEqualTo(2);
    assertThat(run.err).startsWith("neardup: " + file + ": unknown column 'text'");
  }

  @Test
  void truncatedGzip() throws IOException {
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    try (GZIPOutputStream gzip = new GZIPOutputStream(buffer)) {
      for (int i = 0; i < 2000; i++) {
        gzip.write(
            ("id" + i + "\tsome text number " + i * 7919 + "\n").getBytes(StandardCharsets.UTF_8));
      }
    }
    byte[] whole = buffer.toByteArray();
    Path file = Files.write(dir.resolve("cut.tsv.gz"), Arrays.copyOf(whole, whole.length / 2));
    CliRunner run = pairs("-q", file.toString());
    assertThat(run.exitCode).as(run.toString()).isEqualTo(2);
    assertThat(run.err).startsWith("neardup: " + file + ":").contains("truncated gzip");
    assertThat(run.err.strip()).doesNotContain("\n");
  }

  @Test
  void gzipInputIsReadTransparently() throws IOException {
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    try (GZIPOutputStream gzip = new GZIPOutputStream(buffer)) {
      gzip.write("a\tsame text here\nb\tsame text here\n".getBytes(StandardCharsets.UTF_8));
    }
    Path file = Files.write(dir.resolve("in.tsv.gz"), buffer.toByteArray());
    assertThat(pairs("-q", file.toString()).out).isEqualTo("a\tb\t1.000000\n");
  }

  @Test
  void badOptionsAreUsageErrors() throws IOException {
    Path file = Files.writeString(dir.resolve("in.tsv"), "a\ttext\n");
    assertOneLineError(pairs("--bands", "4", file.toString()), "--bands and --rows go together");
    assertOneLineError(
        pairs("--threshold", "1.5", file.toString()), "threshold must be in (0, 1], got 1.5");
    assertOneLineError(
        pairs("--shingle", "chars9", file.toString()),
        "invalid shingle 'chars9' (expected char:K, word:K or whitespace-word:K, e.g. char:5 or"
            + " word:3)");
    assertOneLineError(
        pairs("--on-error", "ignore", file.toString()),
        "--on-error must be fail or skip, got 'ignore'");
    CliRunner unknown = pairs("--frobnicate", file.toString());
    assertThat(unknown.exitCode).isEqualTo(2);
    assertThat(unknown.err).contains("Unknown option: '--frobnicate'");
  }

  @Test
  void aCsvRowWithMoreFieldsThanTheHeaderIsAnErrorNotATruncatedText() throws IOException {
    Path file =
        Files.writeString(
            dir.resolve("c.csv"), "id,text\n1,hello, world this is a long doc\n2,hello\n");
    assertOneLineError(
        pairs("--id-field", "id", file.toString()),
        file
            + ":2: malformed record (3 fields, the header has 2: a delimiter inside an unquoted"
            + " field?)");
    CliRunner skipped = pairs("--id-field", "id", "--on-error", "skip", file.toString());
    assertThat(skipped.exitCode).as(skipped.toString()).isZero();
    assertThat(skipped.out).isEmpty();
    assertThat(skipped.err).contains("skipped 1 record: malformed record");
  }

  @Test
  void aRequestedCsvColumnNamedTwiceInTheHeaderIsAnError() throws IOException {
    Path file = Files.writeString(dir.resolve("d.csv"), "id,text,text\n1,hello,x\n");
    assertOneLineError(
        pairs("--id-field", "id", file.toString()),
        file + ": column 'text' appears twice in the header (columns 2 and 3)");
  }

  @Test
  void idsWithATabOrLineBreakAreRefusedBecauseTheOutputIsTabSeparated() throws IOException {
    Path jsonl =
        Files.writeString(
            dir.resolve("ids.jsonl"),
            "{\"id\":\"a\\tb\",\"text\":\"the same words\"}\n"
                + "{\"id\":\"c\",\"text\":\"the same words\"}\n");
    assertOneLineError(
        pairs(jsonl.toString()),
        jsonl
            + ":1: invalid id 'a\\u0009b' (it holds the control character U+0009 at character 2)");
    Path csv =
        Files.writeString(
            dir.resolve("ids.csv"), "id,text\n\"a\nb\",the same words\nc,the same words\n");
    assertOneLineError(
        pairs("--id-field", "id", csv.toString()),
        csv + ":2: invalid id 'a\\u000Ab' (it holds the control character U+000A at character 2)");
    Path tsv =
        Files.writeString(dir.resolve("ids.tsv"), "a\rb\tthe same words\nc\tthe same words\n");
    assertOneLineError(
        pairs(tsv.toString()),
        tsv + ":1: invalid id 'a\\u000Db' (it holds the control character U+000D at character 2)");
    CliRunner skipped = pairs("--on-error", "skip", jsonl.toString());
    assertThat(skipped.exitCode).as(skipped.toString()).isZero();
    assertThat(skipped.out).isEmpty();
    assertThat(skipped.err).contains("skipped 1 record: invalid id");
  }

  /**
   * What a terminal would act on (VT, FF, NEL, U+2028/2029, ESC, NUL) never reaches the TSV output.
   */
  @Test
  void idsWithControlCharactersAreRefusedNamingTheCharacter() throws IOException {
    String[] escaped = {
      "\\u000b", "\\f", "\\u0085", "\\u2028", "\\u2029", "\\u001b[2J", "\\u0000", "\\u009b"
    };
    String[] named = {
      "U+000B", "U+000C", "U+0085", "U+2028", "U+2029", "U+001B", "U+0000", "U+009B"
    };
    for (int i = 0; i < escaped.length; i++) {
      Path file =
          Files.writeString(
              dir.resolve("control" + i + ".jsonl"),
              "{\"id\":\"ok\",\"text\":\"the same words\"}\n{\"id\":\"x"
                  + escaped[i]
                  + "\",\"text\":\"the same words\"}\n");
      CliRunner run = pairs(file.toString());
      assertThat(run.exitCode).as(run.toString()).isEqualTo(2);
      assertThat(run.out).isEmpty();
      assertThat(run.err)
          .startsWith("neardup: " + file + ":2: invalid id 'x\\u")
          .contains("(it holds the control character " + named[i] + " at character 2)");
      CliRunner skipped = pairs("--on-error", "skip", file.toString());
      assertThat(skipped.exitCode).as(skipped.toString()).isZero();
      assertThat(skipped.out).isEmpty();
      assertThat(skipped.err).contains("skipped 1 record: invalid id");
    }
    Path lengths =
        Files.writeString(
            dir.resolve("long.tsv"),
            "x".repeat(512) + "\tthe same words\n" + "y".repeat(513) + "\tthe same words\n");
    assertOneLineError(
        pairs(lengths.toString()),
        lengths
            + ":2: invalid id '"
            + "y".repeat(64)
            + "...' (it is longer than 512 bytes in UTF-8 (513))");
    Path surrogate =
        Files.writeString(
            dir.resolve("surrogate.jsonl"),
            "{\"id\":\"x\\ud800\",\"text\":\"apples and oranges\"}\n"
                + "{\"id\":\"x\\udbff\",\"text\":\"cars and trains\"}\n"
                + "{\"id\":\"t\",\"text\":\"half \\ud800 pair\"}\n");
    CliRunner skipped = pairs("--on-error", "skip", surrogate.toString());
    assertThat(skipped.exitCode).as(skipped.toString()).isZero();
    assertThat(skipped.err)
        .contains(surrogate + ":1: invalid id 'x\\uD800' (it holds the lone surrogate U+D800")
        .contains(surrogate + ":3: invalid text (it holds the lone surrogate U+D800 at character 6")
        .contains("skipped 2 records: invalid id")
        .contains("skipped 1 record: invalid text");
  }

  /**
   * A FILE#N id (several CSV inputs without --id-field) follows the rule too: here the file name
   * breaks it.
   */
  @Test
  void numberedIdsMadeFromAFileNameFollowTheRule() throws IOException {
    Path named = Files.writeString(dir.resolve("a\u001bb.csv"), "text\nthe same words\n");
    Path other = Files.writeString(dir.resolve("other.csv"), "text\nthe same words\n");
    CliRunner run = pairs(named.toString(), other.toString());
    assertThat(run.exitCode).as(run.toString()).isEqualTo(2);
    assertThat(run.err).contains("(it holds the control character U+001B");
    assertThat(run.out).isEmpty();
  }

  @Test
  void severalCsvInputsWithoutAnIdFieldGetFileQualifiedRecordNumbers() throws IOException {
    Path c1 =
        Files.writeString(dir.resolve("c1.csv"), "text\nthe same words here\nsomething else\n");
    Path c2 = Files.writeString(dir.resolve("c2.csv"), "text\nthe same words here\n");
    CliRunner run = pairs("-q", c1.toString(), c2.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out).isEqualTo(c1 + "#1\t" + c2 + "#1\t1.000000\n");
    // One input keeps the plain record numbers.
    Path one =
        Files.writeString(
            dir.resolve("one.csv"), "text\nthe same words here\nthe same words here\n");
    assertThat(pairs("-q", one.toString()).out).isEqualTo("1\t2\t1.000000\n");
  }

  @Test
  void aWhitespaceOnlyLineIsLikeAnEmptyLineInEveryFormat() throws IOException {
    String blank = "  \t \r\n\n";
    Path tsv =
        Files.writeString(
            dir.resolve("blank.tsv"), "a\tthe same words\n" + blank + "b\tthe same words\n");
    Path lines =
        Files.writeString(
            dir.resolve("blank.txt"), "a the same words\n" + blank + "b the same words\n");
    Path jsonl =
        Files.writeString(
            dir.resolve("blank.jsonl"),
            "{\"id\":\"a\",\"text\":\"the same words\"}\n"
                + blank
                + "{\"id\":\"b\",\"text\":\"the same words\"}\n");
    Path csv =
        Files.writeString(
            dir.resolve("blank.csv"), "id,text\na,the same words\n   \n\nb,the same words\n");
    for (String[] args :
        new String[][] {
          {tsv.toString()},
          {"--format", "lines", lines.toString()},
          {jsonl.toString()},
          {"--id-field", "id", csv.toString()}
        }) {
      CliRunner run = pairs(args);
      assertThat(run.exitCode).as(run.toString()).isZero();
      assertThat(run.out).as(run.toString()).isEqualTo("a\tb\t1.000000\n");
      assertThat(run.err).doesNotContain("skipped");
    }
    // and dedup copies such lines through, as it does empty ones
    Path clean = dir.resolve("clean.tsv");
    CliRunner dedup = CliRunner.run("dedup", "-q", "-o", clean.toString(), tsv.toString());
    assertThat(dedup.exitCode).as(dedup.toString()).isZero();
    assertThat(Files.readString(clean)).isEqualTo("a\tthe same words\n" + blank);
  }

  @Test
  void skippedRecordsAreLocatedTheFirstFiveOrAllWithVerbose() throws IOException {
    StringBuilder text = new StringBuilder("a\tfine text\n");
    for (int i = 0; i < 7; i++) {
      text.append("no tab ").append(i).append('\n');
    }
    Path file = Files.writeString(dir.resolve("bad.tsv"), text.toString());
    CliRunner run = pairs("-q", "--on-error", "skip", file.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.err)
        .contains(file + ":2: record without text (no tab after the id)")
        .contains(file + ":6: record without text")
        .doesNotContain(file + ":7:")
        .contains("... and 2 more (use --verbose to list all)")
        .contains("skipped 7 records: record without text");
    CliRunner verbose = pairs("-q", "--verbose", "--on-error", "skip", file.toString());
    assertThat(verbose.err).contains(file + ":8: record without text").doesNotContain("... and");
  }

  @Test
  void csvAndJsonOptionsGivenForAnotherFormatAreReportedAsIgnored() throws IOException {
    Path file = Files.writeString(dir.resolve("in.tsv"), "a\tthe same words\nb\tthe same words\n");
    CliRunner run =
        pairs(
            "-q", "--text-field", "body", "--id-field", "key", "--delimiter", ";", file.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out).isEqualTo("a\tb\t1.000000\n");
    assertThat(run.err.strip())
        .isEqualTo(
            "neardup: warning: --id-field, --text-field and --delimiter are ignored for "
                + file
                + " (format tsv)");
  }

  @Test
  void aJsonRecordWithANameTwiceIsMalformed() throws IOException {
    Path file =
        Files.writeString(
            dir.resolve("twice.jsonl"),
            "{\"id\":\"a\",\"text\":\"the same words\",\"text\":\"other\"}\n"
                + "{\"id\":\"b\",\"id\":\"c\",\"text\":\"x\"}\n"
                + "{\"id\":\"d\",\"text\":\"x\",\"meta\":{\"k\":1,\"k\":2}}\n");
    assertOneLineError(
        pairs(file.toString()),
        file + ":1: malformed record (invalid JSON: Duplicate field 'text')");
    CliRunner skipped = pairs("-q", "--on-error", "skip", file.toString());
    assertThat(skipped.exitCode).as(skipped.toString()).isZero();
    assertThat(skipped.err)
        .contains(file + ":2: malformed record (invalid JSON: Duplicate field 'id')")
        .contains(file + ":3: malformed record (invalid JSON: Duplicate field 'k')")
        .contains("skipped 3 records: malformed record");
  }
}
