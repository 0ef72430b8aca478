package org.neardup.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.neardup.spark.TestSpark.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.cluster.KeepPolicy;
import org.neardup.config.PipelineConfig;
import org.neardup.input.InputException;
import org.neardup.options.Formats;
import org.neardup.shingle.ShingleConfig;
import org.neardup.testkit.SharedData;

/**
 * The DataFrame API against the CLI on the same documents: {@link NearDupSpark}'s pairs, clusters,
 * components, dedup and annotate on a frame of a generated corpus and of the shared articles, and
 * {@code ./neardup pairs|clusters|dedup} on the file, both in-process; ids of other types than
 * strings; bad rows; and which calls run Spark jobs when.
 */
class NearDupSparkTest {
  @TempDir static Path dir;
  private static Path generated;
  private static Dataset<Row> frame;

  @BeforeAll
  static void generate() throws IOException {
    generated = TestSpark.generated(dir, 3000, 42);
    frame = frame(generated, '\t');
  }

  /** A frame of {@code file}'s lines: id before the first {@code separator}, text after. */
  private static Dataset<Row> frame(Path file, char separator) throws IOException {
    List<Row> rows = new ArrayList<>();
    long n = 0;
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      int cut = line.indexOf(separator);
      rows.add(RowFactory.create(line.substring(0, cut), line.substring(cut + 1), n++));
    }
    StructType schema =
        new StructType().add("id", "string").add("text", "string").add("line", "long");
    return TestSpark.session().createDataFrame(rows, schema);
  }

  private static List<String> cliLines(String... args) throws IOException {
    Path out = dir.resolve("cli-" + System.nanoTime());
    String[] all = TestSpark.concat(TestSpark.concat(args, "-q", "-o", out.toString()));
    TestSpark.Run run = cli(all);
    assertThat(run.exitCode()).as(run.err()).isZero();
    return Files.readAllLines(out, StandardCharsets.UTF_8);
  }

  private static Set<String> lines(Dataset<Row> rows, Function<Row, String> line) {
    Set<String> all = new TreeSet<>();
    for (Row row : rows.collectAsList()) {
      assertThat(all.add(line.apply(row))).as("a repeated row %s", row).isTrue();
    }
    return all;
  }

  private static String pairLine(Row row) {
    return row.getString(0) + "\t" + row.getString(1) + "\t" + Formats.similarity(row.getDouble(2));
  }

  @Test
  void pairsAreTheCliPairs() throws IOException {
    Dataset<Row> pairs = NearDupSpark.withDefaults().pairs(frame, "id", "text");

    assertThat(pairs.columns()).containsExactly("id_a", "id_b", "similarity");
    List<String> expected = cliLines("pairs", generated.toString());
    assertThat(expected).hasSize(532);
    assertThat(lines(pairs, NearDupSparkTest::pairLine)).containsExactlyElementsOf(expected);
  }

  @Test
  void clustersAndComponentsAreTheCliClusters() throws IOException {
    NearDupSpark longest = NearDupSpark.withDefaults().withKeep(KeepPolicy.LONGEST);
    Dataset<Row> clusters = longest.clusters(frame, "id", "text");
    Dataset<Row> components = longest.components(frame, "id", "text");

    assertThat(clusters.columns()).containsExactly("cluster", "id", "role", "similarity");
    assertThat(components.columns()).containsExactly("cluster", "id", "role");
    List<String> groups = cliLines("clusters", "--keep", "longest", generated.toString());
    List<String> members =
        cliLines("clusters", "--keep", "longest", "--components", generated.toString());
    assertThat(groups).hasSizeGreaterThan(700);
    assertThat(members).hasSizeGreaterThan(700);
    assertThat(
            lines(
                clusters,
                r ->
                    String.join("\t", r.getString(0), r.getString(1), r.getString(2))
                        + "\t"
                        + Formats.similarity(r.getDouble(3))))
        .containsExactlyInAnyOrderElementsOf(groups);
    assertThat(
            lines(
                components, r -> String.join("\t", r.getString(0), r.getString(1), r.getString(2))))
        .containsExactlyInAnyOrderElementsOf(members);
  }

  @Test
  void dedupKeepsTheRowsTheCliKeepsWithTheirColumns() throws IOException {
    Dataset<Row> clean = NearDupSpark.withDefaults().dedup(frame, "id", "text");

    assertThat(clean.schema()).isEqualTo(frame.schema());
    List<String> kept = cliLines("dedup", generated.toString());
    assertThat(kept.size()).isBetween(2000, 2950);
    Set<String> expected = new TreeSet<>();
    kept.forEach(line -> expected.add(line.substring(0, line.indexOf('\t'))));
    List<Row> rows = clean.collectAsList();
    assertThat(lines(clean, r -> r.getString(0))).isEqualTo(expected);
    assertThat(rows)
        .allSatisfy(r -> assertThat(r.getString(1)).isNotEmpty())
        .allSatisfy(r -> assertThat(r.getLong(2)).isBetween(0L, 2999L));
  }

  @Test
  void annotateAddsWhatTheCliAdds() throws IOException {
    Dataset<Row> annotated =
        NearDupSpark.withDefaults().withKeep(KeepPolicy.SHORTEST).annotate(frame, "id", "text");

    assertThat(annotated.columns())
        .containsExactly("id", "text", "line", "duplicate_of", "similarity", "cluster_size");
    List<String> expected =
        cliLines("dedup", "--keep", "shortest", "--annotate", generated.toString());
    assertThat(expected).hasSize(3000);
    Set<String> cliFields = new TreeSet<>();
    for (String line : expected) {
      String[] f = line.split("\t", -1);
      cliFields.add(f[0] + "\t" + f[2] + "\t" + f[3] + "\t" + f[4]);
    }
    Set<String> apiFields =
        lines(
            annotated,
            r ->
                r.getString(0)
                    + "\t"
                    + (r.isNullAt(3) ? "" : r.getString(3))
                    + "\t"
                    + (r.isNullAt(4) ? "" : Formats.similarity(r.getDouble(4)))
                    + "\t"
                    + (r.isNullAt(5) ? "" : Long.toString(r.getLong(5))));
    assertThat(apiFields).isEqualTo(cliFields);
    assertThat(apiFields).filteredOn(f -> f.endsWith("\t")).hasSizeGreaterThan(50); // removed
    assertThat(apiFields)
        .filteredOn(f -> !f.endsWith("\t") && !f.endsWith("\t1")) // kept for others too
        .isNotEmpty();
    assertThat(annotated.agg(functions.sum("cluster_size")).first().getLong(0)).isEqualTo(3000);
  }

  @Test
  void theArticlesAreTheCliPairsWithTheirOwnSettings() throws IOException {
    Path articles = SharedData.file("articles/articles_2500.train");
    PipelineConfig config = PipelineConfig.builder().shingle(ShingleConfig.chars(9)).build();
    Dataset<Row> pairs = NearDupSpark.of(config).pairs(frame(articles, ' '), "id", "text");

    List<String> expected =
        cliLines("pairs", "--format", "lines", "--shingle", "char:9", articles.toString());
    assertThat(expected).hasSize(20);
    assertThat(lines(pairs, NearDupSparkTest::pairLine)).containsExactlyElementsOf(expected);
  }

  @Test
  void idsOfAnyTypeAreReadAsTheirStrings() throws IOException {
    // the generated corpus with the line numbers as ids, as a file and as a long column
    Path numbered = dir.resolve("numbered.tsv");
    List<String> lines = new ArrayList<>();
    long n = 0;
    for (String line : Files.readAllLines(generated, StandardCharsets.UTF_8)) {
      lines.add((1_000_000_000_000L + n++) + line.substring(line.indexOf('\t')));
    }
    Files.write(numbered, lines, StandardCharsets.UTF_8);
    Dataset<Row> byLine =
        frame.withColumn("id", frame.col("line").plus(1_000_000_000_000L)).drop("line");
    assertThat(byLine.schema().apply("id").dataType()).isEqualTo(DataTypes.LongType);

    assertThat(
            lines(
                NearDupSpark.withDefaults().pairs(byLine, "id", "text"),
                NearDupSparkTest::pairLine))
        .containsExactlyElementsOf(cliLines("pairs", numbered.toString()))
        .hasSize(532);
    Set<String> kept = new TreeSet<>();
    cliLines("dedup", numbered.toString())
        .forEach(line -> kept.add(line.substring(0, line.indexOf('\t'))));
    assertThat(
            lines(
                NearDupSpark.withDefaults().dedup(byLine, "id", "text"),
                r -> Long.toString(r.getLong(0))))
        .isEqualTo(kept);
  }

  @Test
  void aBadRowFailsTheCallNamingItUnlessSkipped() {
    SparkSession spark = TestSpark.session();
    StructType schema = new StructType().add("id", "string").add("text", "string");
    Dataset<Row> bad =
        spark.createDataFrame(
            List.of(
                RowFactory.create("a", "the same words again and again"),
                RowFactory.create("b", null),
                RowFactory.create("c", "the same words again and again")),
            schema);

    assertThatThrownBy(() -> NearDupSpark.withDefaults().pairs(bad, "id", "text"))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("record without text (column 'text' is null, id 'b')");
    assertThatThrownBy(() -> NearDupSpark.withDefaults().pairs(bad, "id", "body"))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("unknown column 'body' (columns: id, text)");
    assertThat(
            NearDupSpark.withDefaults()
                .withOnError(org.neardup.input.OnError.SKIP)
                .pairs(bad, "id", "text")
                .collectAsList())
        .extracting(Row::toString)
        .containsExactly("[a,c,1.0]");
  }

  @Test
  void pairsRunsItsJobsWhenAnActionDoes() {
    SparkSession spark = TestSpark.session();
    String group = "pairs-" + System.nanoTime();
    spark.sparkContext().setJobGroup(group, "laziness", false);
    try {
      Dataset<Row> pairs = NearDupSpark.withDefaults().pairs(frame, "id", "text");
      int whenCalled = spark.sparkContext().statusTracker().getJobIdsForGroup(group).length;
      assertThat(pairs.count()).isEqualTo(532);
      int afterAction = spark.sparkContext().statusTracker().getJobIdsForGroup(group).length;

      assertThat(whenCalled).as("read and sign, check ids").isEqualTo(2);
      assertThat(afterAction).isGreaterThan(whenCalled);
    } finally {
      spark.sparkContext().clearJobGroup();
    }
  }
}
