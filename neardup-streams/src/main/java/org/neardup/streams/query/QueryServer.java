package org.neardup.streams.query;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.state.HostInfo;
import org.neardup.config.PipelineConfig;
import org.neardup.streams.topology.Lookup;
import org.neardup.streams.wire.Message.Neighbour;

/**
 * The query endpoint of an instance ({@code --query-server HOST:PORT}), on the JDK's HTTP server:
 *
 * <ul>
 *   <li>{@code POST /query} {@code {"text"}} ({@code ?limit=N}, 1 to 10,000, default 100): the kept
 *       documents of the whole application at or above the threshold, best first, {@code
 *       {"duplicates": [{"id", "similarity"}]}}: the service's {@code POST /query} answer;
 *   <li>{@code POST /shards} {@code {"text", "shards": [...]}} and {@code POST /kept} {@code
 *       {"documents": [...]}}: what the instance answering a query asks the others for, the
 *       documents of the shards they hold and which of them are kept.
 * </ul>
 *
 * Errors are {@code application/problem+json}: 400 for a bad request, 404, 405, 413 beyond {@link
 * #MAX_BODY_BYTES}, 415 for a body that is not JSON, 503 when the state cannot answer now (a
 * rebalance, a restore, an instance away; {@code Retry-After: 1}). Bodies are read with a streaming
 * parser that keeps only the fields an endpoint needs ({@link RequestBody}); a connection is closed
 * when its request is not read within {@link #REQUEST_SECONDS} or its answer not written within
 * {@link #RESPONSE_SECONDS}, so slow clients cannot hold the threads. No token: serve it on an
 * interface only the application's instances and its clients reach.
 */
public final class QueryServer implements AutoCloseable {
  /** The largest request body: 16 MiB, the service's default. */
  static final int MAX_BODY_BYTES = 16 << 20;

  /**
   * The system property of the JDK's HTTP server that closes a connection whose request (line,
   * headers and body) is not read in full within so many seconds; read once, when the JDK's server
   * first starts in the JVM.
   */
  static final String MAX_REQUEST_SECONDS = "sun.net.httpserver.maxReqTime";

  /** The same for a response not written in full (a client that does not read its answer). */
  static final String MAX_RESPONSE_SECONDS = "sun.net.httpserver.maxRspTime";

  /** {@link #MAX_REQUEST_SECONDS} unless the user set it. */
  static final int REQUEST_SECONDS = 30;

  /** {@link #MAX_RESPONSE_SECONDS} unless the user set it. */
  static final int RESPONSE_SECONDS = 60;

  private static final int DEFAULT_LIMIT = 100;
  private static final int MAX_LIMIT = 10_000;

