package org.neardup.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.neardup.cli.Main;

/**
 * The one {@code local[2]} session the module's tests share (Spark allows one context a JVM), and
 * helpers to run the CLI and the job in-process and read their outputs.
 */
public final class TestSpark {
  private static SparkSession session;

  private TestSpark() {}

  /** The shared session: local[2], no UI, bound to 127.0.0.1, few shuffle partitions. */
  public static synchronized SparkSession session() {
    if (session == null) {
      session =
          SparkSession.builder()
              .master("local[2]")
              .appName("neardup-spark tests")
              .config("spark.ui.enabled", "false")
              .config("spark.driver.host", "127.0.0.1")
              .config("spark.driver.bindAddress", "127.0.0.1")
              .config("spark.sql.shuffle.partitions", "4")
              .config("spark.default.parallelism", "2")
              .getOrCreate();
      session.sparkContext().setLogLevel("WARN");
    }
    return session;
  }

  /** The result of a command run in-process. */
  public record Run(int exitCode, String out, String err) {}

  /** Runs {@code ./neardup ARGS} in-process. */
  public static Run cli(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(code, out.toString(), err.toString());
  }

  /** Runs {@code ./neardup spark ARGS} in-process, on the shared session. */
  public static Run spark(String... args) {
    session();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = SparkMain.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(code, out.toString(), err.toString());
  }

  /** The part files of {@code directory} concatenated in name order. */
  public static String parts(Path directory) throws IOException {
    StringBuilder all = new StringBuilder();
    for (Path part : partFiles(directory)) {
      all.append(Files.readString(part, StandardCharsets.UTF_8));
    }
    return all.toString();
  }

  /** The part files of {@code directory}, in name order. */
  public static List<Path> partFiles(Path directory) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      List<Path> parts =
          new ArrayList<>(
              files.filter(p -> p.getFileName().toString().startsWith("part-")).sorted().toList());
      return parts;
    }
  }

  /**
   * The text of a file the CLI wrote, after checking that it holds a line: a comparison with the
   * job's output must not pass on two empty outputs.
   */
  public static String cliOutput(Path file) throws IOException {
    String text = Files.readString(file, StandardCharsets.UTF_8);
    assertThat(text.lines().count()).as("lines the CLI wrote to %s", file).isPositive();
    return text;
  }

  /**
   * The reading options of the Kijiji listings (CSV with tabs, the title and short description as
   * the text) followed by {@code more}.
   */
  public static String[] kijijiOptions(String... more) {
    return concat(
        new String[] {
          "--format",
          "csv",
          "--delimiter",
          "tab",
          "--text-field",
          "Title",
          "--text-field",
          "Short Description"
        },
        more);
  }

  /**
   * {@code ./neardup generate --documents DOCUMENTS --seed SEED} into {@code dir/generated.tsv};
   * fails the test if the command fails.
   */
  public static Path generated(Path dir, int documents, int seed) {
    Path file = dir.resolve("generated.tsv");
    Run run =
        cli(
            "generate",
            "--documents",
            Integer.toString(documents),
            "--seed",
            Integer.toString(seed),
            "-o",
            file.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    return file;
  }

  /**
   * The TSV file {@code tsv} as JSON lines {@code {"doc": ID, "body": TEXT}} in {@code jsonl} (the
   * generated texts need no escaping).
   */
  public static Path asJsonLines(Path tsv, Path jsonl) throws IOException {
    try (Writer out = Files.newBufferedWriter(jsonl, StandardCharsets.UTF_8)) {
      for (String line : Files.readAllLines(tsv, StandardCharsets.UTF_8)) {
        int tab = line.indexOf('\t');
        out.write(
            "{\"doc\": \""
                + line.substring(0, tab)
                + "\", \"body\": \""
                + line.substring(tab + 1)
                + "\"}\n");
      }
    }
    return jsonl;
  }

  /**
   * The job's {@code command} ({@code pairs}, {@code dedup}, ...) on the (key, body) Parquet file
   * {@code parquet} into {@code output}, with {@code more} options first.
   */
  public static TestSpark.Run onKeyBodyParquet(
      String command, Path parquet, Path output, String... more) {
    List<String> args = new ArrayList<>(List.of(command));
    args.addAll(List.of(more));
    args.addAll(
        List.of(
            "--format",
            "parquet",
            "--id-field",
            "key",
            "--text-field",
            "body",
            "-o",
            output.toString(),
            parquet.toString()));
    return spark(args.toArray(String[]::new));
  }

  /** {@code args} followed by {@code more}. */
  public static String[] concat(String[] args, String... more) {
    String[] all = new String[args.length + more.length];
    System.arraycopy(args, 0, all, 0, args.length);
    System.arraycopy(more, 0, all, args.length, more.length);
    return all;
  }
}
