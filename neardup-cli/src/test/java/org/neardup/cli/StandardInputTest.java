package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.cli.CliRunner.withStdin;

import com.github.luben.zstd.ZstdOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Standard input ({@code -}) through the commands that read their input twice (dedup, report,
 * explain): copied once to a temporary file, read as standard input, the copy deleted afterwards.
 * The temporary directory (java.io.tmpdir) is one of the test's own, to see what is left in it.
 */
class StandardInputTest {
  private static final String TSV =
      "a\tthe quick brown fox jumps over the lazy dog\n"
          + "b\tsomething completely different is written here\n"
          + "c\tthe quick brown fox jumps over the lazy dog!\n"
          + "d\tsomething completely different is written here.\n"
          + "e\ta third text that is like no other one\n";

  @TempDir Path dir;
  private Path temporary;
  private String savedTemporary;

  @BeforeEach
  void useOwnTemporaryDirectory() throws IOException {
    temporary = Files.createDirectory(dir.resolve("tmp"));
    savedTemporary = System.getProperty("java.io.tmpdir");
    System.setProperty("java.io.tmpdir", temporary.toString());
  }

  @AfterEach
  void restoreTemporaryDirectory() {
    System.setProperty("java.io.tmpdir", savedTemporary);
  }

  private List<Path> leftInTemporary() throws IOException {
    try (Stream<Path> files = Files.list(temporary)) {
      return files.toList();
    }
  }

  @Test
  void dedupOfStandardInputWritesWhatDedupOfTheFileWrites() throws IOException {
    Path file = Files.writeString(dir.resolve("docs.tsv"), TSV);
    Path fromFile = dir.resolve("from-file.tsv");
    Path fromStdin = dir.resolve("from-stdin.tsv");
    Path removed = dir.resolve("removed.tsv");
    CliRunner expected =
        CliRunner.run("dedup", "-t", "0.5", "-o", fromFile.toString(), file.toString());
    assertThat(expected.exitCode).as(expected.toString()).isZero();

    CliRunner dedup =
        withStdin(
            TSV,
            "dedup",
            "-t",
            "0.5",
            "-o",
            fromStdin.toString(),
            "--removed",
            removed.toString(),
            "-");

    assertThat(dedup.exitCode).as(dedup.toString()).isZero();
    assertThat(dedup.err)
        .contains("kept 3 records, removed 2 duplicates in 2 clusters -> " + fromStdin);
    assertThat(Files.readString(fromStdin)).isEqualTo(Files.readString(fromFile)).hasLineCount(3);
    assertThat(Files.readString(removed)).startsWith("c\t").contains("\nd\t");
    assertThat(leftInTemporary()).as("the copy of standard input is deleted").isEmpty();

    Path annotated = dir.resolve("annotated.tsv");
    CliRunner annotate =
        withStdin(TSV, "dedup", "-q", "-t", "0.5", "--annotate", "-o", annotated.toString(), "-");
    assertThat(annotate.exitCode).as(annotate.toString()).isZero();
    assertThat(Files.readString(annotated))
        .hasLineCount(5)
        .contains("\nc\tthe quick brown fox jumps over the lazy dog!\ta\t");
  }

  @Test
  void gzipAndZstdOnStandardInputAreDecompressedAndTheCopyIsWrittenAsForAFile() throws IOException {
    Path file = Files.writeString(dir.resolve("docs.tsv"), TSV);
    Path fromFile = dir.resolve("from-file.tsv");
    assertThat(
            CliRunner.run("dedup", "-q", "-t", "0.5", "-o", fromFile.toString(), file.toString())
                .exitCode)
        .isZero();
    ByteArrayOutputStream gzip = new ByteArrayOutputStream();
    try (OutputStream out = new GZIPOutputStream(gzip)) {
      out.write(TSV.getBytes(StandardCharsets.UTF_8));
    }
    ByteArrayOutputStream zstd = new ByteArrayOutputStream();
    try (OutputStream out = new ZstdOutputStream(zstd)) {
      out.write(TSV.getBytes(StandardCharsets.UTF_8));
    }
    for (byte[] compressed : List.of(gzip.toByteArray(), zstd.toByteArray())) {
      Path clean = dir.resolve("clean.tsv");
      CliRunner dedup =
          withStdin(compressed, "dedup", "-q", "-t", "0.5", "-o", clean.toString(), "-");
      assertThat(dedup.exitCode).as(dedup.toString()).isZero();
      assertThat(Files.readString(clean)).isEqualTo(Files.readString(fromFile));
      CliRunner pairs = withStdin(compressed, "pairs", "-q", "-t", "0.5", "-");
      assertThat(pairs.out)
          .isEqualTo(CliRunner.run("pairs", "-q", "-t", "0.5", file.toString()).out);
    }
    assertThat(leftInTemporary()).isEmpty();
  }

  @Test
  void jsonLinesWithoutIdsOnStandardInputAreNumberedAsWhenPairsReadsThem() throws IOException {
    String jsonl =
        "{\"text\":\"the quick brown fox jumps over the lazy dog\"}\n"
            + "{\"text\":\"something completely different\"}\n"
            + "{\"text\":\"the quick brown fox jumps over the lazy dog\"}\n";
    CliRunner pairs = withStdin(jsonl, "pairs", "-q", "--format", "jsonl", "-");
    assertThat(pairs.out).isEqualTo("1\t3\t1.000000\n");
    Path annotated = dir.resolve("annotated.jsonl");
    CliRunner dedup =
        withStdin(
            jsonl,
            "dedup",
            "-q",
            "--format",
            "jsonl",
            "--annotate",
            "-o",
            annotated.toString(),
            "-");
    assertThat(dedup.exitCode).as(dedup.toString()).isZero();
    assertThat(Files.readString(annotated).lines().toList().get(2))
        .contains("\"duplicate_of\":\"1\"");
  }

