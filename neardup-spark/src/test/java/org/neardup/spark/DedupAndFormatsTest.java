package org.neardup.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.spark.TestSpark.cli;
import static org.neardup.spark.TestSpark.onKeyBodyParquet;
import static org.neardup.spark.TestSpark.parts;
import static org.neardup.spark.TestSpark.spark;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.format.SignatureFile;
import org.neardup.options.Formats;
import org.neardup.testkit.SharedData;

/**
 * The deduplicated copy equals {@code ./neardup dedup}'s byte for byte (TSV in several splits, the
 * Kijiji CSV, JSON Lines); Parquet input gives the pairs of the same records as text; Parquet
 * output holds the text output's rows, and annotated, the CLI's annotations; signature files hold
 * the entries of {@code ./neardup sign} (byte-identical sketches) and, read back by {@code
 * ./neardup pairs --signatures}, give the same pairs.
 */
class DedupAndFormatsTest {
  @TempDir static Path dir;
  private static Path generated;

  @BeforeAll
  static void generate() {
    generated = TestSpark.generated(dir, 2000, 5);
  }

  @Test
  void dedupOfTsvInSeveralSplitsIsTheCliCopy() throws IOException {
    assertSameDedup(generated, "tsv", new String[] {"--keep", "longest"}, "--split-size", "64k");
  }

  @Test
  void dedupWithComponentsIsTheCliCopy() throws IOException {
    assertSameDedup(
        generated, "tsv-components", new String[] {"--components", "--keep", "shortest"});
  }

  @Test
  void dedupOfKijijiCsvIsTheCliCopy() throws IOException {
    Path kijiji = SharedData.file("kijiji/dataset_rent_rome_kijiji.tsv");
    assertSameDedup(kijiji, "kijiji", TestSpark.kijijiOptions("--shingle", "char:10"));
  }

  @Test
  void dedupOfJsonLinesIsTheCliCopy() throws IOException {
    Path jsonl = TestSpark.asJsonLines(generated, dir.resolve("generated.jsonl"));
    assertSameDedup(
        jsonl,
        "jsonl",
        new String[] {"--id-field", "doc", "--text-field", "body"},
        "--split-size",
        "100k");
  }

  /** The generated corpus as a Parquet file of (key, body) rows, written once. */
  private static synchronized Path generatedParquet() throws IOException {
    Path parquet = dir.resolve("generated.parquet");
    if (Files.exists(parquet)) {
      return parquet;
    }
    List<Row> rows = new ArrayList<>();
    for (String line : Files.readAllLines(generated, StandardCharsets.UTF_8)) {
      int tab = line.indexOf('\t');
      rows.add(RowFactory.create(line.substring(0, tab), line.substring(tab + 1)));
    }
    StructType schema = new StructType().add("key", "string").add("body", "string");
    TestSpark.session()
        .createDataFrame(rows, schema)
        .repartition(1)
        .write()
        .parquet(parquet.toString());
    return parquet;
  }

