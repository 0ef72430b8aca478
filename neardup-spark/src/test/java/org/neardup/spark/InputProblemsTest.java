package org.neardup.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.spark.TestSpark.cli;
import static org.neardup.spark.TestSpark.concat;
import static org.neardup.spark.TestSpark.parts;
import static org.neardup.spark.TestSpark.spark;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input gets the CLI's treatment: the same one-line message naming file and line (also past the
 * first split) and exit code 2 under {@code --on-error fail}; the same pairs and counts under
 * {@code skip}; a missing input, an existing output directory and {@code --exact} are exit 2.
 */
class InputProblemsTest {
  @TempDir Path dir;

  private Path corpus(String badLine, int badAt) throws IOException {
    Path input = dir.resolve("bad.tsv");
    try (Writer out = Files.newBufferedWriter(input, StandardCharsets.UTF_8)) {
      for (int i = 0; i < 400; i++) {
        if (i == badAt) {
          out.write(badLine + "\n");
        }
        String text =
            "listing number "
                + (i / 2)
                + " in the center with two rooms and a small kitchen, quiet street";
        out.write("doc" + i + "\t" + text + (i % 2 == 0 ? "" : " !") + "\n");
      }
      out.write("empty\t   \n");
    }
    return input;
  }

  /**
   * The job's pairs of {@code input} in 4 KiB splits, so that a record late in it is in a later
   * split.
   */
  private static TestSpark.Run pairsInSmallSplits(Path input, Path out, String... options) {
    return spark(
        concat(
            concat(new String[] {"pairs"}, options),
            "--split-size",
            "4k",
            "-o",
            out.toString(),
            input.toString()));
  }

  @Test
  void aRecordWithoutTextFailsWithTheCliMessage() throws IOException {
    Path input = corpus("no-tab-here", 300);
    TestSpark.Run expected = cli("pairs", "-q", input.toString());
    TestSpark.Run run = pairsInSmallSplits(input, dir.resolve("out"), "-q");
    assertThat(expected.exitCode()).isEqualTo(2);
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip())
        .isEqualTo(expected.err().strip())
        .contains(":301: record without text");
  }

  @Test
  void aDuplicateIdFailsWithTheCliMessage() throws IOException {
    Path input = corpus("doc7\tanother text", 250);
    TestSpark.Run expected = cli("pairs", "-q", input.toString());
    TestSpark.Run run = pairsInSmallSplits(input, dir.resolve("out"), "-q");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip()).isEqualTo(expected.err().strip()).contains("duplicate id 'doc7'");
  }

  @Test
  void skippedRecordsGiveTheCliPairsAndCounts() throws IOException {
    Path input = corpus("doc7\tanother text", 250);
    TestSpark.Run expected = cli("pairs", "--on-error", "skip", input.toString());
    Path out = dir.resolve("skip");
    TestSpark.Run run = pairsInSmallSplits(input, out, "--on-error", "skip");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(parts(out)).isEqualTo(expected.out());
    assertThat(run.err())
        .contains("neardup: skipped 1 record: duplicate id")
        .contains("neardup: skipped 1 record: empty document");
  }

  @Test
  void usageProblemsExitTwo() throws IOException {
    Path input = corpus("x\ty", 0);
    TestSpark.Run missing =
        spark("pairs", "-o", dir.resolve("a").toString(), dir.resolve("nope.tsv").toString());
    assertThat(missing.exitCode()).isEqualTo(2);
    assertThat(missing.err()).contains("nope.tsv: no such file");
    Files.createDirectories(dir.resolve("exists"));
    TestSpark.Run exists = spark("pairs", "-o", dir.resolve("exists").toString(), input.toString());
    assertThat(exists.exitCode()).isEqualTo(2);
    assertThat(exists.err()).contains("already exists");
    TestSpark.Run exact =
        spark("pairs", "--exact", "-o", dir.resolve("b").toString(), input.toString());
    assertThat(exact.exitCode()).isEqualTo(2);
    assertThat(exact.err()).contains("--exact is not supported");
  }

  @Test
  void anIdWithAControlCharacterFailsWithTheCliMessage() throws IOException {
    Path input = corpus("doc\u001b[2Jx\tsome text", 300);
    TestSpark.Run expected = cli("pairs", "-q", input.toString());
    TestSpark.Run run = pairsInSmallSplits(input, dir.resolve("out"), "-q");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip())
        .isEqualTo(expected.err().strip())
        .contains(
            ":301: invalid id 'doc\\u001B[2Jx' (it holds the control character U+001B at character"
                + " 4)");
  }

  /** Parquet has its own reader: its ids follow the same rule. */
  @Test
  void parquetIdsFollowTheSameRule() throws IOException {
    String text = "listing in the center with two rooms and a small kitchen, quiet street";
    List<Row> rows =
        List.of(
            RowFactory.create("ok1", text),
            RowFactory.create("vt\u000b", text),
            RowFactory.create("nel\u0085", text),
            RowFactory.create("x".repeat(513), text),
            RowFactory.create("ok2", text));
    Path parquet = dir.resolve("ids.parquet");
    TestSpark.session()
        .createDataFrame(rows, new StructType().add("id", "string").add("text", "string"))
        .repartition(1)
        .write()
        .parquet(parquet.toString());
    Path out = dir.resolve("out");
    TestSpark.Run run =
        spark(
            "pairs",
            "--on-error",
            "skip",
            "--format",
            "parquet",
            "-o",
            out.toString(),
            parquet.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(parts(out)).isEqualTo("ok1\tok2\t1.000000\n");
    assertThat(run.err()).contains("neardup: skipped 3 records: invalid id");
    TestSpark.Run failed =
        spark(
            "pairs",
            "--format",
            "parquet",
            "-o",
            dir.resolve("out2").toString(),
            parquet.toString());
    assertThat(failed.exitCode()).isEqualTo(2);
    assertThat(failed.err())
        .contains("invalid id 'vt\\u000B' (it holds the control character U+000B at character 3)");
  }
}
