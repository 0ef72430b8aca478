package org.neardup.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.spark.TestSpark.cli;
import static org.neardup.spark.TestSpark.spark;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.testkit.SharedData;

/**
 * {@code spark dedup --on-error skip} puts the records skipped as bad into the rejects directory,
 * never into the clean part files: the clean parts hold exactly the records of {@code ./neardup
 * dedup}'s clean file and the rejects parts those of its rejects file, byte for byte on the Kijiji
 * ads with their repeated URLs as ids, record for record on a TSV of several splits with bad lines
 * and repeated ids, and in Parquet; the summary names the directory; an existing rejects directory
 * is refused before any work. {@code --removed DIR} holds the records of the CLI's {@code
 * --removed} file.
 */
class RejectsTest {
  @TempDir Path dir;

  @Test
  void kijijiWithUrlIdsKeepsTheRepeatedUrlsOutOfTheCleanCopy() throws IOException {
    Path kijiji = SharedData.file("kijiji/dataset_rent_rome_kijiji.tsv");
    String[] options = TestSpark.kijijiOptions("--id-field", "Url Adv", "--on-error", "skip");
    Path clean = dir.resolve("clean.tsv");
    TestSpark.Run cliRun =
        cli(
            TestSpark.concat(
                TestSpark.concat(new String[] {"dedup", "-q"}, options),
                "-o",
                clean.toString(),
                kijiji.toString()));
    assertThat(cliRun.exitCode()).as(cliRun.err()).isZero();
    Path out = dir.resolve("out");
    TestSpark.Run run =
        spark(
            TestSpark.concat(
                TestSpark.concat(new String[] {"dedup"}, options),
                "-o",
                out.toString(),
                kijiji.toString()));
    assertThat(run.exitCode()).as(run.err()).isZero();

    Path rejects = dir.resolve("out.rejects");
    assertThat(concatenated(out)).isEqualTo(Files.readAllBytes(clean));
    assertThat(concatenated(rejects))
        .isEqualTo(Files.readAllBytes(dir.resolve("clean.rejects.tsv")));
    assertThat(run.err()).contains("neardup: 238 records skipped as bad -> " + rejects);
    // Each URL once in the clean copy; the 238 repeats in the rejects, after their header.
    List<String> urls = column(out, "Url Adv");
    assertThat(urls).doesNotHaveDuplicates().hasSize(1573);
    assertThat(column(rejects, "Url Adv")).hasSize(238).allMatch(urls::contains);
  }