  @Test
  void parquetInputGivesThePairsOfTheSameRecords() throws IOException {
    SparkSession spark = TestSpark.session();
    Path parquet = generatedParquet();

    Path expected = dir.resolve("expected-pairs.tsv");
    assertThat(cli("pairs", "-q", "-o", expected.toString(), generated.toString()).exitCode())
        .isZero();
    Path out = dir.resolve("parquet-pairs");
    TestSpark.Run run = onKeyBodyParquet("pairs", parquet, out, "--output-format", "parquet");
    assertThat(run.exitCode()).as(run.err()).isZero();
    List<Row> pairs = readInNameOrder(spark, out);
    assertThat(pairs.get(0).schema().fieldNames()).containsExactly("id_a", "id_b", "similarity");
    List<String> lines =
        pairs.stream()
            .map(
                r ->
                    r.getString(0)
                        + "\t"
                        + r.getString(1)
                        + "\t"
                        + Formats.similarity(r.getDouble(2)))
            .toList();
    assertThat(String.join("\n", lines) + "\n").isEqualTo(TestSpark.cliOutput(expected));

    Path dedup = dir.resolve("parquet-dedup");
    assertThat(onKeyBodyParquet("dedup", parquet, dedup, "-q").exitCode()).isZero();
    Path cliDedup = dir.resolve("cli-dedup.tsv");
    assertThat(cli("dedup", "-q", "-o", cliDedup.toString(), generated.toString()).exitCode())
        .isZero();
    List<String> kept =
        readInNameOrder(spark, dedup).stream()
            .map(r -> r.getString(0) + "\t" + r.getString(1))
            .toList();
    assertThat(kept).containsExactlyElementsOf(TestSpark.cliOutput(cliDedup).lines().toList());

    Path again = dir.resolve("parquet-dedup-again");
    assertThat(onKeyBodyParquet("dedup", parquet, again, "-q").exitCode()).isZero();
    Map<String, byte[]> first = visibleFiles(dedup);
    assertThat(first.keySet())
        .contains("_SUCCESS")
        .allMatch(
            name -> name.equals("_SUCCESS") || name.matches("part-\\d{5}-c\\d{3}\\..*parquet"));
    Map<String, byte[]> second = visibleFiles(again);
    assertThat(second.keySet()).isEqualTo(first.keySet());
    first.forEach((name, bytes) -> assertThat(second.get(name)).as(name).isEqualTo(bytes));
  }

  @Test
  void annotatedParquetHoldsTheCliAnnotations() throws IOException {
    Path annotated = dir.resolve("parquet-annotated");
    TestSpark.Run run =
        onKeyBodyParquet(
            "dedup", generatedParquet(), annotated, "-q", "--annotate", "--keep", "longest");
    assertThat(run.exitCode()).as(run.err()).isZero();
    Path expected = dir.resolve("cli-annotated.tsv");
    assertThat(
            cli(
                    "dedup",
                    "-q",
                    "--annotate",
                    "--keep",
                    "longest",
                    "-o",
                    expected.toString(),
                    generated.toString())
                .exitCode())
        .isZero();
    List<Row> rows = readInNameOrder(TestSpark.session(), annotated);
    assertThat(rows.get(0).schema().fieldNames())
        .containsExactly("key", "body", "duplicate_of", "similarity", "cluster_size");
    List<String> lines =
        rows.stream()
            .map(
                r ->
                    String.join(
                        "\t",
                        r.getString(0),
                        r.getString(1),
                        r.isNullAt(2) ? "" : r.getString(2),
                        r.isNullAt(3) ? "" : Formats.similarity(r.getDouble(3)),
                        r.isNullAt(4) ? "" : Long.toString(r.getLong(4))))
            .toList();
    assertThat(lines).containsExactlyElementsOf(TestSpark.cliOutput(expected).lines().toList());
    assertThat(lines).anyMatch(line -> !line.endsWith("\t")).anyMatch(line -> line.endsWith("\t"));

    Path clashing = dir.resolve("clashing.parquet");
    TestSpark.session()
        .createDataFrame(
            List.of(RowFactory.create("a", "some text", 1L)),
            new StructType().add("key", "string").add("body", "string").add("cluster_size", "long"))
        .write()
        .parquet(clashing.toString());
    Path refused = dir.resolve("clashing-annotated");
    TestSpark.Run clash = onKeyBodyParquet("dedup", clashing, refused, "-q", "--annotate");
    assertThat(clash.exitCode()).isEqualTo(2);
    assertThat(clash.err())
        .contains("clashing.parquet")
        .contains("has a column 'cluster_size' already, which --annotate adds");
    assertThat(refused).doesNotExist();
  }

  /** The files of {@code directory} but the hidden ones (Hadoop's checksums), by name. */
  private static Map<String, byte[]> visibleFiles(Path directory) throws IOException {
    Map<String, byte[]> files = new TreeMap<>();
    try (Stream<Path> paths = Files.list(directory)) {
      for (Path path : paths.toList()) {
        String name = path.getFileName().toString();
        if (!name.startsWith(".")) {
          files.put(name, Files.readAllBytes(path));
        }
      }
    }
    return files;
  }

