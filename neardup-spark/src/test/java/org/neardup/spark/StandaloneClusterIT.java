package org.neardup.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.spark.TestSpark.cli;
import static org.neardup.spark.TestSpark.parts;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job on a real standalone cluster: a Master and two Workers (one core, 1 GiB each) as separate
 * JVMs on 127.0.0.1, started from the Maven class path (a {@code SPARK_HOME} whose {@code jars}
 * links Spark's jars, {@code SPARK_SCALA_VERSION}), ports chosen by the system. The driver runs in
 * a child JVM whose class path holds Spark's jars and nothing of neardup but the job's jar, through
 * {@code SparkSubmit} in client mode or as {@code ./neardup spark --master} runs it. An executor is
 * killed with -9 during the kept set's rounds: the output is still the CLI's, byte for byte. Runs
 * in the integration-test phase, after the jar is built.
 */
class StandaloneClusterIT {
  private static final Pattern MASTER_URL =
      Pattern.compile("Starting Spark master at (spark://\\S+)");
  private static final Pattern MASTER_UI =
      Pattern.compile("MasterWebUI: Bound MasterWebUI to \\S+ and started at (http://\\S+)");
  private static final long TIMEOUT_SECONDS = 240;

  @TempDir static Path dir;
  private static final List<Process> daemons = new ArrayList<>();
  private static final List<Process> workers = new ArrayList<>();
  private static String master;
  private static URI masterUi;
  private static Path chains;
  private static Path sparkHome;

  @BeforeAll
  static void startCluster() throws Exception {
    sparkHome = Files.createDirectories(dir.resolve("spark-home"));
    Path jars = Files.createDirectories(sparkHome.resolve("jars"));
    for (String jar : sparkClasspath().split(java.io.File.pathSeparator)) {
      Path target = Path.of(jar);
      Files.createSymbolicLink(jars.resolve(target.getFileName()), target);
    }
    Path daemonLogging = dir.resolve("daemon-log4j2.properties");
    Files.writeString(
        daemonLogging,
        String.join(
            "\n",
            "rootLogger.level = warn",
            "rootLogger.appenderRef.stderr.ref = console",
            "appender.console.type = Console",
            "appender.console.name = console",
            "appender.console.target = SYSTEM_ERR",
            "appender.console.layout.type = PatternLayout",
            "appender.console.layout.pattern = %p %c{1}: %m%n",
            "logger.deploy.name = org.apache.spark.deploy",
            "logger.deploy.level = info",
            ""));
    Process masterProcess =
        daemon(
            "master",
            daemonLogging,
            "org.apache.spark.deploy.master.Master",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--webui-port",
            "0");
    AtomicInteger found = new AtomicInteger();
    String[] addresses = new String[2];
    follow(
        masterProcess,
        dir.resolve("master.log"),
        line -> {
          Matcher url = MASTER_URL.matcher(line);
          Matcher ui = MASTER_UI.matcher(line);
          if (url.find()) {
            addresses[0] = url.group(1);
            found.incrementAndGet();
          }
          if (ui.find()) {
            addresses[1] = ui.group(1);
            found.incrementAndGet();
          }
        });
    await(
        () -> found.get() == 2, "the Master's address and web UI in " + dir.resolve("master.log"));
    master = addresses[0];
    masterUi = URI.create(addresses[1].replace("localhost", "127.0.0.1") + "/");
    for (int i = 1; i <= 2; i++) {
      Path work = Files.createDirectories(dir.resolve("work" + i));
      Process worker =
          daemon(
              "worker" + i,
              daemonLogging,
              "org.apache.spark.deploy.worker.Worker",
              "--host",
              "127.0.0.1",
              "--port",
              "0",
              "--webui-port",
              "0",
              "--cores",
              "1",
              "--memory",
              "1g",
              "--work-dir",
              work.toString(),
              master);
      follow(worker, dir.resolve("worker" + i + ".log"), line -> {});
      workers.add(worker);
    }
    await(() -> masterJson().contains("\"aliveworkers\" : 2"), "two workers registered");

    chains = dir.resolve("chains.tsv");
    writeChains(chains);
  }

  @AfterAll
  static void stopCluster() {
    for (Process daemon : daemons) {
      daemon.descendants().forEach(ProcessHandle::destroyForcibly);
      daemon.destroyForcibly();
    }
  }

  @Test
  void clustersSubmittedInClientModeSurviveAnExecutorKilledInTheKeptSetRoundsAndAreTheCliClusters()
      throws Exception {
    Path expected = dir.resolve("clusters.cli");
    assertThat(cli("clusters", "-q", "-o", expected.toString(), chains.toString()).exitCode())
        .isZero();
    Path output = dir.resolve("clusters");
    List<String> command = driverJvm("-cp", sparkClasspath());
    command.addAll(
        List.of(
            "org.apache.spark.deploy.SparkSubmit",
            "--master",
            master,
            "--deploy-mode",
            "client",
            "--executor-memory",
            "512m",
            "--conf",
            "spark.driver.host=127.0.0.1",
            "--conf",
            "spark.driver.bindAddress=127.0.0.1",
            "--conf",
            "spark.ui.enabled=false",
            // Shuffle files of a lost executor are lost with it (no reading them from the host's
            // disk).
            "--conf",
            "spark.shuffle.readHostLocalDisk=false",
            "--class",
            "org.neardup.spark.SparkMain",
            jar().toString(),
            "clusters",
            "--partitions",
            "2",
            "--output",
            output.toString(),
            chains.toString()));
    // The kept set takes 9 rounds of about 4 jobs: the kill comes in round 6, after the checkpoint
    // of round 4.
    Run run = runKillingAnExecutor(command, dir.resolve("clusters.log"), "kept set", 22);

    assertThat(run.exitCode()).as(run.log()).isZero();
    assertThat(run.killed()).as(run.log()).isTrue();
    // The executors run with the driver's JIT options (the session sets them off local).
    assertThat(run.killedExecutor()).contains("-XX:MaxInlineLevel=9", "-XX:Tier4CompileThreshold");
    assertThat(parts(output)).isEqualTo(TestSpark.cliOutput(expected)).isNotEmpty();
    assertThat(run.log())
        .contains("kept set (greedy in --keep order) in 9 rounds")
        .contains("Lost executor");
    // The job's own logging configuration: Spark's warnings and errors, no INFO.
    assertThat(run.log()).doesNotContain(" INFO ");
    assertThat(masterJson()).contains("\"name\" : \"neardup clusters\"");
  }

  @Test
  void dedupAsTheLauncherRunsItShipsTheJarSurvivesAKilledExecutorAndIsTheCliCopy()
      throws Exception {
    Path expected = cliDedupLongest();
    Path output = dir.resolve("dedup");
    // As ./neardup spark runs it: the job's jar on the class path, no spark-submit.
    List<String> command = driverJvm("-cp", jar() + java.io.File.pathSeparator + sparkClasspath());
    command.addAll(
        List.of(
            "org.neardup.spark.SparkMain",
            "dedup",
            "--master",
            master,
            "--keep",
            "longest",
            "--conf",
            "spark.executor.memory=512m",
            "--conf",
            "spark.driver.host=127.0.0.1",
            "--conf",
            "spark.driver.bindAddress=127.0.0.1",
            "--conf",
            "spark.ui.enabled=false",
            "--conf",
            "spark.shuffle.readHostLocalDisk=false",
            "--partitions",
            "2",
            "--output",
            output.toString(),
            chains.toString()));
    // In length order the kept set takes 4 rounds: the kill comes in the last.
    Run run = runKillingAnExecutor(command, dir.resolve("dedup.log"), "kept set", 14);

    assertThat(run.exitCode()).as(run.log()).isZero();
    assertThat(run.killed()).as(run.log()).isTrue();
    assertThat(run.killedExecutor()).contains("-XX:MaxInlineLevel=9", "-XX:Tier4CompileThreshold");
    assertThat(run.log())
        .contains("kept set (greedy in --keep order) in 4 rounds")
        .contains("Lost executor")
        .doesNotContain("ClassNotFoundException")
        .doesNotContain(" INFO ");
    assertThat(parts(output)).isEqualTo(TestSpark.cliOutput(expected)).isNotEmpty();
    assertThat(masterJson()).contains("\"name\" : \"neardup dedup\"");
  }

  @Test
  void theJavaProgramOfTheDocsRunsTheApiOnTheClusterAndGivesTheCliPairsAndKeptRows()
      throws Exception {
    List<String> rows = Files.readAllLines(chains, StandardCharsets.UTF_8);
    Path docs = dir.resolve("docs.parquet");
    // One file of the (id, text) rows, as Spark writes a frame of two string columns.
    MessageType docsSchema =
        MessageTypeParser.parseMessageType(
            "message spark_schema { optional binary id (STRING); optional binary text (STRING); }");
    SimpleGroupFactory docRows = new SimpleGroupFactory(docsSchema);
    try (ParquetWriter<Group> writer =
        ExampleParquetWriter.builder(new LocalOutputFile(docs))
            .withConf(new PlainParquetConfiguration())
            .withType(docsSchema)
            .build()) {
      for (String line : rows) {
        int tab = line.indexOf('\t');
        writer.write(
            docRows
                .newGroup()
                .append("id", line.substring(0, tab))
                .append("text", line.substring(tab + 1)));
      }
    }
    // The page's java block as it is, compiled against the job's jar and Spark's jars alone.
    Path classes = compileDocsExample(dir.resolve("docs-example"));
    Path output = dir.resolve("docs-example-output");
    List<String> command =
        driverJvm(
            "-cp",
            String.join(
                java.io.File.pathSeparator, classes.toString(), jar().toString(), sparkClasspath()),
            "-Dspark.master=" + master,
            "-Dspark.jars=" + jar(),
            "-Dspark.executor.memory=512m",
            "-Dspark.driver.host=127.0.0.1",
            "-Dspark.driver.bindAddress=127.0.0.1",
            "-Dspark.ui.enabled=false",
            "-Dlog4j2.configurationFile=" + dir.resolve("daemon-log4j2.properties"),
            "DedupTable",
            docs.toString(),
            output.toString());
    Path logFile = dir.resolve("docs-example.log");
    ProcessBuilder builder =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(logFile.toFile());
    environment(builder.environment());
    Process process = builder.start();
    // A guard against a hung driver, not a time limit: on a loaded machine the run takes minutes.
    boolean ended = process.waitFor(4 * TIMEOUT_SECONDS, TimeUnit.SECONDS);
    if (!ended) {
      process.destroyForcibly().waitFor();
    }
    String log = Files.readString(logFile, StandardCharsets.UTF_8);
    assertThat(ended).as(log).isTrue();
    assertThat(process.exitValue()).as(log).isZero();

    Path cliPairs = dir.resolve("docs-example.pairs.cli");
    assertThat(cli("pairs", "-q", "-o", cliPairs.toString(), chains.toString()).exitCode())
        .isZero();
    List<String> pairs =
        parquetParts(output.resolve("pairs")).rows().stream()
            .map(
                r ->
                    r.getString(0, 0)
                        + "\t"
                        + r.getString(1, 0)
                        + "\t"
                        + org.neardup.options.Formats.similarity(r.getDouble(2, 0)))
            .sorted()
            .toList();
    List<String> expectedPairs = TestSpark.cliOutput(cliPairs).lines().sorted().toList();
    assertThat(pairs).isEqualTo(expectedPairs);

    Path cliClean = cliDedupLongest();
    ParquetParts clean = parquetParts(output.resolve("clean"));
    assertThat(clean.columns()).containsExactly("id", "text");
    List<String> kept =
        clean.rows().stream()
            .map(r -> r.getString(0, 0) + "\t" + r.getString(1, 0))
            .sorted()
            .toList();
    List<String> expectedKept = TestSpark.cliOutput(cliClean).lines().sorted().toList();
    assertThat(kept).isEqualTo(expectedKept).hasSizeLessThan(rows.size());
  }

  /** The CLI's dedup --keep longest of the chains, made once for the cases compared with it. */
  private static synchronized Path cliDedupLongest() {
    Path copy = dir.resolve("dedup.cli.tsv");
    if (!Files.exists(copy)) {
      assertThat(
              cli("dedup", "-q", "--keep", "longest", "-o", copy.toString(), chains.toString())
                  .exitCode())
          .isZero();
    }
    return copy;
  }

  /** The column names of a directory's Parquet part files and their rows, in file order. */
  private record ParquetParts(List<String> columns, List<Group> rows) {}

  /** Reads the part files of a directory Spark wrote as Parquet; they all have the same columns. */
  private static ParquetParts parquetParts(Path directory) throws IOException {
    List<String> columns = null;
    List<Group> rows = new ArrayList<>();
    ParquetReadOptions options =
        ParquetReadOptions.builder(new PlainParquetConfiguration()).build();
    for (Path part : TestSpark.partFiles(directory)) {
      try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(part), options)) {
        MessageType schema = reader.getFooter().getFileMetaData().getSchema();
        List<String> names = schema.getFields().stream().map(Type::getName).toList();
        if (columns == null) {
          columns = names;
        }
        assertThat(names).as("the columns of %s", part).isEqualTo(columns);
        PageReadStore pages;
        while ((pages = reader.readNextRowGroup()) != null) {
          RecordReader<Group> records =
              new ColumnIOFactory()
                  .getColumnIO(schema)
                  .getRecordReader(pages, new GroupRecordConverter(schema));
          for (long i = pages.getRowCount(); i > 0; i--) {
            rows.add(records.read());
          }
        }
      }
    }
    assertThat(columns).as("Parquet part files in %s", directory).isNotNull();
    return new ParquetParts(columns, rows);
  }

  /** Compiles the first java block of docs/spark.md into {@code work}/classes. */
  private static Path compileDocsExample(Path work) throws IOException {
    List<String> page =
        Files.readAllLines(Path.of("..", "docs", "spark.md"), StandardCharsets.UTF_8);
    int start = page.indexOf("```java");
    assertThat(start).as("a java block in docs/spark.md").isNotNegative();
    int end = start + 1;
    while (!page.get(end).startsWith("```")) {
      end++;
    }
    Path source = Files.createDirectories(work.resolve("src")).resolve("DedupTable.java");
    Files.write(source, page.subList(start + 1, end), StandardCharsets.UTF_8);
    Path classes = Files.createDirectories(work.resolve("classes"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files =
        javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
      List<String> options =
          List.of(
              "--release",
              "17",
              "-proc:none",
              "-classpath",
              jar() + java.io.File.pathSeparator + sparkClasspath(),
              "-d",
              classes.toString());
      boolean compiled =
          javac
              .getTask(null, files, diagnostics, options, null, files.getJavaFileObjects(source))
              .call();
      assertThat(compiled)
          .as("docs/spark.md's java block: %s", diagnostics.getDiagnostics())
          .isTrue();
    }
    return classes;
  }

  @Test
  void moreExecutorMemoryThanAnyWorkerOffersEndsWithExit5AndTheFix() throws Exception {
    Path output = dir.resolve("too-big");
    List<String> command = driverJvm("-cp", jar() + java.io.File.pathSeparator + sparkClasspath());
    command.addAll(
        List.of(
            "org.neardup.spark.SparkMain",
            "pairs",
            "--master",
            master,
            "--conf",
            "spark.executor.memory=2g",
            "--executor-timeout",
            "5",
            "--master-ui",
            masterUi.toString(),
            "--conf",
            "spark.driver.host=127.0.0.1",
            "--conf",
            "spark.driver.bindAddress=127.0.0.1",
            "--conf",
            "spark.ui.enabled=false",
            "--output",
            output.toString(),
            chains.toString()));
    Run run = runKillingAnExecutor(command, dir.resolve("too-big.log"), null, 0);

    assertThat(run.exitCode()).as(run.log()).isEqualTo(5);
    assertThat(run.log())
        .contains(
            "neardup: no executor in 5 s: --executor-memory (spark.executor.memory) 2g "
                + "is more than any worker offers (workers: 2 x 1g 1 core)");
    assertThat(run.log()).doesNotContain("internal error").doesNotContain("\tat ");
    assertThat(output).doesNotExist();
  }

  /** The driver's exit code and output, and the command line of the executor killed (or null). */
  private record Run(int exitCode, String log, String killedExecutor) {
    boolean killed() {
      return killedExecutor != null;
    }
  }

  /**
   * Runs the driver; when the {@code nth} job of {@code trigger} starts (progress lines {@code
   * neardup: job N: trigger}), kills one executor with -9. No kill when {@code trigger} is null.
   */
  private static Run runKillingAnExecutor(List<String> command, Path log, String trigger, int nth)
      throws Exception {
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    environment(builder.environment());
    Process driver = builder.start();
    AtomicInteger jobs = new AtomicInteger();
    AtomicReference<String> killed = new AtomicReference<>();
    Thread reader =
        follow(
            driver,
            log,
            line -> {
              if (trigger != null
                  && line.matches("neardup: job \\d+: " + Pattern.quote(trigger) + ".*")
                  && jobs.incrementAndGet() == nth) {
                killed.set(killOneExecutor());
              }
            });
    boolean finished = driver.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    if (!finished) {
      driver.descendants().forEach(ProcessHandle::destroyForcibly);
      driver.destroyForcibly();
    }
    reader.join(10_000);
    String output = Files.readString(log, StandardCharsets.UTF_8);
    assertThat(finished)
        .as("the driver finished within %d s: %s", TIMEOUT_SECONDS, output)
        .isTrue();
    return new Run(driver.exitValue(), output, killed.get());
  }

  /** Kills an executor JVM (a child of a worker) with -9; its command line, or null if none. */
  private static String killOneExecutor() {
    for (Process worker : workers) {
      Optional<ProcessHandle> executor =
          worker
              .descendants()
              .filter(
                  p -> p.info().commandLine().orElse("").contains("CoarseGrainedExecutorBackend"))
              .findFirst();
      if (executor.isPresent()) {
        String commandLine = executor.get().info().commandLine().orElse("");
        return executor.get().destroyForcibly() ? commandLine : null;
      }
    }
    return null;
  }

  /**
   * Chains of documents each one word away from the one before, so the kept set takes many rounds.
   */
  private static void writeChains(Path file) throws IOException {
    SplittableRandom random = new SplittableRandom(11);
    try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (int chain = 0; chain < 4; chain++) {
        String[] words = words(random, 80);
        for (int i = 0; i < 60; i++) {
          words[random.nextInt(words.length)] = words(random, 1)[0];
          // lengths grow along a chain but not in step, so --keep longest orders differently
          out.write(
              "chain"
                  + chain
                  + "-"
                  + i
                  + "\t"
                  + String.join(" ", words)
                  + " "
                  + "x".repeat(random.nextInt(20))
                  + "\n");
        }
      }
      for (int i = 0; i < 300; i++) {
        out.write("other-" + i + "\t" + String.join(" ", words(random, 80)) + "\n");
      }
    }
  }

  private static String[] words(SplittableRandom random, int count) {
    String[] words = new String[count];
    for (int i = 0; i < count; i++) {
      StringBuilder word = new StringBuilder();
      int length = 3 + random.nextInt(7);
      for (int c = 0; c < length; c++) {
        word.append((char) ('a' + random.nextInt(26)));
      }
      words[i] = word.toString();
    }
    return words;
  }

  private static Process daemon(String name, Path logging, String mainClass, String... args)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(java());
    command.addAll(jvmOptions());
    command.addAll(
        List.of(
            "-Xmx256m",
            "-Dlog4j2.configurationFile=" + logging,
            "-Dspark.master.rest.enabled=false",
            "-cp",
            sparkClasspath(),
            mainClass));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    environment(builder.environment());
    Process process = builder.start();
    daemons.add(process);
    return process;
  }

  /** The environment of every JVM of the cluster: Spark's home and Scala version, the loopback. */
  private static void environment(Map<String, String> environment) {
    environment.put("SPARK_HOME", sparkHome.toString());
    environment.put("SPARK_SCALA_VERSION", "2.13");
    environment.put("SPARK_LOCAL_IP", "127.0.0.1");
    environment.remove("SPARK_CONF_DIR");
  }

  /** A driver JVM: Spark's module options, small heap, no logging configuration of the tests'. */
  private static List<String> driverJvm(String... more) {
    List<String> command = new ArrayList<>();
    command.add(java());
    command.addAll(jvmOptions());
    command.add("-Xmx512m");
    command.addAll(List.of(more));
    return command;
  }

  /** Copies the process's output to {@code log}, line by line, handing each to {@code onLine}. */
  private static Thread follow(Process process, Path log, Consumer<String> onLine) {
    Thread thread =
        new Thread(
            () -> {
              try (BufferedReader in =
                      new BufferedReader(
                          new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                  Writer out = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                  out.write(line + "\n");
                  out.flush();
                  onLine.accept(line);
                }
              } catch (IOException e) {
                // the process ended
              }
            });
    thread.setDaemon(true);
    thread.start();
    return thread;
  }

  private static void await(java.util.function.BooleanSupplier condition, String what)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out waiting for " + what);
      }
      Thread.sleep(250);
    }
  }

  private static String masterJson() {
    if (masterUi == null) {
      return "";
    }
    try {
      HttpClient client =
          HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build();
      return client
          .send(
              HttpRequest.newBuilder(masterUi.resolve("json/")).build(),
              HttpResponse.BodyHandlers.ofString())
          .body();
    } catch (IOException e) {
      return "";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "";
    }
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private static List<String> jvmOptions() {
    return List.of(System.getProperty("neardup.spark.jvmOptions").trim().split("\\s+"));
  }

  private static Path jar() {
    Path jar = Path.of(System.getProperty("neardup.spark.jar"));
    assertThat(jar).isRegularFile();
    return jar;
  }

  private static String sparkClasspath() {
    try {
      return Files.readString(Path.of(System.getProperty("neardup.spark.classpath"))).strip();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
