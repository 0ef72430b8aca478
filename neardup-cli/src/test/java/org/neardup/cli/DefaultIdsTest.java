package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ids without --id-field, the same rule in every format with fields: column or field {@code id}
 * when there is one, else the record number.
 */
class DefaultIdsTest {
  private static final String[] TEXTS = {
    "Sunny two-room flat near Termini station, 800 euro a month, furnished",
    "Studio in Trastevere with terrace, 650 euro",
    "Sunny two-room flat near Termini station - 800 euro a month, furnished!",
  };

  @TempDir Path dir;

  @Test
  void aParquetFileWithoutAnIdColumnHasItsRowsNumberedAndCanBeDeduplicated() throws IOException {
    MessageType schema =
        MessageTypeParser.parseMessageType(
            "message ads { optional binary title (STRING); optional binary text (STRING); }");
    Path parquet = dir.resolve("ads.parquet");
    try (ParquetWriter<Group> writer =
        ExampleParquetWriter.builder(new LocalOutputFile(parquet))
            .withConf(new PlainParquetConfiguration())
            .withType(schema)
            .build()) {
      SimpleGroupFactory groups = new SimpleGroupFactory(schema);
      for (String text : TEXTS) {
        writer.write(groups.newGroup().append("title", "ad").append("text", text));
      }
    }
    CliRunner pairs = CliRunner.run("pairs", "-q", parquet.toString());
    assertThat(pairs.exitCode).as(pairs.toString()).isZero();
    assertThat(pairs.out).startsWith("1\t3\t");

    Path clean = dir.resolve("clean.parquet");
    CliRunner dedup = CliRunner.run("dedup", "-q", "-o", clean.toString(), parquet.toString());
    assertThat(dedup.exitCode).as(dedup.toString()).isZero();
    CliRunner again = CliRunner.run("pairs", "-q", "-t", "0.01", "--exact", clean.toString());
    assertThat(again.out).isEqualTo("1\t2\t" + again.out.split("\t")[2]);

    // --id-field names a column, which must be there
    CliRunner named = CliRunner.run("pairs", "-q", "--id-field", "id", parquet.toString());
    assertThat(named.exitCode).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(named.err).contains("unknown column 'id'");
  }

  @Test
  void aCsvIdColumnIsTakenByDefaultAsJsonLinesTakeTheirIdField() throws IOException {
    Path csv =
        Files.writeString(
            dir.resolve("ads.csv"),
            "id,text\n"
                + "ad-1,\""
                + TEXTS[0]
                + "\"\nad-2,\""
                + TEXTS[1]
                + "\"\nad-3,\""
                + TEXTS[2]
                + "\"\n");
    CliRunner run = CliRunner.run("pairs", "-q", csv.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out).startsWith("ad-1\tad-3\t");

    // with several inputs, ids from a column are not made FILE#N; record numbers still are
    Path other = Files.writeString(dir.resolve("more.csv"), "text\n\"" + TEXTS[0] + " again\"\n");
    CliRunner two = CliRunner.run("pairs", "-q", "-t", "0.5", csv.toString(), other.toString());
    assertThat(two.exitCode).as(two.toString()).isZero();
    assertThat(two.out).contains(other + "#1\tad-1\t").doesNotContain(csv + "#");
  }
}
