package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.cli.CliRunner.withStdin;

import com.github.luben.zstd.ZstdOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The inputs data engineers have, through the real pairs and dedup commands. */
class InputFormatsTest {
  private static final String TSV =
      "a\tthe quick brown fox jumps over the lazy dog\n"
          + "b\tsomething completely different is written here\n"
          + "c\tthe quick brown fox jumps over the lazy dog!\n";

  @TempDir Path dir;

  @Test
  void standardInputIsReadByPairs() {
    CliRunner pairs = withStdin(TSV, "pairs", "-q", "-");
    assertThat(pairs.exitCode).as(pairs.toString()).isZero();
    assertThat(pairs.out).startsWith("a\tc\t0.9");
    CliRunner jsonl =
        withStdin(
            "{\"id\":\"x\",\"text\":\"one two three four five\"}\n"
                + "{\"id\":\"y\",\"text\":\"one two three four five\"}\n",
            "pairs",
            "-q",
            "--format",
            "jsonl",
            "-");
    assertThat(jsonl.out).isEqualTo("x\ty\t1.000000\n");
  }

  @Test
  void zstdInputIsReadByPairsAndDedupWritesItsRecordsUncompressedAsForGzip() throws IOException {
    Path input = dir.resolve("docs.jsonl.zst");
    String lines =
        "{\"id\":\"a\",\"text\":\"the quick brown fox jumps over the lazy dog\"}\n"
            + "{\"id\":\"b\",\"text\":\"something completely different\"}\n"
            + "{\"id\":\"c\",\"text\":\"the quick brown fox jumps over the lazy dog\"}\n";
    try (OutputStream out = new ZstdOutputStream(Files.newOutputStream(input))) {
      out.write(lines.getBytes(StandardCharsets.UTF_8));
    }
    CliRunner pairs = CliRunner.run("pairs", "-q", input.toString());
    assertThat(pairs.exitCode).as(pairs.toString()).isZero();
    assertThat(pairs.out).isEqualTo("a\tc\t1.000000\n");
    Path output = dir.resolve("dedup.jsonl");
    CliRunner dedup = CliRunner.run("dedup", "-q", "-o", output.toString(), input.toString());
    assertThat(dedup.exitCode).as(dedup.toString()).isZero();
    assertThat(Files.readString(output))
        .isEqualTo(lines.lines().limit(2).map(l -> l + "\n").reduce("", String::concat));
  }

  @Test
  void jsonLinesWithoutIdsAreNumberedLikeCsvRecords() throws IOException {
    Path input =
        Files.writeString(
            dir.resolve("docs.jsonl"),
            "{\"text\":\"the quick brown fox jumps over the lazy dog\"}\n"
                + "{\"text\":\"something completely different\"}\n"
                + "{\"text\":\"the quick brown fox jumps over the lazy dog\"}\n");
    CliRunner pairs = CliRunner.run("pairs", "-q", input.toString());
    assertThat(pairs.exitCode).as(pairs.toString()).isZero();
    assertThat(pairs.out).isEqualTo("1\t3\t1.000000\n");
    Path output = dir.resolve("dedup.jsonl");
    assertThat(CliRunner.run("dedup", "-q", "-o", output.toString(), input.toString()).exitCode)
        .isZero();
    assertThat(Files.readString(output))
        .hasLineCount(2)
        .doesNotContain("something completely different\"}\n{\"text\":\"the quick");

    Path body =
        Files.writeString(
            dir.resolve("bodies.jsonl"), "{\"title\":\"t\",\"body\":\"the quick brown fox\"}\n");
    CliRunner noText = CliRunner.run("pairs", "-q", body.toString());
    assertThat(noText.exitCode).isEqualTo(2);
    assertThat(noText.err)
        .contains(
            "bodies.jsonl:1: record without text (no field 'text'; the record has title, body:"
                + " --text-field names the field to read)");
    assertThat(CliRunner.run("pairs", "-q", "--text-field", "body", body.toString()).exitCode)
        .isZero();
  }