  @Test
  void signatureFilesGiveThePairsOfTheText() throws IOException {
    Path pairs = dir.resolve("sig-pairs");
    Path signatures = dir.resolve("signatures");
    TestSpark.Run run =
        spark(
            "pairs",
            "--split-size",
            "200k",
            "--signatures-out",
            signatures.toString(),
            "-o",
            pairs.toString(),
            generated.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    List<String> args = new ArrayList<>(List.of("pairs", "-q"));
    List<String> entries = new ArrayList<>();
    for (Path part : TestSpark.partFiles(signatures)) {
      args.add("--signatures");
      args.add(part.toString());
      entries.addAll(entries(part));
    }
    assertThat(TestSpark.partFiles(signatures)).hasSizeGreaterThan(1);
    // Byte-identical sketches: the entries of ./neardup sign on the same input, in the same order.
    Path signed = dir.resolve("signed.nds");
    assertThat(cli("sign", "-q", "-o", signed.toString(), generated.toString()).exitCode())
        .isZero();
    assertThat(entries).hasSize(2000).isEqualTo(entries(signed));
    TestSpark.Run fromSignatures = cli(args.toArray(String[]::new));
    assertThat(fromSignatures.exitCode()).as(fromSignatures.err()).isZero();
    assertThat(fromSignatures.out().lines().count()).as("the CLI's pairs").isPositive();
    assertThat(fromSignatures.out()).isEqualTo(parts(pairs));
  }

  /** The entries of a signature file, each as one string of all its fields. */
  private static List<String> entries(Path file) throws IOException {
    List<String> entries = new ArrayList<>();
    try (var reader = SignatureFile.read(Files.newInputStream(file), file.toString())) {
      for (SignatureFile.Entry e; (e = reader.next()) != null; ) {
        entries.add(
            e.id()
                + " "
                + e.textLength()
                + " "
                + Arrays.toString(e.signature())
                + " "
                + Arrays.toString(e.shingleSet()));
      }
    }
    return entries;
  }

  /**
   * The rows of a Parquet output, part file by part file in name order (Spark's reader orders files
   * by size).
   */
  private static List<Row> readInNameOrder(SparkSession spark, Path directory) throws IOException {
    List<Row> rows = new ArrayList<>();
    for (Path part : TestSpark.partFiles(directory)) {
      Dataset<Row> frame = spark.read().parquet(part.toString());
      rows.addAll(frame.collectAsList());
    }
    return rows;
  }

  private static void assertSameDedup(
      Path input, String name, String[] options, String... sparkOnly) throws IOException {
    Path expected = dir.resolve(name + "-dedup.cli");
    List<String> cliArgs = new ArrayList<>(List.of("dedup", "-q"));
    cliArgs.addAll(List.of(options));
    cliArgs.addAll(List.of("-o", expected.toString(), input.toString()));
    TestSpark.Run cliRun = cli(cliArgs.toArray(String[]::new));
    assertThat(cliRun.exitCode()).as(cliRun.err()).isZero();
    Path output = dir.resolve(name + "-dedup.spark");
    List<String> sparkArgs = new ArrayList<>(List.of("dedup", "-q"));
    sparkArgs.addAll(List.of(options));
    sparkArgs.addAll(List.of(sparkOnly));
    sparkArgs.addAll(List.of("-o", output.toString(), input.toString()));
    TestSpark.Run sparkRun = spark(sparkArgs.toArray(String[]::new));
    assertThat(sparkRun.exitCode()).as(sparkRun.err()).isZero();
    byte[] expectedBytes = Files.readAllBytes(expected);
    java.io.ByteArrayOutputStream actual = new java.io.ByteArrayOutputStream();
    for (Path part : TestSpark.partFiles(output)) {
      actual.write(Files.readAllBytes(part));
    }
    assertThat(actual.toByteArray()).isEqualTo(expectedBytes);
    assertThat(Files.size(expected)).isLessThan(Files.size(input));
  }
}