  private final HttpServer server;
  private final ExecutorService threads;
  private final ObjectMapper json =
      new ObjectMapper().enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);
  private volatile ClusterQuery query;

  private QueryServer(HttpServer server, ExecutorService threads) {
    this.server = server;
    this.threads = threads;
  }

  /**
   * Listens on {@code host}:{@code port} (0: a free port); answers 503 until {@link #serve} gives
   * it the running application.
   *
   * @throws IOException when the address cannot be bound
   */
  public static QueryServer listen(String host, int port) throws IOException {
    boundTimes();
    HttpServer server = HttpServer.create(new InetSocketAddress(host, port), 64);
    ExecutorService threads = Executors.newFixedThreadPool(4, QueryServer::daemon);
    QueryServer queries = new QueryServer(server, threads);
    server.setExecutor(threads);
    server.createContext("/", queries::handle);
    server.start();
    return queries;
  }

  /**
   * Bounds how long a connection may hold one of the four threads: without these the JDK's server
   * waits for ever on a client that sends headers and no body, or never reads its answer. They must
   * be set before the JDK's server class initialises; a value the user set is kept.
   */
  private static void boundTimes() {
    if (System.getProperty(MAX_REQUEST_SECONDS) == null) {
      System.setProperty(MAX_REQUEST_SECONDS, Integer.toString(REQUEST_SECONDS));
    }
    if (System.getProperty(MAX_RESPONSE_SECONDS) == null) {
      System.setProperty(MAX_RESPONSE_SECONDS, Integer.toString(RESPONSE_SECONDS));
    }
  }

  private static Thread daemon(Runnable runnable) {
    Thread thread = new Thread(runnable, "neardup-query");
    thread.setDaemon(true);
    return thread;
  }

  /** Where it listens, as the other instances reach it ({@code application.server}). */
  public HostInfo address() {
    InetSocketAddress address = server.getAddress();
    return new HostInfo(address.getHostString(), address.getPort());
  }

  /** Answers queries over {@code streams}, an application of {@code shards} shards. */
  public void serve(KafkaStreams streams, String applicationId, int shards, PipelineConfig config) {
    query =
        new ClusterQuery(
            streams, applicationId, shards, new Lookup(config, shards), address(), json);
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      try {
        JsonNode answer = answer(exchange);
        send(exchange, 200, "application/json", json.writeValueAsBytes(answer));
      } catch (Problem problem) {
        if (problem.status() == 503) {
          exchange.getResponseHeaders().set("Retry-After", "1");
        }
        if (problem.status() == 405) {
          exchange.getResponseHeaders().set("Allow", "POST");
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", "about:blank");
        body.put("title", problem.title());
        body.put("status", problem.status());
        body.put("detail", problem.getMessage());
        send(exchange, problem.status(), "application/problem+json", json.writeValueAsBytes(body));
      }
    }
  }

  private JsonNode answer(HttpExchange exchange) throws IOException {
    String path = exchange.getRequestURI().getPath();
    if (!List.of("/query", "/shards", "/kept").contains(path)) {
      throw new Problem(404, "Not found", "no " + path + ": POST /query answers queries");
    }
    if (!exchange.getRequestMethod().equals("POST")) {
      throw new Problem(
          405, "Method not allowed", exchange.getRequestMethod() + " " + path + ": only POST");
    }
    String type = exchange.getRequestHeaders().getFirst("Content-Type");
    if (type == null
        || !type.toLowerCase(Locale.ROOT).split(";", -1)[0].trim().equals("application/json")) {
      throw new Problem(
          415, "Unsupported media type", "the body must be application/json, got " + type);
    }
    RequestBody body = body(exchange);
    ClusterQuery cluster = query;
    if (cluster == null) {
      throw Problem.unavailable("the stream is starting");
    }
    switch (path) {
      case "/query" -> {
        int limit = limit(exchange.getRequestURI());
        ObjectNode answer = json.createObjectNode();
        ArrayNode duplicates = answer.putArray("duplicates");
        for (Neighbour found : cluster.query(body.text(), limit)) {
          duplicates.addObject().put("id", found.id()).put("similarity", found.similarity());
        }
        return answer;
      }
      case "/shards" -> {
        List<Integer> numbers = body.shards();
        ObjectNode answer = json.createObjectNode();
        answer.set("neighbours", cluster.array(cluster.shards(body.text(), numbers)));
        return answer;
      }
      default -> {
        ObjectNode answer = json.createObjectNode();
        answer.set("kept", cluster.array(cluster.kept(body.documents())));
        return answer;
      }
    }
  }

  private static RequestBody body(HttpExchange exchange) throws IOException {
    byte[] bytes;
    try (InputStream in = exchange.getRequestBody()) {
      bytes = in.readNBytes(MAX_BODY_BYTES + 1);
    }
    if (bytes.length > MAX_BODY_BYTES) {
      throw new Problem(
          413, "Payload too large", "the body is larger than the limit of " + MAX_BODY_BYTES);
    }
    return RequestBody.read(bytes);
  }

  /** {@code ?limit=N}, from 1 to 10,000; 100 when absent. */
  private static int limit(URI uri) {
    String query = uri.getRawQuery();
    if (query == null) {
      return DEFAULT_LIMIT;
    }
    Integer limit = null;
    for (String parameter : query.split("&", -1)) {
      if (parameter.isEmpty()) {
        continue; // "a&&b", "limit=5&"
      }
      int equals = parameter.indexOf('=');
      String name = equals < 0 ? parameter : parameter.substring(0, equals);
      String value =
          equals < 0
              ? ""
              : URLDecoder.decode(parameter.substring(equals + 1), StandardCharsets.UTF_8);
      if (!name.equals("limit")) {
        throw Problem.badRequest("unknown parameter '" + name + "' (POST /query takes limit=N)");
      }
      try {
        limit = Integer.parseInt(value);
      } catch (NumberFormatException e) {
        limit = -1;
      }
      if (limit < 1 || limit > MAX_LIMIT) {
        throw Problem.badRequest(
            "limit must be a whole number in [1, " + MAX_LIMIT + "], got '" + value + "'");
      }
    }
    return limit == null ? DEFAULT_LIMIT : limit;
  }

  private static void send(HttpExchange exchange, int status, String type, byte[] body)
      throws IOException {
    exchange.getResponseHeaders().set("Content-Type", type);
    exchange.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
    exchange.sendResponseHeaders(status, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  /** Stops answering (at once: queries in flight are cut). */
  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }
}
