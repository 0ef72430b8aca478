package org.neardup.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.spark.TestSpark.cli;
import static org.neardup.spark.TestSpark.parts;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.testkit.SharedData;

/**
 * The job's jar as a cluster runs it: submitted through Spark's own {@code
 * org.apache.spark.deploy.SparkSubmit} (what the {@code spark-submit} script runs) in a child JVM
 * whose class path holds Spark's jars and nothing of neardup but the jar, in {@code local[2]}. Its
 * output equals the CLI's; an index directory as {@code --against} REF, which needs classes the jar
 * leaves out, is refused saying what to do. Runs in the integration-test phase, after the jar is
 * built.
 */
class SparkSubmitIT {
  @TempDir Path dir;

  @Test
  void submittedJarGivesTheCliPairs() throws Exception {
    Path corpus = generated(3);
    Path expected = dir.resolve("expected.tsv");
    assertThat(cli("pairs", "-q", "-o", expected.toString(), corpus.toString()).exitCode())
        .isZero();
    Path output = dir.resolve("pairs");
    submit("pairs", "--output", output.toString(), corpus.toString());
    assertThat(parts(output)).isEqualTo(TestSpark.cliOutput(expected)).isNotEmpty();
  }

  /**
   * Under Kryo, the serializer many clusters set for everything: the job's records and tallies
   * travel with Java serialization (their {@code DefaultSerializer}), and the result is the CLI's.
   */
  @Test
  void underKryoTheSubmittedJarGivesTheCliAnnotatedCopy() throws Exception {
    Path corpus = generated(4);
    Path expected = dir.resolve("expected.tsv");
    assertThat(
            cli(
                    "dedup",
                    "-q",
                    "--annotate",
                    "--keep",
                    "longest",
                    "-o",
                    expected.toString(),
                    corpus.toString())
                .exitCode())
        .isZero();
    Path output = dir.resolve("annotated");
    submit(
        "dedup",
        "--conf",
        "spark.serializer=org.apache.spark.serializer.KryoSerializer",
        "--annotate",
        "--keep",
        "longest",
        "--output",
        output.toString(),
        corpus.toString());
    assertThat(parts(output)).isEqualTo(TestSpark.cliOutput(expected)).contains("\t1\n");
  }

  @Test
  void submittedJarGivesTheCliClustersOfTheArticles() throws Exception {
    Path articles = SharedData.file("articles/articles_2500.train");
    Path expected = dir.resolve("expected.tsv");
    assertThat(
            cli(
                    "clusters",
                    "-q",
                    "--format",
                    "lines",
                    "--shingle",
                    "char:9",
                    "-o",
                    expected.toString(),
                    articles.toString())
                .exitCode())
        .isZero();
    Path output = dir.resolve("clusters");
    submit(
        "clusters",
        "--format",
        "lines",
        "--shingle",
        "char:9",
        "--output",
        output.toString(),
        articles.toString());
    assertThat(parts(output)).isEqualTo(TestSpark.cliOutput(expected)).hasLineCount(40);
  }

  @Test
  void anIndexAgainstWithoutTheIndexClassesIsRefusedSayingWhatToDo() throws Exception {
    Path corpus = generated(5);
    Path index = dir.resolve("old-index");
    assertThat(
            cli("index", "build", "-q", "--data", index.toString(), corpus.toString()).exitCode())
        .isZero();
    Submitted refused =
        submitted(
            "pairs",
            "--against",
            index.toString(),
            "--output",
            dir.resolve("refused").toString(),
            corpus.toString());
    assertThat(refused.exitCode()).as(refused.output()).isEqualTo(2);
    assertThat(refused.output())
        .contains("neardup: " + index + ": an index directory as --against reference needs")
        .contains("--driver-class-path")
        .contains("neardup index export --data " + index + " -o FILE.nds")
        .doesNotContain("Exception");
    assertThat(dir.resolve("refused")).doesNotExist();
  }

  @Test
  void theJarHoldsTheSharedOptionsAndNothingOfTheCommandLineNorTheService() throws IOException {
    try (JarFile jar = new JarFile(System.getProperty("neardup.spark.jar"))) {
      List<String> names = jar.stream().map(JarEntry::getName).toList();
      assertThat(names)
          .contains(
              "org/neardup/options/PipelineMixin.class",
              "org/neardup/options/UsageException.class");
      assertThat(names)
          .noneMatch(
              name ->
                  name.startsWith("org/neardup/cli/")
                      || name.startsWith("org/neardup/server/")
                      || name.startsWith("org/rocksdb/"));
    }
  }

  /** A generated corpus of 2,000 documents from {@code seed}. */
  private Path generated(int seed) {
    Path corpus = dir.resolve("generated.tsv");
    assertThat(
            cli(
                    "generate",
                    "--documents",
                    "2000",
                    "--seed",
                    Integer.toString(seed),
                    "-o",
                    corpus.toString())
                .exitCode())
        .isZero();
    return corpus;
  }

  private void submit(String... args) throws IOException, InterruptedException {
    Submitted submitted = submitted(args);
    assertThat(submitted.exitCode()).as(submitted.output()).isZero();
    assertThat(submitted.output()).contains("neardup: job").doesNotContain("Exception");
  }

  /** A submission's exit code and what it printed. */
  private record Submitted(int exitCode, String output) {}

  /**
   * Runs {@code spark-submit --master local[2] --class SparkMain neardup-spark.jar ARGS} in a child
   * JVM whose class path is Spark's: the launcher's without what it adds for index references
   * (neardup-server, RocksDB), as a Spark installation has.
   */
  private Submitted submitted(String... args) throws IOException, InterruptedException {
    Path jar = Path.of(System.getProperty("neardup.spark.jar"));
    String launcherClasspath =
        Files.readString(Path.of(System.getProperty("neardup.spark.classpath"))).strip();
    String sparkClasspath =
        String.join(
            File.pathSeparator,
            Arrays.stream(launcherClasspath.split(File.pathSeparator))
                .filter(entry -> !entry.contains("neardup-server") && !entry.contains("rocksdbjni"))
                .toList());
    assertThat(jar).isRegularFile();
    assertThat(sparkClasspath)
        .contains("spark-core_2.13")
        .doesNotContain("neardup-")
        .doesNotContain("hash4j");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of(System.getProperty("neardup.spark.jvmOptions").trim().split("\\s+")));
    command.add("-Xmx1g");
    command.add("-Dlog4j2.configurationFile=" + System.getProperty("log4j2.configurationFile"));
    command.addAll(
        List.of(
            "-cp",
            sparkClasspath,
            "org.apache.spark.deploy.SparkSubmit",
            "--master",
            "local[2]",
            "--conf",
            "spark.ui.enabled=false",
            "--conf",
            "spark.driver.host=127.0.0.1",
            "--conf",
            "spark.driver.bindAddress=127.0.0.1",
            "--class",
            "org.neardup.spark.SparkMain",
            jar.toString()));
    command.addAll(List.of(args));
    Path log = dir.resolve("submit.log");
    Process process =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    boolean finished = process.waitFor(10, TimeUnit.MINUTES);
    if (!finished) {
      process.destroyForcibly();
    }
    String output = Files.readString(log, StandardCharsets.UTF_8);
    assertThat(finished).as(output).isTrue();
    assertThat(String.join(File.pathSeparator, command))
        .doesNotContain("neardup-cli/target/classes");
    return new Submitted(process.exitValue(), output);
  }
}
