package org.neardup.bench.e2e;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * Runs one child JVM and measures it: wall time from start to exit (JVM start-up included), and
 * peak RSS, the larger of what the child reports at its end and what {@code /proc/PID/status}
 * showed while polled every {@value #POLL_MILLIS} ms (the only figure for a child that was killed).
 * Its stdout and stderr go to a log file.
 */
final class ChildRun {
  private static final long POLL_MILLIS = 50;

  /** How the child ended. */
  enum Status {
    OK,
    FAILED,
    TIMED_OUT
  }

  final Status status;
  final double wallSeconds;
  final long peakRssKib;
  final Properties stats;

  private ChildRun(Status status, double wallSeconds, long peakRssKib, Properties stats) {
    this.status = status;
    this.wallSeconds = wallSeconds;
    this.peakRssKib = peakRssKib;
    this.stats = stats;
  }

  /**
   * Starts {@code command}, waits at most {@code timeoutSeconds} (then kills it and its
   * descendants), and reads the statistics file it wrote.
   */
  static ChildRun execute(List<String> command, Path log, Path statsFile, long timeoutSeconds)
      throws IOException, InterruptedException {
    Files.deleteIfExists(statsFile);
    ProcessBuilder builder =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    long started = System.nanoTime();
    Process process = builder.start();
    long deadline = started + TimeUnit.SECONDS.toNanos(timeoutSeconds);
    long polledPeak = -1;
    boolean exited = false;
    while (!exited && System.nanoTime() < deadline) {
      polledPeak = Math.max(polledPeak, PeakRss.kib(process.pid()));
      exited = process.waitFor(POLL_MILLIS, TimeUnit.MILLISECONDS);
    }
    if (!exited) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      process.waitFor();
    }
    double wall = (System.nanoTime() - started) / 1e9;
    Properties stats = new Properties();
    Status status;
    if (!exited) {
      status = Status.TIMED_OUT;
    } else if (process.exitValue() != 0 || !Files.exists(statsFile)) {
      status = Status.FAILED;
    } else {
      status = Status.OK;
      try (Reader reader = Files.newBufferedReader(statsFile, StandardCharsets.UTF_8)) {
        stats.load(reader);
      }
    }
    long reported = Long.parseLong(stats.getProperty(ChildMain.PEAK_RSS_KIB, "-1"));
    return new ChildRun(status, wall, Math.max(polledPeak, reported), stats);
  }

  /** The command line of a child JVM running {@code mainClass} with {@code args}. */
  static List<String> javaCommand(
      String classPath, List<String> jvmOptions, String mainClass, List<String> args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmOptions);
    command.add("-cp");
    command.add(classPath);
    command.add(mainClass);
    command.addAll(args);
    return command;
  }
}
