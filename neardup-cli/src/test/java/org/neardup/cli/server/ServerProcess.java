package org.neardup.cli.server;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real {@code neardup serve} in its own JVM (this test's class path), on a free loopback port:
 * what a user starts, killed the way a crash kills it.
 */
final class ServerProcess implements AutoCloseable {
  private static final Pattern LISTENING = Pattern.compile("at http://127\\.0\\.0\\.1:(\\d+)/");

  final Process process;
  final int port;
  final Path log;
  final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private ServerProcess(Process process, int port, Path log) {
    this.process = process;
    this.port = port;
    this.log = log;
  }

  /** Starts {@code neardup serve --data DIR --port 0 EXTRA...} and waits until it listens. */
  static ServerProcess start(Path data, Path log, String... extra)
      throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m",
                "-cp",
                System.getProperty("java.class.path"),
                "org.neardup.cli.Main",
                "serve",
                "--data",
                data.toString(),
                "--port",
                "0"));
    command.addAll(List.of(extra));
    Process process =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (System.nanoTime() < deadline) {
      Matcher matcher =
          LISTENING.matcher(Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "");
      if (matcher.find()) {
        return new ServerProcess(process, Integer.parseInt(matcher.group(1)), log);
      }
      if (!process.isAlive()) {
        throw new IllegalStateException(
            "the server exited with " + process.exitValue() + ": " + Files.readString(log));
      }
      Thread.sleep(50);
    }
    process.destroyForcibly();
    throw new IllegalStateException("the server did not start: " + Files.readString(log));
  }

  HttpResponse<String> post(String path, String json) throws IOException, InterruptedException {
    return client.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .timeout(Duration.ofSeconds(10))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  HttpResponse<String> get(String path) throws IOException, InterruptedException {
    return client.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .timeout(Duration.ofSeconds(10))
            .GET()
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** SIGKILL: no shutdown hook runs, nothing is flushed. */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor();
  }

  /** SIGTERM, and the exit code once it is gone. */
  int terminate() throws InterruptedException {
    process.destroy();
    return process.waitFor();
  }

  @Override
  public void close() {
    if (process.isAlive()) {
      process.destroyForcibly();
      try {
        process.waitFor();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
