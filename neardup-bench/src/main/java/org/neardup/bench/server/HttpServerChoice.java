package org.neardup.bench.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.javalin.Javalin;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;

/**
 * The measurement behind the service's choice of HTTP server: the same JSON endpoint (parse a
 * document, answer a duplicate list, as {@code POST /query} does without the index) on the JDK's
 * {@code HttpServer} and on Javalin, loaded with {@code wrk} from the same machine.
 *
 * <pre>
 * java -cp neardup-bench/target/benchmarks.jar org.neardup.bench.server.HttpServerChoice jdk 32 18080
 *   # or: ... HttpServerChoice javalin 0 18080; or jdk-delay 32 18080
 * wrk -t1 -c16 -d10s --latency -s scripts/wrk-post-query.lua http://127.0.0.1:18080/query
 * </pre>
 *
 * {@code jdk-delay} runs the JDK server without {@code sun.net.httpserver.nodelay}, to show what
 * Nagle's algorithm costs it.
 */
public final class HttpServerChoice {
  private static final ObjectMapper JSON = new ObjectMapper();

  private HttpServerChoice() {}

  static byte[] answer(byte[] body) throws IOException {
    JsonNode request = JSON.readTree(body);
    String text = request.get("text").asText();
    Map<String, Object> response = new LinkedHashMap<>();
    response.put("duplicates", List.of(Map.of("id", "doc" + text.length(), "similarity", 0.9)));
    return JSON.writeValueAsBytes(response);
  }

  public static void main(String[] args) throws IOException {
    String server = args[0];
    int threads = Integer.parseInt(args[1]);
    int port = Integer.parseInt(args[2]);
    if (server.equals("javalin")) {
      Javalin.create(
              config -> {
                config.jetty.host = "127.0.0.1";
                config.jetty.port = port;
                config.routes.post(
                    "/query",
                    ctx -> ctx.contentType("application/json").result(answer(ctx.bodyAsBytes())));
              })
          .start();
      return;
    }
    if (server.equals("jdk")) {
      System.setProperty("sun.net.httpserver.nodelay", "true");
    }
    HttpServer http =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1024);
    http.setExecutor(Executors.newFixedThreadPool(threads));
    http.createContext(
        "/query",
        exchange -> {
          try (exchange) {
            byte[] out = answer(exchange.getRequestBody().readAllBytes());
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, out.length);
            try (OutputStream body = exchange.getResponseBody()) {
              body.write(out);
            }
          }
        });
    http.start();
  }
}
