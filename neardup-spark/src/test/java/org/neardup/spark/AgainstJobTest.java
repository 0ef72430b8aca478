package org.neardup.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.neardup.spark.TestSpark.cli;
import static org.neardup.spark.TestSpark.spark;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.config.PipelineConfig;
import org.neardup.format.SignatureFile;
import org.neardup.options.Formats;
import org.neardup.shingle.ShingleConfig;
import org.neardup.testkit.SharedData;

/**
 * {@code spark pairs|clusters|dedup --against REF} writes what {@code ./neardup ... --against REF}
 * writes, byte for byte once the parts are concatenated, with REF a text input, the signature file
 * {@code ./neardup sign} made of it and the index {@code ./neardup index build} made of it: the
 * shared articles split into OLD and NEW (with exact copies of old and new texts added to NEW), and
 * Kijiji's CSV split in two (many near-duplicates, record-number ids qualified in the reference as
 * the CLI qualifies them). {@code dedup --signatures-out} writes the kept documents only, the CLI's
 * entries, and a chain through it gives the CLI's result. A bad reference is refused with exit 2,
 * naming it.
 */
class AgainstJobTest {
  private static final String[] ARTICLES = {"--format", "lines", "--shingle", "char:9"};
  private static final String[] KIJIJI =
      TestSpark.kijijiOptions("--shingle", "char:10", "--on-error", "skip");

  @TempDir static Path dir;
  private static Path oldArticles;
  private static Path newArticles;
  private static Path laterArticles;
  private static Path oldSigned;
  private static Path oldIndex;
  private static final java.util.Set<String> oldIds = new java.util.HashSet<>();