  @Test
  void everyKindOfBadLineGoesToTheRejectsInSeveralSplits() throws IOException {
    Path input = dir.resolve("bad.tsv");
    try (Writer out = Files.newBufferedWriter(input, StandardCharsets.UTF_8)) {
      for (int i = 0; i < 600; i++) {
        String text =
            "listing number "
                + (i / 3)
                + " in the center with two rooms and a small kitchen, quiet street";
        out.write("doc" + i + "\t" + text + (i % 3 == 0 ? "" : " " + "!".repeat(i % 3)) + "\n");
        if (i % 97 == 5) {
          out.write("no-tab-here\n");
        }
        if (i % 89 == 7) {
          out.write("doc" + (i / 2) + "\ta repeated id with its own text " + i + "\n");
        }
        if (i % 101 == 9) {
          out.write("\n");
        }
      }
      out.write("empty\t   \n");
    }
    Path clean = dir.resolve("clean.tsv");
    Path cliRejects = dir.resolve("cli-rejects.tsv");
    Path cliRemoved = dir.resolve("cli-removed.tsv");
    TestSpark.Run cliRun =
        cli(
            "dedup",
            "-q",
            "--on-error",
            "skip",
            "--rejects",
            cliRejects.toString(),
            "--removed",
            cliRemoved.toString(),
            "-o",
            clean.toString(),
            input.toString());
    assertThat(cliRun.exitCode()).as(cliRun.err()).isZero();
    Path out = dir.resolve("out");
    Path rejects = dir.resolve("bad-records");
    Path removed = dir.resolve("removed");
    TestSpark.Run run =
        spark(
            "dedup",
            "--on-error",
            "skip",
            "--split-size",
            "8k",
            "--rejects",
            rejects.toString(),
            "--removed",
            removed.toString(),
            "-o",
            out.toString(),
            input.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();

    assertThat(TestSpark.partFiles(out)).hasSizeGreaterThan(2);
    assertThat(TestSpark.parts(out)).isEqualTo(TestSpark.cliOutput(clean));
    // The same records; the CLI's rejects file also carries every blank line of the input, a part
    // only those of its own split.
    List<String> rejected = records(TestSpark.parts(rejects));
    assertThat(rejected)
        .isEqualTo(records(Files.readString(cliRejects, StandardCharsets.UTF_8)))
        .contains("no-tab-here", "doc3\ta repeated id with its own text 7")
        .hasSize(7 + 7);
    assertThat(run.err())
        .contains("neardup: 14 records skipped as bad -> " + rejects)
        .contains("neardup: removed records -> " + removed);
    List<String> removedRecords = records(TestSpark.parts(removed));
    assertThat(removedRecords)
        .isEqualTo(records(Files.readString(cliRemoved, StandardCharsets.UTF_8)))
        .hasSizeGreaterThan(300)
        .doesNotContainAnyElementsOf(rejected);
    assertThat(Files.exists(dir.resolve("out.rejects"))).isFalse();
  }

  @Test
  void parquetRowsSkippedAsBadGoToParquetRejects() throws IOException {
    var session = TestSpark.session();
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      rows.add(
          RowFactory.create(
              i % 10 == 3 ? null : "k" + i, "a flat near the station number " + (i / 2)));
    }
    rows.add(RowFactory.create("k1", "the id of an earlier row"));
    Path parquet = dir.resolve("rows.parquet");
    session
        .createDataFrame(rows, new StructType().add("key", "string").add("body", "string"))
        .repartition(1)
        .write()
        .parquet(parquet.toString());
    Path out = dir.resolve("out");
    TestSpark.Run run = TestSpark.onKeyBodyParquet("dedup", parquet, out, "--on-error", "skip");
    assertThat(run.exitCode()).as(run.err()).isZero();
    List<Row> rejected =
        session.read().parquet(dir.resolve("out.rejects").toString()).collectAsList();
    assertThat(rejected)
        .extracting(r -> r.getString(1))
        .containsExactlyInAnyOrder(
            "a flat near the station number 1",
            "a flat near the station number 6",
            "a flat near the station number 11",
            "a flat near the station number 16",
            "a flat near the station number 21",
            "the id of an earlier row");
    List<Row> kept = session.read().parquet(out.toString()).collectAsList();
    assertThat(kept).extracting(r -> r.getString(0)).doesNotContainNull().doesNotHaveDuplicates();
    assertThat(kept).extracting(r -> r.getString(1)).doesNotContain("the id of an earlier row");
    assertThat(run.err())
        .contains("neardup: 6 records skipped as bad -> " + dir.resolve("out.rejects"));
  }

  @Test
  void anExistingRejectsDirectoryIsRefusedBeforeAnyWork() throws IOException {
    Path input = dir.resolve("in.tsv");
    Files.writeString(input, "a\tone text\nb\tanother text\n", StandardCharsets.UTF_8);
    Files.createDirectories(dir.resolve("out.rejects"));
    TestSpark.Run run =
        spark(
            "dedup",
            "-q",
            "--on-error",
            "skip",
            "-o",
            dir.resolve("out").toString(),
            input.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("out.rejects: already exists");
    assertThat(Files.exists(dir.resolve("out"))).isFalse();
  }

  /** The non-blank lines of {@code text}. */
  private static List<String> records(String text) {
    return text.lines().filter(line -> !line.isBlank()).toList();
  }

  /** The part files of {@code directory}, concatenated in name order. */
  private static byte[] concatenated(Path directory) throws IOException {
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    for (Path part : TestSpark.partFiles(directory)) {
      all.write(Files.readAllBytes(part));
    }
    return all.toByteArray();
  }

  /**
   * One tab-separated column of the CSV part files of {@code directory} (no field of Kijiji's holds
   * a tab).
   */
  private static List<String> column(Path directory, String name) throws IOException {
    List<String> values = new ArrayList<>();
    for (Path part : TestSpark.partFiles(directory)) {
      List<String> lines = Files.readAllLines(part, StandardCharsets.UTF_8);
      int index = List.of(lines.get(0).split("\t", -1)).indexOf(name);
      for (String line : lines.subList(1, lines.size())) {
        values.add(line.split("\t", -1)[index]);
      }
    }
    return values;
  }
}
