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
