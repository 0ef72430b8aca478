package org.neardup.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.neardup.config.PipelineConfig;
import org.neardup.index.IndexSettings;
import org.neardup.index.SearchSettings;
import org.neardup.server.store.IndexDirectory;

/** A server on a free loopback port over a fresh index, and an HTTP client for it. */
final class ServerFixture implements AutoCloseable {
  static final ObjectMapper JSON = new ObjectMapper();

  final NearDupServer server;
  final List<String> log = new ArrayList<>();
  final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final String token;

  ServerFixture(Path data, String token, long maxBody) {
    this(data, token, maxBody, true, SearchSettings.NONE);
  }

  /**
   * @param keepTexts whether the index stores texts (false: as {@code serve --no-texts})
   */
  ServerFixture(Path data, String token, long maxBody, boolean keepTexts) {
    this(data, token, maxBody, keepTexts, SearchSettings.NONE);
  }

  /** A server over an index built for the queries {@code search} allows beyond the threshold. */
  ServerFixture(Path data, String token, long maxBody, SearchSettings search) {
    this(data, token, maxBody, true, search);
  }

  /** A server whose configuration {@code adjust} changes (limits, allowed hosts). */
  ServerFixture(Path data, String token, UnaryOperator<ServerConfig> adjust) {
    this(data, token, 1 << 20, true, SearchSettings.NONE, adjust);
  }

  private ServerFixture(
      Path data, String token, long maxBody, boolean keepTexts, SearchSettings search) {
    this(data, token, maxBody, keepTexts, search, UnaryOperator.identity());
  }

  private ServerFixture(
      Path data,
      String token,
      long maxBody,
      boolean keepTexts,
      SearchSettings search,
      UnaryOperator<ServerConfig> adjust) {
    this.token = token;
    PipelineConfig config = PipelineConfig.builder().threads(2).build();
    IndexDirectory directory =
        IndexDirectory.open(
            data,
            new IndexDirectory.Options(
                IndexSettings.of(config, keepTexts, search), false, true, 16L << 20, 2));
    this.server =
        NearDupServer.start(
            directory,
            adjust.apply(new ServerConfig("127.0.0.1", 0, token, maxBody, 8, true)),
            line -> {
              synchronized (log) {
                log.add(line);
              }
            });
  }

  /** The server's root, {@code http://127.0.0.1:PORT/}. */
  String root() {
    return "http://127.0.0.1:" + server.port() + "/";
  }

  URI uri(String pathAndQuery) {
    return URI.create("http://127.0.0.1:" + server.port() + pathAndQuery);
  }

  HttpRequest.Builder request(String pathAndQuery) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(uri(pathAndQuery)).timeout(Duration.ofSeconds(30));
    if (token != null) {
      builder.header("Authorization", "Bearer " + token);
    }
    return builder;
  }

  HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
    return client.send(request, HttpResponse.BodyHandlers.ofString());
  }

  HttpResponse<String> post(String pathAndQuery, String contentType, String body)
      throws IOException, InterruptedException {
    return send(
        request(pathAndQuery)
            .header("Content-Type", contentType)
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build());
  }

  HttpResponse<String> postJson(String pathAndQuery, Object body)
      throws IOException, InterruptedException {
    return post(pathAndQuery, "application/json", JSON.writeValueAsString(body));
  }

  HttpResponse<String> get(String pathAndQuery) throws IOException, InterruptedException {
    return send(request(pathAndQuery).GET().build());
  }

  HttpResponse<String> delete(String pathAndQuery) throws IOException, InterruptedException {
    return send(request(pathAndQuery).DELETE().build());
  }

  static JsonNode json(HttpResponse<String> response) throws IOException {
    return JSON.readTree(response.body());
  }

  @Override
  public void close() {
    server.stop(1);
  }
}
