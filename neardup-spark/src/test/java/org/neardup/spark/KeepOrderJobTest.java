package org.neardup.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.spark.TestSpark.cli;
import static org.neardup.spark.TestSpark.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.cluster.KeepOrder;
import org.neardup.options.Formats;
import org.neardup.testkit.SharedData;

/**
 * {@code --keep field:NAME} and {@code --keep input,RULE} on the Spark job and its DataFrame API,
 * against the CLI with the same options: the Kijiji ads kept by their price (the records without
 * one are bad records, rejected under {@code --on-error skip}), and two JSON Lines inputs of a
 * generated corpus with a score of few values (ties), the earlier input first; the annotated copies
 * and the components byte for byte, the API's annotated frame field for field; a Parquet column as
 * the field, the rows kept those the CLI keeps of the same records. A keep field in a format
 * without fields, and a record without a number under {@code --on-error fail}, end the run with the
 * CLI's message.
 */
class KeepOrderJobTest {
  @TempDir static Path dir;
  private static Path first;
  private static Path second;

  @BeforeAll
  static void generate() throws IOException {
    Path generated = TestSpark.generated(dir, 1500, 45);
    List<String> lines = Files.readAllLines(generated, StandardCharsets.UTF_8);
    first = dir.resolve("first.jsonl");
    second = dir.resolve("second.jsonl");
    SplittableRandom random = new SplittableRandom(45);
    try (Writer a = Files.newBufferedWriter(first, StandardCharsets.UTF_8);
        Writer b = Files.newBufferedWriter(second, StandardCharsets.UTF_8)) {
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i);
        int tab = line.indexOf('\t');
        (i < lines.size() / 2 ? a : b)
            .write(
                "{\"id\": \""
                    + line.substring(0, tab)
                    + "\", \"score\": "
                    + (random.nextInt(4) - 1)
                    + ", \"text\": \""
                    + line.substring(tab + 1)
                    + "\"}\n");
      }
    }
  }

  @Test
  void kijijiKeptByPriceIsTheClis() throws IOException {
    Path kijiji = SharedData.file("kijiji/dataset_rent_rome_kijiji.tsv");
    String[] options =
        TestSpark.kijijiOptions(
            "--id-field",
            "Url Adv",
            "--on-error",
            "skip",
            "--keep",
            "field:Price (Euro)",
            "--annotate");
    Path expected = dir.resolve("kijiji.cli.tsv");
    TestSpark.Run cliRun =
        cli(
            TestSpark.concat(
                TestSpark.concat(new String[] {"dedup", "-q"}, options),
                "-o",
                expected.toString(),
                kijiji.toString()));
    assertThat(cliRun.exitCode()).as(cliRun.err()).isZero();
    Path output = dir.resolve("kijiji.spark");
    TestSpark.Run run =
        spark(
            TestSpark.concat(
                TestSpark.concat(new String[] {"dedup", "-q"}, options),
                "-o",
                output.toString(),
                kijiji.toString()));
    assertThat(run.exitCode()).as(run.err()).isZero();

    String annotated = TestSpark.cliOutput(expected);
    assertThat(TestSpark.parts(output)).isEqualTo(annotated);
    assertThat(TestSpark.parts(Path.of(output + ".rejects")))
        .isEqualTo(TestSpark.cliOutput(dir.resolve("kijiji.cli.rejects.tsv")));
    // 238 repeated ids and 244 prices that are no number ("Contatta l'utente") are rejected
    assertThat(Files.readAllLines(dir.resolve("kijiji.cli.rejects.tsv"))).hasSize(1 + 482);
    assertThat(annotated.lines().count()).isEqualTo(1 + 2145);
  }

  @Test
  void inputPriorityThenAScoreIsTheClis() throws IOException {
    Path expected = dir.resolve("two.cli.jsonl");
    TestSpark.Run cliRun =
        cli(
            "dedup",
            "-q",
            "--keep",
            "input,field:score",
            "--annotate",
            "-o",
            expected.toString(),
            first.toString(),
            second.toString());
    assertThat(cliRun.exitCode()).as(cliRun.err()).isZero();
    Path output = dir.resolve("two.spark");
    TestSpark.Run run =
        spark(
            "dedup",
            "-q",
            "--keep",
            "input,field:score",
            "--annotate",
            "--split-size",
            "100k",
            "-o",
            output.toString(),
            first.toString(),
            second.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    String annotated = TestSpark.cliOutput(expected);
    assertThat(TestSpark.parts(output)).isEqualTo(annotated);
    assertThat(TestSpark.partFiles(output)).hasSizeGreaterThan(2);
    // the rule decides: not the same kept set as input order
    Path firstKept = dir.resolve("two-first.cli.jsonl");
    cli(
        "dedup",
        "-q",
        "--annotate",
        "-o",
        firstKept.toString(),
        first.toString(),
        second.toString());
    assertThat(TestSpark.cliOutput(firstKept)).isNotEqualTo(annotated);

    // components choose their representative in the same order
    String[] components = {
      "clusters", "-q", "--components", "--keep", "input,field:score", "-o", null, null, null
    };
    components[7] = first.toString();
    components[8] = second.toString();
    components[6] = dir.resolve("components.cli").toString();
    cliRun = cli(components);
    assertThat(cliRun.exitCode()).as(cliRun.err()).isZero();
    String cliComponents = TestSpark.cliOutput(Path.of(components[6]));
    components[6] = dir.resolve("components.spark").toString();
    run = spark(components);
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(TestSpark.parts(Path.of(components[6]))).isEqualTo(cliComponents);

    // the API on a frame of both inputs, each row numbered with its input
    Dataset<Row> frame =
        TestSpark.session()
            .read()
            .json(first.toString())
            .withColumn("source", functions.lit(0))
            .union(
                TestSpark.session()
                    .read()
                    .json(second.toString())
                    .withColumn("source", functions.lit(1)));
    Dataset<Row> api =
        NearDupSpark.withDefaults()
            .withKeep(KeepOrder.parse("input,field:score"))
            .withInputColumn("source")
            .annotate(frame, "id", "text");
    Set<String> apiFields = new TreeSet<>();
    for (Row r : api.collectAsList()) {
      apiFields.add(
          r.getAs("id")
              + "\t"
              + (r.isNullAt(r.fieldIndex("duplicate_of")) ? "null" : r.getAs("duplicate_of"))
              + "\t"
              + (r.isNullAt(r.fieldIndex("similarity"))
                  ? "null"
                  : Formats.similarity(r.<Double>getAs("similarity")))
              + "\t"
              + (r.isNullAt(r.fieldIndex("cluster_size")) ? "null" : r.getAs("cluster_size")));
    }
    assertThat(apiFields).isEqualTo(cliFields(annotated));
  }

  @Test
  void aParquetColumnIsAKeepField() throws IOException {
    Path parquet = dir.resolve("first.parquet");
    TestSpark.session()
        .read()
        .json(first.toString())
        .coalesce(1)
        .write()
        .parquet(parquet.toString());
    Path expected = dir.resolve("first-by-score.jsonl");
    TestSpark.Run cliRun =
        cli(
            "dedup",
            "-q",
            "--keep",
            "field:score:asc",
            "--annotate",
            "-o",
            expected.toString(),
            first.toString());
    assertThat(cliRun.exitCode()).as(cliRun.err()).isZero();
    Path output = dir.resolve("first-by-score.spark");
    TestSpark.Run run =
        spark(
            "dedup",
            "-q",
            "--format",
            "parquet",
            "--keep",
            "field:score:asc",
            "-o",
            output.toString(),
            parquet.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();

    Set<String> kept = new TreeSet<>();
    for (String fields : cliFields(TestSpark.cliOutput(expected))) {
      if (fields.contains("\tnull\tnull\t")) {
        kept.add(fields.substring(0, fields.indexOf('\t')));
      }
    }
    Set<String> sparkKept = new TreeSet<>();
    TestSpark.session()
        .read()
        .parquet(output.toString())
        .collectAsList()
        .forEach(row -> assertThat(sparkKept.add(row.getAs("id"))).isTrue());
    assertThat(kept).hasSizeBetween(100, 749);
    assertThat(sparkKept).isEqualTo(kept);
  }

  /** The id and the three annotations of each JSON Lines record the CLI annotated. */
  private static Set<String> cliFields(String annotated) throws IOException {
    ObjectMapper json = new ObjectMapper();
    Set<String> fields = new TreeSet<>();
    for (String line : annotated.lines().toList()) {
      JsonNode record = json.readTree(line);
      List<String> values = new ArrayList<>();
      for (String name : List.of("id", "duplicate_of", "similarity", "cluster_size")) {
        JsonNode value = record.get(name);
        values.add(
            value.isNull()
                ? "null"
                : value.isDouble() ? Formats.similarity(value.asDouble()) : value.asText());
      }
      fields.add(String.join("\t", values));
    }
    return fields;
  }

  @Test
  void aKeepFieldNeedsFieldsAndANumberInEveryRecord() throws IOException {
    Path tsv = dir.resolve("plain.tsv");
    Files.writeString(tsv, "a\tsome words here\nb\tsome words here\n", StandardCharsets.UTF_8);
    TestSpark.Run run =
        spark(
            "dedup",
            "-q",
            "--keep",
            "field:score",
            "-o",
            dir.resolve("x").toString(),
            tsv.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .contains(tsv + ": a tsv input has no fields to keep by: --keep field:NAME reads");

    Path jsonl = dir.resolve("unscored.jsonl");
    Files.writeString(
        jsonl,
        "{\"id\": \"a\", \"score\": 1, \"text\": \"some words here\"}\n"
            + "{\"id\": \"b\", \"score\": \"high\", \"text\": \"some words here\"}\n",
        StandardCharsets.UTF_8);
    String[] args = {"dedup", "-q", "--keep", "field:score", "-o", null, jsonl.toString()};
    args[5] = dir.resolve("y").toString();
    TestSpark.Run sparkRun = spark(args);
    args[5] = dir.resolve("y.jsonl").toString();
    TestSpark.Run cliRun = cli(args);
    assertThat(sparkRun.exitCode()).isEqualTo(2);
    assertThat(cliRun.exitCode()).isEqualTo(2);
    assertThat(sparkRun.err())
        .contains(jsonl + ":2: record without a number to keep by (field 'score' is not a finite")
        .isEqualTo(cliRun.err());
  }
}
