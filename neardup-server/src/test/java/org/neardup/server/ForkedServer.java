package org.neardup.server;

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
import org.neardup.config.PipelineConfig;
import org.neardup.index.IndexSettings;
import org.neardup.server.store.IndexDirectory;

/**
 * A server in a JVM of its own (this test's class path) with a heap as small as a test needs to see
 * it run out, on a free loopback port over a fresh index: {@link #main} serves until its standard
 * input closes; {@link #start} launches it and waits until it listens.
 */
final class ForkedServer implements AutoCloseable {
  final Process process;
  final int port;
  final Path log;
  final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private ForkedServer(Process process, int port, Path log) {
    this.process = process;
    this.port = port;
    this.log = log;
  }

  /** Serves {@code args[0]} (an index directory) with {@code args[1]} bytes a body at most. */
  public static void main(String[] args) throws IOException {
    IndexDirectory directory =
        IndexDirectory.open(
            Path.of(args[0]),
            new IndexDirectory.Options(
                IndexSettings.of(PipelineConfig.builder().threads(2).build(), true),
                false,
                true,
                16L << 20,
                2));
    NearDupServer server =
        NearDupServer.start(
            directory,
            new ServerConfig("127.0.0.1", 0, null, Long.parseLong(args[1]), 4, false),
            line -> {
              System.out.println(line);
              System.out.flush();
            });
    System.out.println("listening on " + server.port());
    System.out.flush();
    while (System.in.read() >= 0) {
      // until the test closes our standard input
    }
    server.stop(1);
  }

  /** Starts a server on a new index in {@code dir} in a JVM of {@code heap} (such as 96m). */
  static ForkedServer start(Path dir, String heap, long maxBody)
      throws IOException, InterruptedException {
    Path log = dir.resolve("server.log");
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + heap,
                "-cp",
                System.getProperty("java.class.path"),
                ForkedServer.class.getName(),
                dir.resolve("idx").toString(),
                Long.toString(maxBody)));
    Process process =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (System.nanoTime() < deadline) {
      String text = Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
      int at = text.indexOf("listening on ");
      if (at >= 0 && text.indexOf('\n', at) > 0) {
        int port = Integer.parseInt(text.substring(at + 13, text.indexOf('\n', at)).trim());
        return new ForkedServer(process, port, log);
      }
      if (!process.isAlive()) {
        throw new IllegalStateException("the server exited: " + text);
      }
      Thread.sleep(50);
    }
    process.destroyForcibly();
    throw new IllegalStateException("the server did not start: " + Files.readString(log));
  }

  HttpResponse<String> post(String path, String contentType, byte[] body)
      throws IOException, InterruptedException {
    return client.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .timeout(Duration.ofSeconds(60))
            .header("Content-Type", contentType)
            .POST(HttpRequest.BodyPublishers.ofByteArray(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  HttpResponse<String> get(String path) throws IOException, InterruptedException {
    return client.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .timeout(Duration.ofSeconds(60))
            .GET()
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** What the server printed so far. */
  String output() throws IOException {
    return Files.readString(log, StandardCharsets.UTF_8);
  }

  /** Closes its standard input (it stops) and waits; kills it if it does not. */
  @Override
  public void close() throws IOException, InterruptedException {
    process.getOutputStream().close();
    if (!process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
      process.destroyForcibly();
      process.waitFor();
    }
  }
}