  @Test
  void idsFollowedByASpaceAreDetectedAsTheLinesFormat() throws IOException {
    Path input =
        Files.writeString(
            dir.resolve("articles.train"),
            "t1 the quick brown fox jumps over the lazy dog\n"
                + "t2 something completely different\n"
                + "t3 the quick brown fox jumps over the lazy dog\n");
    CliRunner pairs = CliRunner.run("pairs", "-q", input.toString());
    assertThat(pairs.exitCode).as(pairs.toString()).isZero();
    assertThat(pairs.out).isEqualTo("t1\tt3\t1.000000\n");
    CliRunner tsv = CliRunner.run("pairs", "-q", "--format", "tsv", input.toString());
    assertThat(tsv.exitCode).isEqualTo(2);
    assertThat(tsv.err)
        .contains(
            ":1: record without text (no tab after the id; if ids end at the first space, use"
                + " --format lines)");
    Path output = dir.resolve("dedup.train");
    assertThat(CliRunner.run("dedup", "-q", "-o", output.toString(), input.toString()).exitCode)
        .isZero();
    assertThat(Files.readString(output))
        .isEqualTo(
            "t1 the quick brown fox jumps over the lazy dog\nt2 something completely different\n");
  }

  @Test
  void aTabSeparatedTableWithAHeaderIsNamedWithTheOptionsThatReadIt() throws IOException {
    Path input =
        Files.writeString(
            dir.resolve("listings.tsv"),
            "Title\tDescription\tPrice\n"
                + "Flat in Rome\tNice flat near the metro\t500\n"
                + "Car\tA red car\t100\n"
                + "Flat in Rome\tNice flat near the metro\t550\n");
    CliRunner pairs = CliRunner.run("pairs", "-q", input.toString());
    assertThat(pairs.exitCode).isEqualTo(2);
    assertThat(pairs.err)
        .contains(
            "listings.tsv:1: the first line looks like a header (Title, Description, Price): use"
                + " --format csv --delimiter tab --text-field COLUMN to read it as a table, or"
                + " --format tsv to read it as data");
    CliRunner table =
        CliRunner.run(
            "pairs",
            "-q",
            "--format",
            "csv",
            "--delimiter",
            "tab",
            "--text-field",
            "Description",
            input.toString());
    assertThat(table.exitCode).as(table.toString()).isZero();
    assertThat(table.out).isEqualTo("1\t3\t1.000000\n");
  }

  private static final MessageType DOCS =
      MessageTypeParser.parseMessageType(
          "message doc { required binary id (STRING); optional binary body (STRING); optional int32"
              + " n; }");

  /**
   * A Parquet file of the rows of {@code tsv} (id, body; a row without a tab has a null body), n
   * its row number.
   */
  private Path parquet(String name, String tsv) throws IOException {
    Path parquet = dir.resolve(name);
    try (ParquetWriter<Group> writer =
        ExampleParquetWriter.builder(new LocalOutputFile(parquet))
            .withConf(new PlainParquetConfiguration())
            .withType(DOCS)
            .build()) {
      SimpleGroupFactory groups = new SimpleGroupFactory(DOCS);
      int n = 0;
      for (String line : tsv.split("\n")) {
        String[] fields = line.split("\t");
        Group row = groups.newGroup().append("id", fields[0]).append("n", n++);
        if (fields.length > 1) {
          row.append("body", fields[1]);
        }
        writer.write(row);
      }
    }
    return parquet;
  }

