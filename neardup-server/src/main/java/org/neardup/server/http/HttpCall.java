package org.neardup.server.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.BufferUtil;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.Invocable;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * One HTTP exchange as the handlers see it: the request's method, path, parameters and a body read
 * within the size limit and the body timeout, and helpers to answer with JSON, text or a problem.
 * Not thread-safe: one exchange, one thread at a time (the body may end on another thread than the
 * one it started on).
 */
final class HttpCall {
  static final String JSON = "application/json";
  static final String NDJSON = "application/x-ndjson";
  static final String PROBLEM = "application/problem+json";

  private final Request request;
  private final Response response;
  private final ObjectMapper json;
  private final long bodyTimeoutMillis;
  private BodyReader body;
  private int status;
  private Consumer<Throwable> written = failure -> {};

  HttpCall(Request request, Response response, ObjectMapper json, long bodyTimeoutMillis) {
    this.request = request;
    this.response = response;
    this.json = json;
    this.bodyTimeoutMillis = bodyTimeoutMillis;
  }

  String method() {
    return request.getMethod().toUpperCase(Locale.ROOT);
  }

  /** The raw (still percent-encoded) path. */
  String rawPath() {
    return request.getHttpURI().getPath();
  }

  /** The status sent, or 0 before any. */
  int status() {
    return status;
  }

  /** Whether an answer was sent: its write ends the exchange ({@link #onAnswered}). */
  boolean answered() {
    return status != 0;
  }

  /**
   * Receives the end of the answer's write: null once it is out, else the failure (the client went
   * away, or read nothing until the idle timeout). Called once, on any thread.
   */
  void onAnswered(Consumer<Throwable> receiver) {
    this.written = receiver;
  }

  String header(String name) {
    return request.getHeaders().get(name);
  }

  /** The value of query parameter {@code name}, decoded, or null when absent. */
  String parameter(String name) {
    String query = request.getHttpURI().getQuery();
    if (query == null) {
      return null;
    }
    for (String pair : query.split("&", -1)) {
      int eq = pair.indexOf('=');
      String key = decode(eq < 0 ? pair : pair.substring(0, eq));
      if (key.equals(name)) {
        return eq < 0 ? "" : decode(pair.substring(eq + 1));
      }
    }
    return null;
  }

  /** The largest count parameter: {@value}. */
  static final int MAX_COUNT = 10_000;

  /**
   * A count parameter ({@code limit}, {@code top}) in [1, {@value #MAX_COUNT}], or {@code absent}
   * when not given.
   */
  int count(String name, int absent) {
    String value = parameter(name);
    if (value == null) {
      return absent;
    }
    try {
      int count = Integer.parseInt(value);
      if (count >= 1 && count <= MAX_COUNT) {
        return count;
      }
    } catch (NumberFormatException e) {
      // the message below
    }
    throw ApiException.badRequest(
        name + " must be a whole number in [1, " + MAX_COUNT + "], got '" + value + "'");
  }

  /** The boolean query parameter {@code name}: absent or false, true or given without a value. */
  boolean flag(String name) {
    String value = parameter(name);
    if (value == null || value.equals("false")) {
      return false;
    }
    if (value.equals("true") || value.isEmpty()) {
      return true;
    }
    throw ApiException.badRequest(name + " must be true or false, got '" + value + "'");
  }

