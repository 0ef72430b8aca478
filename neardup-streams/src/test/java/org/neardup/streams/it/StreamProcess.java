package org.neardup.streams.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A {@code ./neardup stream} instance, as its own process: the jar and class path the build made.
 */
final class StreamProcess {
  private final Process process;
  private final Path log;

  private StreamProcess(Process process, Path log) {
    this.process = process;
    this.log = log;
  }

  static StreamProcess start(Path log, List<String> arguments) throws IOException {
    String jar = System.getProperty("neardup.streams.jar");
    String classPath = Files.readString(Path.of(System.getProperty("neardup.streams.classpath")));
    List<String> command = new ArrayList<>();
    command.add(BrokerProcess.java());
    command.add("-Xmx512m");
    command.add("-XX:TieredStopAtLevel=1");
    command.add("-cp");
    command.add(jar + ":" + classPath.trim());
    command.add("org.neardup.streams.StreamMain");
    command.addAll(arguments);
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .start();
    return new StreamProcess(process, log);
  }

  /** SIGKILL: no shutdown hook runs, nothing is flushed or committed. */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(60, TimeUnit.SECONDS);
  }

  /** SIGTERM: the instance closes its Kafka Streams and exits. */
  int stop() throws Exception {
    process.destroy();
    if (!process.waitFor(120, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException("the instance did not stop within 2 minutes: " + log());
    }
    return process.exitValue();
  }

  /**
   * Waits until the log holds {@code text} {@code times} times, or fails when the instance dies or
   * two minutes pass.
   */
  void awaitLog(String text, int times) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    while (log().split(java.util.regex.Pattern.quote(text), -1).length - 1 < times) {
      if (!process.isAlive() || System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "no '" + text + "' " + times + " times in the log: " + log());
      }
      Thread.sleep(100);
    }
  }

  boolean isAlive() {
    return process.isAlive();
  }

  String log() throws IOException {
    return Files.readString(log);
  }

  long pid() {
    return process.pid();
  }
}