  /** The rows of a Parquet file, each as parquet-java prints a record, one field a line. */
  private static List<String> rows(Path file) throws IOException {
    List<String> rows = new ArrayList<>();
    ParquetReadOptions options =
        ParquetReadOptions.builder(new PlainParquetConfiguration()).build();
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file), options)) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      PageReadStore pages;
      while ((pages = reader.readNextRowGroup()) != null) {
        RecordReader<Group> records =
            new ColumnIOFactory()
                .getColumnIO(schema)
                .getRecordReader(pages, new GroupRecordConverter(schema));
        for (long i = pages.getRowCount(); i > 0; i--) {
          rows.add(records.read().toString().replace("\n", " ").trim());
        }
      }
    }
    return rows;
  }

  @Test
  void parquetIsReadLikeTheSameRecordsAsTsvAndDedupWritesItBack() throws IOException {
    Path parquet = parquet("docs.parquet", TSV);
    Path tsv = Files.writeString(dir.resolve("docs.tsv"), TSV);
    String expected = CliRunner.run("pairs", "-q", "-t", "0.5", tsv.toString()).out;
    assertThat(expected).isNotEmpty();

    CliRunner pairs =
        CliRunner.run("pairs", "-q", "-t", "0.5", "--text-field", "body", parquet.toString());
    assertThat(pairs.exitCode).as(pairs.toString()).isZero();
    assertThat(pairs.out).isEqualTo(expected);
    CliRunner missing = CliRunner.run("pairs", "-q", parquet.toString());
    assertThat(missing.exitCode).isEqualTo(2);
    assertThat(missing.err)
        .contains(
            "docs.parquet: unknown column 'text' (columns: id, body, n): --text-field names the"
                + " column to read");

    Path clean = dir.resolve("clean.parquet");
    Path removed = dir.resolve("removed.parquet");
    CliRunner dedup =
        CliRunner.run(
            "dedup",
            "-t",
            "0.5",
            "--text-field",
            "body",
            "-o",
            clean.toString(),
            "--removed",
            removed.toString(),
            parquet.toString());
    assertThat(dedup.exitCode).as(dedup.toString()).isZero();
    assertThat(dedup.err).contains("kept 2 records, removed 1 duplicate in 1 cluster -> " + clean);
    assertThat(rows(clean))
        .containsExactly(
            "id: a body: the quick brown fox jumps over the lazy dog n: 0",
            "id: b body: something completely different is written here n: 1");
    assertThat(rows(removed))
        .containsExactly("id: c body: the quick brown fox jumps over the lazy dog! n: 2");
    CliRunner again =
        CliRunner.run("pairs", "-q", "-t", "0.5", "--text-field", "body", clean.toString());
    assertThat(again.exitCode).as(again.toString()).isZero();
    assertThat(again.out).isEmpty();

    Path annotated = dir.resolve("annotated.parquet");
    CliRunner annotate =
        CliRunner.run(
            "dedup",
            "-q",
            "-t",
            "0.5",
            "--annotate",
            "--text-field",
            "body",
            "-o",
            annotated.toString(),
            parquet.toString());
    assertThat(annotate.exitCode).as(annotate.toString()).isZero();
    assertThat(rows(annotated))
        .hasSize(3)
        .startsWith("id: a body: the quick brown fox jumps over the lazy dog n: 0 cluster_size: 2");
    assertThat(rows(annotated).get(2))
        .matches(
            "id: c body: the quick brown fox jumps over the lazy dog! n: 2"
                + " duplicate_of: a similarity: 0\\.[0-9]+");

    CliRunner two =
        CliRunner.run(
            "dedup",
            "-q",
            "--text-field",
            "body",
            "-o",
            dir.resolve("two.parquet").toString(),
            parquet.toString(),
            clean.toString());
    assertThat(two.exitCode).isEqualTo(2);
    assertThat(two.err)
        .contains(
            "dedup writes a Parquet input back as one Parquet file, so it takes exactly one such"
                + " input");
    assertThat(dir.resolve("two.parquet")).doesNotExist();
    CliRunner gzipped =
        CliRunner.run(
            "dedup",
            "-q",
            "--text-field",
            "body",
            "-o",
            dir.resolve("c.parquet.gz").toString(),
            parquet.toString());
    assertThat(gzipped.exitCode).isEqualTo(2);
    assertThat(gzipped.err)
        .contains(
            "c.parquet.gz: a Parquet copy is compressed page by page with the input's codec,"
                + " not as a whole: name it without .gz");
  }

  @Test
  void parquetRowsSkippedAsBadGoToAParquetRejectsFile() throws IOException {
    Path parquet = parquet("docs.parquet", TSV + "d\n");
    Path clean = dir.resolve("clean.parquet");

    CliRunner dedup =
        CliRunner.run(
            "dedup",
            "-t",
            "0.5",
            "--on-error",
            "skip",
            "--text-field",
            "body",
            "-o",
            clean.toString(),
            parquet.toString());

    assertThat(dedup.exitCode).as(dedup.toString()).isZero();
    Path rejects = dir.resolve("clean.rejects.parquet");
    assertThat(dedup.err).contains("1 record skipped as bad -> " + rejects);
    assertThat(rows(clean)).hasSize(2);
    assertThat(rows(rejects)).containsExactly("id: d n: 3");
  }

  @Test
  void anEmptyOrNonParquetFileIsAnErrorNotZeroDocuments() throws IOException {
    Path empty = Files.createFile(dir.resolve("x.parquet"));
    CliRunner run = CliRunner.run("pairs", "-q", empty.toString());
    assertThat(run.exitCode).isEqualTo(2);
    assertThat(run.err).contains("x.parquet: an empty file, not Parquet");
    Path renamed =
        Files.write(
            dir.resolve("data.bin"), "PAR1\0\0\0\0PAR1".getBytes(StandardCharsets.US_ASCII));
    CliRunner broken = CliRunner.run("pairs", "-q", renamed.toString());
    assertThat(broken.exitCode).isEqualTo(2);
    assertThat(broken.err).contains("data.bin: not a readable Parquet file");
  }

  @Test
  void jsonFilesAreJsonLinesOrAJsonArrayAndDedupWritesTheArrayBack() throws IOException {
    Path lines =
        Files.writeString(
            dir.resolve("docs.json"),
            "{\"id\":\"a\",\"text\":\"one two three\"}\n"
                + "{\"id\":\"b\",\"text\":\"one two three\"}\n");
    CliRunner pairs = CliRunner.run("pairs", "-q", lines.toString());
    assertThat(pairs.exitCode).as(pairs.toString()).isZero();
    assertThat(pairs.out).isEqualTo("a\tb\t1.000000\n");
    Path output = dir.resolve("dedup.json");
    assertThat(CliRunner.run("dedup", "-q", "-o", output.toString(), lines.toString()).exitCode)
        .isZero();
    assertThat(Files.readString(output)).isEqualTo("{\"id\":\"a\",\"text\":\"one two three\"}\n");

    String first =
        "{\n    \"id\": \"a\",\n    \"text\": \"the quick brown fox jumps over the lazy dog\"\n  }";
    String third = "{\"id\": 7, \"text\": \"an unrelated record about something else entirely\"}";
    Path array =
        Files.writeString(
            dir.resolve("array.json"),
            "[\n  "
                + first
                + ",\n"
                + "  {\"text\": \"the quick brown fox jumps over the lazy dog\", \"id\": \"b\"},\n"
                + "  "
                + third
                + "\n]\n");
    Path tsv =
        Files.writeString(
            dir.resolve("same.tsv"),
            "a\tthe quick brown fox jumps over the lazy dog\n"
                + "b\tthe quick brown fox jumps over the lazy dog\n"
                + "7\tan unrelated record about something else entirely\n");
    CliRunner arrayPairs = CliRunner.run("pairs", "-q", array.toString());
    assertThat(arrayPairs.exitCode).as(arrayPairs.toString()).isZero();
    assertThat(arrayPairs.out)
        .isEqualTo("a\tb\t1.000000\n")
        .isEqualTo(CliRunner.run("pairs", "-q", tsv.toString()).out);

    Path clean = dir.resolve("clean.json");
    CliRunner dedup = CliRunner.run("dedup", "-q", "-o", clean.toString(), array.toString());
    assertThat(dedup.exitCode).as(dedup.toString()).isZero();
    assertThat(Files.readString(clean)).isEqualTo("[\n" + first + ",\n" + third + "\n]\n");
    CliRunner again = CliRunner.run("pairs", "-q", "-t", "0.1", clean.toString());
    assertThat(again.exitCode).as(again.toString()).isZero();
    assertThat(again.out).isEmpty();

    Path annotated = dir.resolve("annotated.json");
    assertThat(
            CliRunner.run("dedup", "-q", "--annotate", "-o", annotated.toString(), array.toString())
                .exitCode)
        .isZero();
    assertThat(Files.readString(annotated))
        .contains(
            "\"id\": \"b\",\"duplicate_of\":\"a\",\"similarity\":1.000000,\"cluster_size\":null}");

    CliRunner two =
        CliRunner.run(
            "dedup",
            "-q",
            "-o",
            dir.resolve("two.json").toString(),
            array.toString(),
            lines.toString());
    assertThat(two.exitCode).isEqualTo(2);
    assertThat(two.err).contains("takes exactly one such input");
    assertThat(dir.resolve("two.json")).doesNotExist();
  }

  @Test
  void aBrokenJsonArrayStopsWithItsLine() throws IOException {
    Path array =
        Files.writeString(
            dir.resolve("broken.json"),
            "[\n{\"id\":\"a\",\"text\":\"x\"},\n{\"id\":\"b\" \"text\":\"y\"}\n]\n");
    CliRunner run = CliRunner.run("pairs", "-q", array.toString());
    assertThat(run.exitCode).isEqualTo(2);
    assertThat(run.err).contains("broken.json:3: invalid JSON");
  }
}