  @Test
  void reportAndExplainOfStandardInputShowWhatTheyShowForTheFile() throws IOException {
    Path file = Files.writeString(dir.resolve("docs.tsv"), TSV);
    Path fileReport = dir.resolve("file.html");
    Path stdinReport = dir.resolve("stdin.html");
    assertThat(
            CliRunner.run("report", "-q", "-t", "0.5", "-o", fileReport.toString(), file.toString())
                .exitCode)
        .isZero();

    CliRunner report =
        withStdin(TSV, "report", "-q", "-t", "0.5", "-o", stdinReport.toString(), "-");

    assertThat(report.exitCode).as(report.toString()).isZero();
    String html = Files.readString(stdinReport);
    assertThat(html)
        .contains("<td>- (tsv)</td>")
        .contains("something completely different is written <del>here</del>");
    assertThat(html).isEqualTo(Files.readString(fileReport).replace(file.toString(), "-"));

    CliRunner fromFile = CliRunner.run("explain", "--id", "a", "--id", "c", file.toString());
    CliRunner explain = withStdin(TSV, "explain", "--id", "a", "--id", "c", "-");
    assertThat(explain.exitCode).as(explain.toString()).isZero();
    assertThat(explain.out)
        .contains("A: a: the quick brown fox jumps over the lazy dog")
        .isEqualTo(fromFile.out);
    assertThat(leftInTemporary()).isEmpty();
  }

  @Test
  void aBadRecordOnStandardInputIsNamedByLineAndNothingIsWrittenNorLeft() throws IOException {
    String bad = TSV + "f\tthe last text\nno tab on this line\n";
    Path clean = dir.resolve("clean.tsv");

    CliRunner dedup = withStdin(bad, "dedup", "-q", "-o", clean.toString(), "-");

    assertThat(dedup.exitCode).isEqualTo(2);
    assertThat(dedup.err.strip())
        .isEqualTo("neardup: standard input, line 7: record without text (no tab after the id)");
    assertThat(clean).doesNotExist();
    assertThat(leftInTemporary()).isEmpty();
    CliRunner pairs = withStdin(bad, "pairs", "-q", "-");
    assertThat(pairs.err.strip())
        .isEqualTo("neardup: standard input, line 7: record without text (no tab after the id)");

    CliRunner skip = withStdin(bad, "dedup", "--on-error", "skip", "-o", clean.toString(), "-");
    assertThat(skip.exitCode).as(skip.toString()).isZero();
    assertThat(skip.err).contains("standard input, line 7: record without text");
    assertThat(Files.readString(dir.resolve("clean.rejects.tsv")))
        .isEqualTo("no tab on this line\n");
    assertThat(leftInTemporary()).isEmpty();
  }

  private static final MessageType DOCS =
      MessageTypeParser.parseMessageType(
          "message doc { required binary id (STRING); optional binary text (STRING); }");

  @Test
  void parquetOnStandardInputIsReadByPairsAndDedupFromACopy() throws IOException {
    Path parquet = dir.resolve("docs.parquet");
    try (ParquetWriter<Group> writer =
        ExampleParquetWriter.builder(new LocalOutputFile(parquet))
            .withConf(new PlainParquetConfiguration())
            .withType(DOCS)
            .build()) {
      SimpleGroupFactory groups = new SimpleGroupFactory(DOCS);
      for (String line : TSV.split("\n")) {
        String[] fields = line.split("\t");
        writer.write(groups.newGroup().append("id", fields[0]).append("text", fields[1]));
      }
      writer.write(groups.newGroup().append("id", "f"));
    }
    byte[] bytes = Files.readAllBytes(parquet);

    CliRunner pairs =
        withStdin(
            bytes, "pairs", "-q", "-t", "0.5", "--format", "parquet", "--on-error", "skip", "-");
    assertThat(pairs.exitCode).as(pairs.toString()).isZero();
    assertThat(pairs.out)
        .isEqualTo(
            CliRunner.run("pairs", "-q", "-t", "0.5", "--on-error", "skip", parquet.toString()).out)
        .isNotEmpty();
    CliRunner failing = withStdin(bytes, "pairs", "-q", "--format", "parquet", "-");
    assertThat(failing.exitCode).isEqualTo(2);
    assertThat(failing.err).startsWith("neardup: standard input, line 6: record without text");

    Path fromFile = dir.resolve("from-file.parquet");
    Path fromStdin = dir.resolve("from-stdin.parquet");
    assertThat(
            CliRunner.run(
                    "dedup",
                    "-q",
                    "-t",
                    "0.5",
                    "--on-error",
                    "skip",
                    "-o",
                    fromFile.toString(),
                    parquet.toString())
                .exitCode)
        .isZero();
    CliRunner dedup =
        withStdin(
            bytes,
            "dedup",
            "-t",
            "0.5",
            "--format",
            "parquet",
            "--on-error",
            "skip",
            "-o",
            fromStdin.toString(),
            "-");
    assertThat(dedup.exitCode).as(dedup.toString()).isZero();
    assertThat(dedup.err)
        .contains("standard input, line 6: record without text")
        .contains("1 record skipped as bad -> " + dir.resolve("from-stdin.rejects.parquet"));
    assertThat(Files.readAllBytes(fromStdin)).isEqualTo(Files.readAllBytes(fromFile));
    assertThat(leftInTemporary()).isEmpty();
  }
}
