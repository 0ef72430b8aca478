package org.neardup.server.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * One HTTP exchange as the handlers see it: the request's method, path, parameters and a body read
 * within the size limit, and helpers to answer with JSON, text or a problem. Not thread-safe: one
 * exchange, one thread.
 */
final class HttpCall {
  static final String JSON = "application/json";
  static final String NDJSON = "application/x-ndjson";
  static final String PROBLEM = "application/problem+json";

  private final HttpExchange exchange;
  private final ObjectMapper json;
  private int status;

  HttpCall(HttpExchange exchange, ObjectMapper json) {
    this.exchange = exchange;
    this.json = json;
  }

  String method() {
    return exchange.getRequestMethod().toUpperCase(Locale.ROOT);
  }

  /** The raw (still percent-encoded) path. */
  String rawPath() {
    return exchange.getRequestURI().getRawPath();
  }

  /** The status sent, or 0 before any. */
  int status() {
    return status;
  }

  String header(String name) {
    return exchange.getRequestHeaders().getFirst(name);
  }

  /** The value of query parameter {@code name}, decoded, or null when absent. */
  String parameter(String name) {
    String query = exchange.getRequestURI().getRawQuery();
    if (query == null) {
      return null;
    }
    for (String pair : query.split("&")) {
      int eq = pair.indexOf('=');
      String key = decode(eq < 0 ? pair : pair.substring(0, eq));
      if (key.equals(name)) {
        return eq < 0 ? "" : decode(pair.substring(eq + 1));
      }
    }
    return null;
  }

  /** Percent-decodes UTF-8 (a '+' is a plus: this is a path or query, not a form). */
  static String decode(String raw) {
    try {
      return URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw ApiException.badRequest("malformed percent-encoding in '" + raw + "'");
    }
  }

  /** Checks the request's media type (parameters such as charset ignored): 415 otherwise. */
  String requireContentType(String... accepted) {
    String type = header("Content-Type");
    String media = type == null ? "" : type.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
    for (String ok : accepted) {
      if (media.equals(ok)) {
        return media;
      }
    }
    throw new ApiException(415, "Unsupported media type",
        "send the body as " + String.join(" or ", accepted) + (type == null ? " (no Content-Type given)" : ", not " + type));
  }

  /** The whole request body, refused with 413 when longer than {@code limit} bytes. */
  byte[] body(long limit) throws IOException {
    String length = header("Content-Length");
    if (length != null) {
      try {
        if (Long.parseLong(length.trim()) > limit) {
          throw tooLarge(limit, exchange.getRequestBody());
        }
      } catch (NumberFormatException e) {
        throw ApiException.badRequest("malformed Content-Length '" + length + "'");
      }
    }
    InputStream in = exchange.getRequestBody();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buffer = new byte[8192];
    long total = 0;
    for (int n; (n = in.read(buffer)) > 0; ) {
      total += n;
      if (total > limit) {
        throw tooLarge(limit, in);
      }
      out.write(buffer, 0, n);
    }
    return out.toByteArray();
  }

  /**
   * The 413, after reading and dropping the rest of the body (up to 64 MiB more): a server that
   * answers while the client is still sending makes the client's TCP stack discard the answer
   * (the connection is reset), and the client would see no 413 at all.
   */
  private static ApiException tooLarge(long limit, InputStream rest) throws IOException {
    byte[] sink = new byte[8192];
    long dropped = 0;
    for (int n; dropped < (64L << 20) && (n = rest.read(sink)) > 0; ) {
      dropped += n;
    }
    return new ApiException(413, "Payload too large", "the body is larger than the limit of " + limit + " bytes");
  }

  void sendJson(int code, Object value) throws IOException {
    send(code, JSON, json.writeValueAsBytes(value));
  }

  void sendText(int code, String contentType, String text) throws IOException {
    send(code, contentType, text.getBytes(StandardCharsets.UTF_8));
  }

  void sendBytes(int code, String contentType, byte[] body) throws IOException {
    send(code, contentType, body);
  }

  void sendEmpty(int code) throws IOException {
    status = code;
    exchange.sendResponseHeaders(code, -1);
  }

  void sendProblem(ApiException problem) throws IOException {
    var body = new java.util.LinkedHashMap<String, Object>();
    body.put("type", "about:blank");
    body.put("title", problem.title());
    body.put("status", problem.status());
    body.put("detail", problem.getMessage());
    if (problem.status() == 401) {
      exchange.getResponseHeaders().set("WWW-Authenticate", "Bearer");
    }
    send(problem.status(), PROBLEM, json.writeValueAsBytes(body));
  }

  void setHeader(String name, String value) {
    exchange.getResponseHeaders().set(name, value);
  }

  /** Starts a streamed (chunked) response; the caller writes the body and closes the stream. */
  OutputStream stream(int code, String contentType) throws IOException {
    status = code;
    exchange.getResponseHeaders().set("Content-Type", contentType);
    exchange.sendResponseHeaders(code, 0);
    return exchange.getResponseBody();
  }

  private void send(int code, String contentType, byte[] body) throws IOException {
    status = code;
    exchange.getResponseHeaders().set("Content-Type", contentType);
    exchange.sendResponseHeaders(code, body.length == 0 ? -1 : body.length);
    if (body.length > 0) {
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }
}