  /**
   * OLD: every third article; NEW: the others of the first 1,800, and copies of an old and of a new
   * text under new ids; LATER: the rest, and another copy of the old text.
   */
  @BeforeAll
  static void split() throws IOException {
    List<String> lines =
        Files.readAllLines(SharedData.file("articles/articles_2500.train"), StandardCharsets.UTF_8);
    List<String> old = new ArrayList<>();
    List<String> fresh = new ArrayList<>();
    List<String> later = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      (i % 3 == 0 ? old : i < 1800 ? fresh : later).add(lines.get(i));
    }
    old.forEach(line -> oldIds.add(line.substring(0, line.indexOf(' '))));
    fresh.add("c1 " + text(old.get(5)));
    fresh.add("c2 " + text(fresh.get(7)));
    fresh.add("c3 " + text(fresh.get(7)));
    later.add("c4 " + text(old.get(5)));
    oldArticles = write("old.txt", old);
    newArticles = write("new.txt", fresh);
    laterArticles = write("later.txt", later);
    oldSigned = dir.resolve("old.nds");
    TestSpark.Run sign =
        cli(
            concat(
                concat(new String[] {"sign", "-q"}, ARTICLES),
                "-o",
                oldSigned.toString(),
                oldArticles.toString()));
    assertThat(sign.exitCode()).as(sign.err()).isZero();
    oldIndex = dir.resolve("old-index");
    TestSpark.Run build =
        cli(
            concat(
                concat(new String[] {"index", "build", "-q"}, ARTICLES),
                "--data",
                oldIndex.toString(),
                oldArticles.toString()));
    assertThat(build.exitCode()).as(build.err()).isZero();
  }

  @Test
  void articlesAgainstTextAndSignaturesAreTheClis() throws IOException {
    String pairs = sameAsCli("pairs", ARTICLES, oldArticles, newArticles, "pairs");
    // new-new and new-old pairs only: truth pairs, and the copies with their texts
    assertThat(pairs).contains("c1\t").contains("c2\tc3\t1.000000");
    assertThat(pairs.lines().map(l -> l.split("\t")).filter(l -> isOld(l[0]) && isOld(l[1])))
        .isEmpty();
    assertThat(pairs.lines().map(l -> l.split("\t")).filter(l -> isOld(l[0]) || isOld(l[1])))
        .isNotEmpty();
    String clusters = sameAsCli("clusters", ARTICLES, oldArticles, newArticles, "clusters");
    assertThat(clusters).contains("\treference\t1.000000");
    String annotated =
        sameAsCli("dedup", concat(ARTICLES, "--annotate"), oldArticles, newArticles, "annotate");
    assertThat(annotated).contains("c1 ");
    // the signature file of OLD and its index give the same bytes as OLD's text
    assertThat(sameAsCli("dedup", concat(ARTICLES, "--annotate"), oldSigned, newArticles, "nds"))
        .isEqualTo(annotated);
    assertThat(sameAsCli("dedup", concat(ARTICLES, "--annotate"), oldIndex, newArticles, "index"))
        .isEqualTo(annotated);
    assertThat(sparkAgainst("pairs", ARTICLES, oldIndex, newArticles, "index-pairs"))
        .isEqualTo(pairs);
    assertThat(sparkAgainst("clusters", ARTICLES, oldIndex, newArticles, "index-clusters"))
        .isEqualTo(clusters);
  }

  @Test
  void kijijiAgainstItsOlderHalfIsTheClis() throws IOException {
    Path kijiji = SharedData.file("kijiji/dataset_rent_rome_kijiji.tsv");
    List<String> lines = Files.readAllLines(kijiji, StandardCharsets.UTF_8);
    List<String> old = new ArrayList<>(List.of(lines.get(0)));
    List<String> fresh = new ArrayList<>(List.of(lines.get(0)));
    for (int i = 1; i < lines.size(); i++) {
      (i % 2 == 0 ? old : fresh).add(lines.get(i));
    }
    Path oldPath = write("kijiji-old.tsv", old);
    Path newPath = write("kijiji-new.tsv", fresh);
    String clusters =
        sameAsCli("clusters", concat(KIJIJI, "--keep", "longest"), oldPath, newPath, "k-clusters");
    assertThat(clusters).contains("kijiji-old.tsv#").contains("\treference\t");
    String annotated =
        sameAsCli(
            "dedup",
            concat(KIJIJI, "--annotate", "--keep", "longest"),
            oldPath,
            newPath,
            "k-dedup");
    assertThat(annotated).contains("kijiji-old.tsv#");
  }

  @Test
  void keptSignaturesAreTheClisAndChain() throws IOException {
    Path cliSigned = dir.resolve("kept.nds");
    Path cliClean = dir.resolve("chain-1.cli");
    TestSpark.Run cliRun =
        cli(
            concat(
                new String[] {"dedup", "-q"},
                concat(
                    ARTICLES,
                    "--against",
                    oldSigned.toString(),
                    "--signatures-out",
                    cliSigned.toString(),
                    "--manifest",
                    dir.resolve("chain-1.cli.json").toString(),
                    "-o",
                    cliClean.toString(),
                    newArticles.toString())));
    assertThat(cliRun.exitCode()).as(cliRun.err()).isZero();
    Path sparkSigned = dir.resolve("kept-spark");
    Path sparkClean = dir.resolve("chain-1.spark");
    TestSpark.Run sparkRun =
        spark(
            concat(
                new String[] {"dedup", "-q"},
                concat(
                    ARTICLES,
                    "--split-size",
                    "300k",
                    "--against",
                    oldSigned.toString(),
                    "--signatures-out",
                    sparkSigned.toString(),
                    "--manifest",
                    dir.resolve("chain-1.spark.json").toString(),
                    "-o",
                    sparkClean.toString(),
                    newArticles.toString())));
    assertThat(sparkRun.exitCode()).as(sparkRun.err()).isZero();
    assertThat(TestSpark.parts(sparkClean)).isEqualTo(TestSpark.cliOutput(cliClean));
    // the run's records count alike, the removals for references too, and name the reference
    com.fasterxml.jackson.databind.JsonNode cliRecord =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(dir.resolve("chain-1.cli.json").toFile());
    com.fasterxml.jackson.databind.JsonNode sparkRecord =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(dir.resolve("chain-1.spark.json").toFile());
    assertThat(sparkRecord.get("counts")).isEqualTo(cliRecord.get("counts"));
    assertThat(cliRecord.get("counts").get("removed_for_references").asLong()).isPositive();
    assertThat(sparkRecord.get("against").toString()).contains("old.nds");
    assertThat(sparkRecord.get("against").get(0).get("sha256"))
        .isEqualTo(cliRecord.get("against").get(0).get("sha256"));
    // the same entries as the CLI's file, kept documents only, in input order
    List<String> expected = entries(List.of(cliSigned));
    assertThat(expected).hasSize((int) TestSpark.cliOutput(cliClean).lines().count());
    assertThat(entries(TestSpark.partFiles(sparkSigned))).isEqualTo(expected);
    // the next run against the chain: the CLI's file on the CLI, the part files on Spark; OLD as
    // its signature file on the CLI, as its index on Spark
    Path cliNext = dir.resolve("chain-2.cli");
    TestSpark.Run cliChain =
        cli(
            concat(
                new String[] {"dedup", "-q"},
                concat(
                    ARTICLES,
                    "--annotate",
                    "--keep",
                    "longest",
                    "--against",
                    oldSigned.toString(),
                    "--against",
                    cliSigned.toString(),
                    "-o",
                    cliNext.toString(),
                    laterArticles.toString())));
    assertThat(cliChain.exitCode()).as(cliChain.err()).isZero();
    Path sparkNext = dir.resolve("chain-2.spark");
    TestSpark.Run sparkChain =
        spark(
            concat(
                new String[] {"dedup", "-q"},
                concat(
                    ARTICLES,
                    "--annotate",
                    "--keep",
                    "longest",
                    "--against",
                    oldIndex.toString(),
                    "--against",
                    sparkSigned.toString(),
                    "--manifest",
                    dir.resolve("chain-2.spark.json").toString(),
                    "-o",
                    sparkNext.toString(),
                    laterArticles.toString())));
    assertThat(sparkChain.exitCode()).as(sparkChain.err()).isZero();
    String chained = TestSpark.cliOutput(cliNext);
    assertThat(chained).contains("c4 ");
    assertThat(TestSpark.parts(sparkNext)).isEqualTo(chained);
    // the record names the index as the CLI's does, once: its path, kind and documents
    com.fasterxml.jackson.databind.JsonNode against =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(dir.resolve("chain-2.spark.json").toFile())
            .get("against");
    assertThat(against).hasSize(1 + TestSpark.partFiles(sparkSigned).size());
    com.fasterxml.jackson.databind.JsonNode index = against.get(0);
    assertThat(index.get("path").asText()).isEqualTo(oldIndex.toString());
    assertThat(index.get("kind").asText()).isEqualTo("index");
    assertThat(index.get("documents").asLong()).isEqualTo(oldIds.size());
  }

  @Test
  void theApiAgainstAFrameASignatureFileAndAnIndexGivesTheClisGroups() throws IOException {
    Path expected = dir.resolve("api-clusters.cli");
    TestSpark.Run cliRun =
        cli(
            concat(
                concat(new String[] {"clusters", "-q"}, ARTICLES),
                "--against",
                oldArticles.toString(),
                "-o",
                expected.toString(),
                newArticles.toString()));
    assertThat(cliRun.exitCode()).as(cliRun.err()).isZero();
    List<String> groups = TestSpark.cliOutput(expected).lines().sorted().toList();
    NearDupSpark nearDup =
        NearDupSpark.of(PipelineConfig.builder().shingle(ShingleConfig.chars(9)).build());
    Dataset<Row> fresh = frame(newArticles);
    NearDupSpark againstFrame = nearDup.against(frame(oldArticles), "id", "text");
    assertThat(groupLines(againstFrame.clusters(fresh, "id", "text"))).isEqualTo(groups);
    assertThat(groupLines(nearDup.against(oldSigned.toString()).clusters(fresh, "id", "text")))
        .isEqualTo(groups);
    assertThat(groupLines(nearDup.against(oldIndex.toString()).clusters(fresh, "id", "text")))
        .isEqualTo(groups);
    NearDupSpark otherThreshold =
        NearDupSpark.of(
            PipelineConfig.builder().shingle(ShingleConfig.chars(9)).threshold(0.9).build());
    assertThatThrownBy(() -> otherThreshold.against(oldIndex.toString()).pairs(fresh, "id", "text"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(oldIndex + ": made with other settings: threshold 0.8, not 0.9");
    long removed = groups.stream().filter(line -> line.contains("\tduplicate\t")).count();
    assertThat(removed).isPositive();
    assertThat(againstFrame.dedup(fresh, "id", "text").count()).isEqualTo(fresh.count() - removed);
    assertThatThrownBy(
            () -> nearDup.against(dir.resolve("nowhere").toString()).pairs(fresh, "id", "text"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("nowhere");
  }

  private static List<String> groupLines(Dataset<Row> groups) {
    return groups.collectAsList().stream()
        .map(
            row ->
                row.getString(0)
                    + "\t"
                    + row.getString(1)
                    + "\t"
                    + row.getString(2)
                    + "\t"
                    + Formats.similarity(row.getDouble(3)))
        .sorted()
        .toList();
  }

  /** A frame of a file of {@code id text} lines, in their order. */
  private static Dataset<Row> frame(Path file) throws IOException {
    List<Row> rows = new ArrayList<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      int cut = line.indexOf(' ');
      rows.add(RowFactory.create(line.substring(0, cut), line.substring(cut + 1)));
    }
    return TestSpark.session()
        .createDataFrame(rows, new StructType().add("id", "string").add("text", "string"));
  }

  @Test
  void aBadReferenceIsRefusedNamingIt() throws IOException {
    Path missing = dir.resolve("no-such.nds");
    TestSpark.Run run = sparkDedup(missing, "missing");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains(missing.toString()).contains("no such file");
    Path index = Files.createDirectories(dir.resolve("an-index"));
    Files.writeString(index.resolve("CURRENT"), "MANIFEST-000001\n");
    run = sparkDedup(index, "index");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains(index.toString()).contains("cannot open the index");
    // an index built for another threshold and banding than given: the CLI's refusal
    String[] other = concat(ARTICLES, "--threshold", "0.9", "--against", oldIndex.toString());
    TestSpark.Run cliOther =
        cli(
            concat(
                concat(new String[] {"pairs", "-q"}, other),
                "-o",
                dir.resolve("refused-other.cli").toString(),
                newArticles.toString()));
    run =
        spark(
            concat(
                concat(new String[] {"pairs", "-q"}, other),
                "-o",
                dir.resolve("refused-other").toString(),
                newArticles.toString()));
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .contains(oldIndex + ": made with other settings: threshold 0.8, not 0.9")
        .isEqualTo(cliOther.err());
    Path truncated = dir.resolve("truncated.nds");
    byte[] whole = Files.readAllBytes(oldSigned);
    Files.write(truncated, java.util.Arrays.copyOf(whole, whole.length / 2));
    run = sparkDedup(truncated, "truncated");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err()).contains(truncated.toString());
    assertThat(Files.exists(dir.resolve("refused-missing"))).isFalse();
    // a bad record of a text reference: its file and line, as the CLI says it
    Path malformed = dir.resolve("malformed.txt");
    Files.writeString(malformed, "x1 one two three four five six\nx2\n");
    run = sparkDedup(malformed, "malformed");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err()).startsWith("neardup: " + malformed + ":2: ");
  }

  private static TestSpark.Run sparkDedup(Path reference, String name) {
    return spark(
        concat(
            new String[] {"dedup", "-q"},
            concat(
                ARTICLES,
                "--against",
                reference.toString(),
                "-o",
                dir.resolve("refused-" + name).toString(),
                newArticles.toString())));
  }

  /** Runs the CLI and the job; asserts the job's parts are the CLI's bytes; returns them. */
  private static String sameAsCli(
      String command, String[] options, Path reference, Path input, String name)
      throws IOException {
    Path expected = dir.resolve(name + ".cli");
    String[] args =
        concat(
            options,
            "--against",
            reference.toString(),
            "-o",
            expected.toString(),
            input.toString());
    TestSpark.Run cliRun = cli(concat(new String[] {command, "-q"}, args));
    assertThat(cliRun.exitCode()).as(cliRun.err()).isZero();
    String text = TestSpark.cliOutput(expected);
    assertThat(sparkAgainst(command, options, reference, input, name)).isEqualTo(text);
    return text;
  }

  /** Runs the job against {@code reference}; returns its parts, concatenated. */
  private static String sparkAgainst(
      String command, String[] options, Path reference, Path input, String name)
      throws IOException {
    Path output = dir.resolve(name + ".spark");
    TestSpark.Run sparkRun =
        spark(
            concat(
                new String[] {command, "-q", "--split-size", "300k"},
                concat(
                    options,
                    "--against",
                    reference.toString(),
                    "-o",
                    output.toString(),
                    input.toString())));
    assertThat(sparkRun.exitCode()).as(sparkRun.err()).isZero();
    return TestSpark.parts(output);
  }

  /** The ids and signatures of the entries of signature files, in order. */
  private static List<String> entries(List<Path> files) throws IOException {
    List<String> entries = new ArrayList<>();
    for (Path file : files) {
      try (InputStream in = Files.newInputStream(file);
          SignatureFile.Reader reader = SignatureFile.read(in, file.toString())) {
        for (SignatureFile.Entry entry; (entry = reader.next()) != null; ) {
          entries.add(
              entry.id()
                  + " "
                  + java.util.Arrays.toString(entry.signature())
                  + " "
                  + java.util.Arrays.hashCode(entry.shingleSet()));
        }
      }
    }
    return entries;
  }

  private static boolean isOld(String id) {
    return oldIds.contains(id);
  }

  private static String text(String line) {
    return line.substring(line.indexOf(' ') + 1);
  }

  private static Path write(String name, List<String> lines) throws IOException {
    Path path = dir.resolve(name);
    Files.write(path, lines, StandardCharsets.UTF_8);
    return path;
  }

  private static String[] concat(String[] args, String... more) {
    return TestSpark.concat(args, more);
  }
}
