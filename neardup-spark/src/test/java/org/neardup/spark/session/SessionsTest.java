package org.neardup.spark.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.SparkConf;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The session's settings: master, application name, the job's jar shipped off local, the executors'
 * JIT options.
 */
class SessionsTest {
  private static final Path JAR = Path.of("/opt/neardup/lib/neardup-spark.jar");

  @AfterEach
  void clearSubmitSettings() {
    System.clearProperty("spark.app.name");
    System.clearProperty("spark.jars");
    System.clearProperty("spark.master");
    System.clearProperty("spark.executor.defaultJavaOptions");
  }

  @Test
  void onAStandaloneMasterTheJobsJarIsShippedAndTheApplicationNamedAfterTheCommand() {
    SparkConf conf =
        Sessions.conf(
            "clusters",
            "spark://master:7077",
            Map.of("spark.executor.memory", "2g"),
            Optional.of(JAR));

    assertThat(conf.get("spark.master")).isEqualTo("spark://master:7077");
    assertThat(conf.get("spark.jars")).isEqualTo("file:///opt/neardup/lib/neardup-spark.jar");
    assertThat(conf.get("spark.app.name")).isEqualTo("neardup clusters");
    assertThat(conf.get("spark.executor.memory")).isEqualTo("2g");
    assertThat(conf.get("spark.executor.defaultJavaOptions"))
        .isEqualTo(Sessions.EXECUTOR_JIT_OPTIONS)
        .contains("-XX:MaxInlineLevel=9");
  }

  @Test
  void executorJavaOptionsSetBySpark_submitOrTheUserAreKeptAndLocalSetsNone() {
    SparkConf given =
        Sessions.conf(
            "pairs",
            "spark://master:7077",
            Map.of("spark.executor.defaultJavaOptions", ""),
            Optional.of(JAR));
    SparkConf local = Sessions.conf("pairs", "local[2]", Map.of(), Optional.of(JAR));
    System.setProperty("spark.executor.defaultJavaOptions", "-XX:+UseZGC");
    SparkConf submitted = Sessions.conf("pairs", "yarn", Map.of(), Optional.of(JAR));

    assertThat(given.get("spark.executor.defaultJavaOptions")).isEmpty();
    assertThat(local.contains("spark.executor.defaultJavaOptions")).isFalse();
    assertThat(submitted.get("spark.executor.defaultJavaOptions")).isEqualTo("-XX:+UseZGC");
  }

  @Test
  void theExecutorsJitOptionsAreTheOnesTheLauncherStartsTheDriverWith() throws IOException {
    String launcher = Files.readString(Path.of("..", "neardup"), StandardCharsets.UTF_8);
    Matcher jit = Pattern.compile("spark_jit=\\(([^)]*)\\)").matcher(launcher);

    assertThat(jit.find()).as("spark_jit=(...) in the launcher").isTrue();
    assertThat(jit.group(1).strip().split("\\s+"))
        .containsExactly(Sessions.EXECUTOR_JIT_OPTIONS.split(" "));
  }

  @Test
  void spark_submitsPrimaryJarIsNotAddedTwiceAndItsClassNameGivesWayToTheCommand() {
    // What spark-submit sets: the jar it was given, the application named after the main class.
    System.setProperty("spark.master", "spark://master:7077");
    System.setProperty("spark.jars", "file:/home/me/neardup-spark.jar,hdfs:///libs/extra.jar");
    System.setProperty("spark.app.name", "org.neardup.spark.SparkMain");

    SparkConf conf = Sessions.conf("dedup", null, Map.of(), Optional.of(JAR));

    assertThat(conf.get("spark.jars"))
        .isEqualTo("file:/home/me/neardup-spark.jar,hdfs:///libs/extra.jar");
    assertThat(conf.get("spark.app.name")).isEqualTo("neardup dedup");
  }

  @Test
  void aNameTheUserGaveIsKeptAndLocalNeedsNoJar() {
    System.setProperty("spark.app.name", "nightly dedup");

    SparkConf conf = Sessions.conf("pairs", null, Map.of(), Optional.of(JAR));

    assertThat(conf.get("spark.app.name")).isEqualTo("nightly dedup");
    assertThat(conf.get("spark.master")).isEqualTo("local[*]");
    assertThat(conf.contains("spark.jars")).isFalse();
  }
}