  /**
   * Percent-decodes UTF-8 (a '+' is a plus: this is a path or query, not a form). A malformed
   * escape or bytes that are not UTF-8 are refused (400), never replaced by U+FFFD.
   */
  static String decode(String raw) {
    if (raw.indexOf('%') < 0) {
      return raw;
    }
    byte[] bytes = new byte[raw.length()];
    int n = 0;
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      if (c == '%') {
        int high = i + 2 < raw.length() ? Character.digit(raw.charAt(i + 1), 16) : -1;
        int low = i + 2 < raw.length() ? Character.digit(raw.charAt(i + 2), 16) : -1;
        if (high < 0 || low < 0) {
          throw ApiException.badRequest("malformed percent-encoding in '" + raw + "'");
        }
        bytes[n++] = (byte) (high << 4 | low);
        i += 2;
      } else if (c < 0x80) {
        bytes[n++] = (byte) c;
      } else {
        throw ApiException.badRequest(
            "a character outside ASCII in '" + raw + "': percent-encode it as UTF-8");
      }
    }
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes, 0, n))
          .toString();
    } catch (CharacterCodingException e) {
      throw ApiException.badRequest("percent-encoding in '" + raw + "' is not UTF-8");
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
    throw new ApiException(
        415,
        "Unsupported media type",
        "send the body as "
            + String.join(" or ", accepted)
            + (type == null ? " (no Content-Type given)" : ", not " + type));
  }

  /**
   * Reads the whole request body, refused when longer than {@code limit} bytes, without holding a
   * thread ({@link BodyReader}), then runs {@code then} on the thread that read its end; runs
   * {@code failed} instead when the connection fails first. A body not in whole within the body
   * timeout closes the connection.
   */
  void readBody(long limit, BodyBudget budget, Runnable then, Consumer<Throwable> failed) {
    body =
        new BodyReader(request, limit, budget, then, failed, closeAfter(bodyTimeoutMillis, false));
    body.run();
  }

  /** The body {@link #readBody} read: a 413 or 503 problem when it was refused. */
  byte[] body() {
    if (body == null) {
      throw new IllegalStateException("the body of " + method() + " " + rawPath() + " is not read");
    }
    return body.bytes();
  }

  /** Gives the body's memory back to its budget: the answer starts, or the exchange is over. */
  void releaseBody() {
    if (body != null) {
      body.release();
    }
  }

  /**
   * Schedules the close of this exchange's connection in {@code millis} ms, unless it is then
   * answering ({@code unlessAnswering}: a streamed answer is bounded by the idle timeout instead);
   * the caller cancels the returned task when done.
   */
  Scheduler.Task closeAfter(long millis, boolean unlessAnswering) {
    var endPoint = request.getConnectionMetaData().getConnection().getEndPoint();
    Runnable close =
        () -> {
          if (!unlessAnswering || !response.isCommitted()) {
            endPoint.close();
          }
        };
    return request.getComponents().getScheduler().schedule(close, millis, TimeUnit.MILLISECONDS);
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
    releaseBody();
    status = code;
    response.setStatus(code);
    response.write(true, BufferUtil.EMPTY_BUFFER, written());
  }

  void sendProblem(ApiException problem) throws IOException {
    if (problem.status() == 401) {
      response.getHeaders().put("WWW-Authenticate", "Bearer");
    }
    if (problem.allow() != null) {
      response.getHeaders().put("Allow", problem.allow());
    }
    send(
        problem.status(),
        PROBLEM,
        Problems.body(json, problem.status(), problem.title(), problem.getMessage()));
  }

  void setHeader(String name, String value) {
    response.getHeaders().put(name, value);
  }

  /**
   * Sends the answer whole, without holding the thread while it goes out: a client that does not
   * read keeps its answer in memory, no thread, until the idle timeout closes its connection. The
   * exchange ends when the write does ({@link #onAnswered}).
   */
  private void send(int code, String contentType, byte[] body) throws IOException {
    releaseBody(); // before the client can see the answer
    status = code;
    response.setStatus(code);
    response.getHeaders().put("Content-Type", contentType);
    response.getHeaders().put(org.eclipse.jetty.http.HttpHeader.CONTENT_LENGTH, body.length);
    response.write(true, ByteBuffer.wrap(body), written());
  }

  /** Tells {@link #onAnswered}'s receiver when the answer is out, or failed to go out. */
  private Callback written() {
    return Callback.from(
        Invocable.InvocationType.NON_BLOCKING, () -> written.accept(null), written);
  }
}
