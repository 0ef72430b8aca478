package org.neardup.bench.e2e;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.neardup.bench.contender.BenchSettings;
import org.neardup.bench.contender.Contender;
import org.neardup.bench.contender.Contenders;
import org.neardup.eval.IdPair;
import org.neardup.io.PairFile;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The end-to-end benchmark: runs each contender on one corpus with one set of settings, each in a
 * fresh JVM, the exact answer first; prints a Markdown table to stdout and writes JSON. Progress
 * goes to stderr. Exit code 0, or 1 when the exact answer could not be computed.
 */
@Command(
    name = "EndToEnd",
    mixinStandardHelpOptions = true,
    description =
        "Runs neardup and peer systems on one corpus, each in its own JVM, and scores them against"
            + " the exact answer.")
public final class EndToEnd implements Callable<Integer> {
  @Mixin SettingsOptions settingsOptions;

  @Option(
      names = "--contenders",
      split = ",",
      paramLabel = "NAME",
      description =
          "Contenders to run, in order (the truth, neardup-exact, always runs first). Default:"
              + " all.")
  List<String> contenderNames;

  @Option(
      names = "--timeout",
      defaultValue = "1800",
      paramLabel = "SECONDS",
      description = "Kill a contender after this long. Default: ${DEFAULT-VALUE}.")
  long timeoutSeconds;

  @Option(
      names = "--repeat",
      defaultValue = "1",
      paramLabel = "N",
      description =
          "Runs of each contender; the run with the median wall time is reported (its memory and"
              + " phases too). Default: ${DEFAULT-VALUE}.")
  int repeat;

  @Option(
      names = "--work-dir",
      defaultValue = "target/e2e",
      paramLabel = "DIR",
      description = "Pairs, statistics and logs of each contender. Default: ${DEFAULT-VALUE}.")
  Path workDir;

  @Option(
      names = "--json",
      paramLabel = "FILE",
      description = "JSON results. Default: WORK-DIR/results.json.")
  Path jsonFile;

  @Option(
      names = "--spark-lib",
      paramLabel = "DIR",
      description = "Spark's jars. Default: spark-lib beside the jar that holds this class.")
  Path sparkLib;

  @Option(
      names = "--child-jvm-opts",
      defaultValue = "",
      paramLabel = "OPTS",
      description = "Extra JVM options of every child, space-separated (e.g. -Xmx8g).")
  String childJvmOptions;

  public static void main(String[] args) {
    System.exit(new CommandLine(new EndToEnd()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    BenchSettings settings = settingsOptions.settings();
    int documents = countDocuments(settings.corpus());
    Files.createDirectories(workDir);
    Map<IdPair, Double> truth = null;
    List<RunRecord> records = new ArrayList<>();
    for (Contender contender : chosen()) {
      String skip = contender.skipReason(settings, documents);
      if (skip == null && contender.needsSpark() && !Files.isDirectory(sparkLib())) {
        skip = "no Spark jars at " + sparkLib() + " (build neardup-bench with mvn package)";
      }
      if (skip != null) {
        System.err.printf("e2e: %s skipped: %s%n", contender.name(), skip);
        records.add(RunRecord.skipped(contender.name(), contender.description(), skip));
        continue;
      }
      List<RunRecord> runs = new ArrayList<>();
      for (int r = 0; r < Math.max(1, repeat); r++) {
        System.err.printf(
            "e2e: running %s (run %d of %d) ...%n", contender.name(), r + 1, Math.max(1, repeat));
        String suffix = repeat > 1 ? "." + (r + 1) : "";
        Path pairs = workDir.resolve(contender.name() + suffix + ".pairs.tsv");
        Path stats = workDir.resolve(contender.name() + suffix + ".properties");
        Path log = workDir.resolve(contender.name() + suffix + ".log");
        ChildRun run =
            ChildRun.execute(
                command(contender, settings, pairs, stats), log, stats, timeoutSeconds);
        if (truth == null) {
          if (run.status != ChildRun.Status.OK) {
            System.err.printf(
                "e2e: the exact answer (%s) failed: %s; see %s%n",
                contender.name(), run.status, log);
            return 1;
          }
          truth = PairFile.read(pairs);
        }
        RunRecord record = Scoring.score(contender, run, pairs, log, truth, settings.threshold());
        System.err.printf(
            Locale.ROOT,
            "e2e: %s %s in %.1f s%n",
            contender.name(),
            record.status(),
            record.wallSeconds());
        runs.add(record);
        if (!RunRecord.OK.equals(record.status())) {
          break; // a failed or timed-out contender is not run again
        }
      }
      runs.sort(java.util.Comparator.comparingDouble(RunRecord::wallSeconds));
      records.add(runs.get((runs.size() - 1) / 2));
    }
    Map<String, String> machine = Machine.describe();
    if (repeat > 1) {
      System.out.printf(
          "Each contender ran %d times; each row is its run with the median wall time.%n%n",
          repeat);
    }
    MarkdownReport.print(System.out, settings, documents, truth.size(), machine, records);
    Path json = jsonFile != null ? jsonFile : workDir.resolve("results.json");
    JsonReport.write(json, settings, documents, truth.size(), machine, records);
    System.err.println("e2e: JSON results in " + json);
    return 0;
  }

  /** The chosen contenders in order, the truth first. */
  private List<Contender> chosen() {
    Set<String> names = new LinkedHashSet<>();
    names.add(Contenders.TRUTH);
    if (contenderNames == null) {
      Contenders.all().forEach(c -> names.add(c.name()));
    } else {
      names.addAll(contenderNames);
    }
    return names.stream().map(Contenders::named).toList();
  }

  private List<String> command(
      Contender contender, BenchSettings settings, Path pairs, Path stats) {
    String classPath = System.getProperty("java.class.path");
    if (contender.needsSpark()) {
      // Spark's jars first: where benchmarks.jar shades another version of a library Spark uses
      // (Jackson, the servlet API of a web server), Spark gets its own, as under spark-submit.
      classPath = sparkLib().resolve("*") + File.pathSeparator + classPath;
    }
    List<String> jvmOptions = new ArrayList<>(contender.jvmOptions());
    Stream.of(childJvmOptions.trim().split("\\s+"))
        .filter(s -> !s.isEmpty())
        .forEach(jvmOptions::add);
    List<String> args =
        new ArrayList<>(
            List.of(
                "--contender",
                contender.name(),
                "--pairs-out",
                pairs.toString(),
                "--stats-out",
                stats.toString()));
    args.addAll(settings.toArgs());
    return ChildRun.javaCommand(classPath, jvmOptions, ChildMain.class.getName(), args);
  }

  private Path sparkLib() {
    if (sparkLib == null) {
      try {
        Path jar =
            Path.of(EndToEnd.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        sparkLib = jar.getParent().resolve("spark-lib");
      } catch (URISyntaxException e) {
        throw new IllegalStateException("cannot locate the benchmark jar", e);
      }
    }
    return sparkLib;
  }

  /** Non-empty lines of the TSV corpus: its documents. */
  private static int countDocuments(Path corpus) throws IOException {
    try (Stream<String> lines = Files.lines(corpus)) {
      return (int) lines.filter(line -> !line.isEmpty()).count();
    }
  }
}
