package org.neardup.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.server.ServerFixture.json;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server under clients that dribble, idle, flood, lie about their Host or send garbage, through
 * the real HTTP server on a loopback port with raw sockets.
 */
class HostileClientTest {
  private static final String TOKEN = "s3cret";
  private static final String AD =
      "Sunny two-room flat near Termini station, 800 euro a month, furnished";

  @TempDir Path dir;

  @Test
  void healthAndAnAuthenticatedQueryAnswerWithAThousandSlowAndIdleConnectionsOpen()
      throws Exception {
    try (ServerFixture fixture = new ServerFixture(dir.resolve("data"), TOKEN, config -> config);
        Sockets sockets = new Sockets()) {
      assertThat(fixture.postJson("/documents", Map.of("id", "ad-1", "text", AD)).statusCode())
          .isEqualTo(201);
      for (int i = 0; i < 1000; i++) {
        Socket socket = sockets.open(fixture.server.port());
        if (i % 3 == 0) { // slow headers: their start, the rest never comes
          socket
              .getOutputStream()
              .write(
                  "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
                      .getBytes(StandardCharsets.US_ASCII));
        } else if (i % 3 == 1) { // a slow body without the token: refused before it is read
          socket
              .getOutputStream()
              .write(
                  ("POST /documents HTTP/1.1\r\n"
                          + "Host: 127.0.0.1\r\n"
                          + "Content-Type: application/json\r\n"
                          + "Content-Length: 100000\r\n\r\n"
                          + "{\"id\": ")
                      .getBytes(StandardCharsets.US_ASCII));
        } // else idle: connected, nothing sent
        socket.getOutputStream().flush();
      }
      // the server has taken every connection: one more byte on each, then the requests
      for (Socket socket : sockets.list) {
        try {
          socket.getOutputStream().write('a');
        } catch (IOException e) {
          // a refused slow body: closed by the server
        }
      }
      assertThat(fixture.get("/health").statusCode()).isEqualTo(200);
      var query = fixture.postJson("/query", Map.of("text", AD));
      assertThat(query.statusCode()).isEqualTo(200);
      assertThat(json(query).get("duplicates").get(0).get("id").asText()).isEqualTo("ad-1");
    }
  }

  /**
   * Connections without the token pipeline requests for the page's script (which needs none) and
   * never read the answers: answers are written without holding a request thread, so the few
   * threads of this server stay free for {@code /health} and an authenticated query. (Written with
   * blocking writes, each such connection held a thread until the idle timeout, here two minutes.)
   */
  @Test
  void unreadPipelinedAnswersHoldNoThread() throws Exception {
    HttpLimits limits =
        new HttpLimits(
            4096,
            Duration.ofSeconds(10),
            Duration.ofSeconds(60),
            Duration.ofSeconds(120),
            Duration.ofSeconds(120),
            16 << 10,
            1024);
    try (ServerFixture fixture =
            new ServerFixture(
                dir.resolve("data"),
                TOKEN,
                config ->
                    new ServerConfig(
                        config.host(),
                        config.port(),
                        config.token(),
                        config.maxBodyBytes(),
                        4,
                        false,
                        config.allowedHosts(),
                        limits));
        Sockets sockets = new Sockets()) {
      assertThat(fixture.postJson("/documents", Map.of("id", "ad-1", "text", AD)).statusCode())
          .isEqualTo(201);
      byte[] pipelined =
          "GET /assets/neardup.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
              .repeat(1000)
              .getBytes(StandardCharsets.US_ASCII);
      ExecutorService writers = Executors.newFixedThreadPool(4);
      try {
        for (int i = 0; i < 16; i++) { // four times the request threads, and more than the pool
          Socket socket = new Socket();
          socket.setReceiveBufferSize(4096);
          socket.connect(new InetSocketAddress("127.0.0.1", fixture.server.port()));
          sockets.list.add(socket);
          writers.submit(
              () -> {
                socket.getOutputStream().write(pipelined);
                return null;
              });
        }
        for (Socket socket : sockets.list) { // each connection is being answered: then unread
          socket.setSoTimeout(30_000);
          assertThat(socket.getInputStream().read()).isEqualTo('H');
        }
        HttpResponse<String> health =
            fixture.send(fixture.request("/health").timeout(Duration.ofSeconds(20)).GET().build());
        assertThat(health.statusCode()).isEqualTo(200);
        HttpResponse<String> stats =
            fixture.send(fixture.request("/stats").timeout(Duration.ofSeconds(20)).GET().build());
        assertThat(stats.statusCode()).isEqualTo(200);
        var query = fixture.postJson("/query", Map.of("text", AD));
        assertThat(json(query).get("duplicates").get(0).get("id").asText()).isEqualTo("ad-1");
      } finally {
        sockets.close();
        writers.shutdownNow();
      }
    }
  }

  @Test
  void healthAndAQueryAnswerWhileManyBodiesAreDribbledToAServerWithoutAToken() throws Exception {
    try (ServerFixture fixture = new ServerFixture(dir.resolve("data"), null, config -> config);
        Sockets sockets = new Sockets()) {
      assertThat(fixture.postJson("/documents", Map.of("id", "ad-1", "text", AD)).statusCode())
          .isEqualTo(201);
      byte[] body =
          ("{\"text\": \"" + AD + " ".repeat(1000 - 12 - AD.length()) + "\"}")
              .getBytes(StandardCharsets.US_ASCII);
      assertThat(body).hasSize(1000);
      String head =
          "POST /query HTTP/1.1\r\n"
              + "Host: 127.0.0.1\r\n"
              + "Content-Type: application/json\r\n"
              + "Content-Length: 1000\r\n"
              + "Connection: close\r\n\r\n";
      for (int i = 0; i < 80; i++) { // ten times the fixture's request threads
        sockets
            .open(fixture.server.port())
            .getOutputStream()
            .write(head.getBytes(StandardCharsets.US_ASCII));
      }
      AtomicInteger sent = new AtomicInteger(); // the body's bytes sent on each connection
      ScheduledExecutorService dribbler = Executors.newSingleThreadScheduledExecutor();
      dribbler.scheduleWithFixedDelay(
          () -> {
            for (Socket socket : sockets.list) {
              try {
                socket.getOutputStream().write(body[sent.get()]);
              } catch (IOException e) {
                // closed by the server: the assertions below say what went wrong
              }
            }
            sent.incrementAndGet();
          },
          0,
          300,
          TimeUnit.MILLISECONDS);
      int sentBefore;
      try {
        while (sent.get() < 3) {
          Thread.sleep(50);
        }
        assertThat(fixture.get("/health").statusCode()).isEqualTo(200);
        var query = fixture.postJson("/query", Map.of("text", AD));
        assertThat(query.statusCode()).isEqualTo(200);
        assertThat(json(query).get("duplicates").get(0).get("id").asText()).isEqualTo("ad-1");
        sentBefore = sent.get();
      } finally {
        dribbler.shutdownNow();
        assertThat(dribbler.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
      }
      assertThat(sentBefore)
          .as("every body still incomplete while the others answered")
          .isLessThan(body.length);
      Socket last = sockets.list.get(sockets.list.size() - 1);
      last.getOutputStream().write(body, sent.get(), body.length - sent.get());
      RawHttp.Answer dribbled = RawHttp.read(last);
      assertThat(dribbled.status()).as("a dribbled body, once whole, is answered").isEqualTo(200);
      assertThat(dribbled.body()).contains("\"ad-1\"");
    }
  }

  @Test
  void theBodiesInMemoryAreBoundedBeyondWhichA503AnswersAndTheirBytesComeBack() throws Exception {
    // one request thread and 1,000-byte bodies: the bodies in memory hold 1,000 bytes at most
    try (ServerFixture fixture =
            new ServerFixture(
                dir.resolve("data"),
                null,
                config ->
                    new ServerConfig(
                        config.host(), 0, null, 1000, 1, true, List.of(), config.limits()));
        Sockets sockets = new Sockets()) {
      int port = fixture.server.port();
      assertThat(fixture.postJson("/documents", Map.of("id", "ad-1", "text", AD)).statusCode())
          .isEqualTo(201);
      byte[] body =
          ("{\"text\": \"" + AD + " ".repeat(1000 - 12 - AD.length()) + "\"}")
              .getBytes(StandardCharsets.US_ASCII);
      String head =
          "POST /query HTTP/1.1\r\n"
              + "Host: 127.0.0.1\r\n"
              + "Content-Type: application/json\r\n"
              + "Content-Length: 1000\r\n"
              + "Connection: close\r\n\r\n";
      Socket held = null;
      HttpResponse<String> refused = null;
      for (int attempt = 0; attempt < 20 && refused == null; attempt++) {
        held = sockets.open(port);
        held.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
        held.getOutputStream().write(body, 0, 900);
        Thread.sleep(100);
        var answer = fixture.postJson("/query", Map.of("text", AD));
        if (answer.statusCode() == 503) {
          refused = answer; // the held body's bytes were in first, as meant
        } else { // the query's were, or the held ones were not in yet: again
          held.getOutputStream().write(body, 900, 100);
          RawHttp.read(held);
        }
      }
      assertThat(refused).as("a body refused while another holds the budget").isNotNull();
      assertThat(refused.headers().firstValue("Content-Type")).hasValue("application/problem+json");
      assertThat(json(refused).get("detail").asText())
          .contains("1000 bytes")
          .contains("send it again shortly");

      held.getOutputStream().write(body, 900, 100);
      RawHttp.Answer answer = RawHttp.read(held);
      assertThat(answer.status()).as("the held body, once whole").isEqualTo(200);
      assertThat(fixture.postJson("/query", Map.of("text", AD)).statusCode())
          .as("its bytes given back")
          .isEqualTo(200);

      Socket abandoned =
          sockets.open(port); // a body whose client goes away gives its bytes back too
      abandoned.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
      abandoned.getOutputStream().write(body, 0, 900);
      abandoned.getOutputStream().flush();
      Thread.sleep(200);
      abandoned.close();
      int status = 0;
      for (int i = 0; i < 100 && status != 200; i++) {
        Thread.sleep(50);
        status = fixture.postJson("/query", Map.of("text", AD)).statusCode();
      }
      assertThat(status).isEqualTo(200);

      StringBuilder chunked =
          new StringBuilder(
              "POST /query HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n");
      for (int i = 0; i < 15; i++) { // 1,500 bytes, no length declared
        chunked.append("64\r\n").append("x".repeat(100)).append("\r\n");
      }
      RawHttp.Answer tooLarge = RawHttp.send(port, chunked.append("0\r\n\r\n").toString());
      assertThat(tooLarge.status()).isEqualTo(413);
      assertThat(tooLarge.body()).contains("larger than the limit of 1000 bytes");
    }
  }

  @Test
  void headersDribbledPastTheHeaderTimeoutCloseTheConnection() throws Exception {
    assertClosedWhileDribbling(
        limits(
            Duration.ofMillis(500),
            Duration.ofSeconds(60),
            Duration.ofSeconds(30),
            Duration.ofSeconds(120)),
        "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
  }

  @Test
  void aBodyDribbledPastTheBodyTimeoutClosesTheConnection() throws Exception {
    assertClosedWhileDribbling(
        limits(
            Duration.ofSeconds(10),
            Duration.ofMillis(500),
            Duration.ofSeconds(30),
            Duration.ofSeconds(120)),
        "POST /query HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Content-Length: 100000\r\n\r\n{\"text\": \"");
  }

  @Test
  void aRequestNotAnsweredWithinTheRequestTimeoutClosesTheConnection() throws Exception {
    assertClosedWhileDribbling(
        limits(
            Duration.ofSeconds(10),
            Duration.ofSeconds(60),
            Duration.ofSeconds(30),
            Duration.ofMillis(500)),
        "POST /query HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Content-Length: 100000\r\n\r\n{\"text\": \"");
  }

  @Test
  void anIdleConnectionIsClosedAtTheIdleTimeout() throws Exception {
    HttpLimits limits =
        limits(
            Duration.ofSeconds(10),
            Duration.ofSeconds(60),
            Duration.ofMillis(500),
            Duration.ofSeconds(120));
    try (ServerFixture fixture =
            new ServerFixture(dir.resolve("data"), null, config -> config.withLimits(limits));
        Socket socket = new Socket("127.0.0.1", fixture.server.port())) {
      socket.setSoTimeout(10_000);
      int read;
      try {
        read = socket.getInputStream().read();
      } catch (IOException e) {
        read = -1;
      }
      assertThat(read).as("closed without a byte sent").isEqualTo(-1);
    }
  }

  private static HttpLimits limits(
      Duration header, Duration body, Duration idle, Duration request) {
    return new HttpLimits(100, header, body, idle, request, 16 << 10, 64);
  }

  /**
   * Sends {@code start}, then a byte every 100 ms (well within the idle timeout), and asserts the
   * server closes the connection within 10 s; then that it still answers.
   */
  private void assertClosedWhileDribbling(HttpLimits limits, String start) throws Exception {
    try (ServerFixture fixture =
            new ServerFixture(dir.resolve("data"), null, config -> config.withLimits(limits));
        Socket socket = new Socket("127.0.0.1", fixture.server.port())) {
      socket.setSoTimeout(100);
      OutputStream out = socket.getOutputStream();
      out.write(start.getBytes(StandardCharsets.US_ASCII));
      boolean closed = false;
      for (int i = 0; i < 100 && !closed; i++) {
        try {
          out.write('x');
          out.flush();
          closed = socket.getInputStream().read() < 0;
        } catch (SocketTimeoutException e) {
          // still open
        } catch (IOException e) {
          closed = true;
        }
      }
      assertThat(closed).as("closed within 10 s of dribbling").isTrue();
      assertThat(fixture.get("/health").statusCode()).isEqualTo(200);
    }
  }

  @Test
  void atTheConnectionCapTheIdlestConnectionMakesRoom() throws Exception {
    HttpLimits limits =
        new HttpLimits(
            20,
            Duration.ofSeconds(10),
            Duration.ofSeconds(60),
            Duration.ofSeconds(30),
            Duration.ofSeconds(120),
            16 << 10,
            64);
    try (ServerFixture fixture =
            new ServerFixture(dir.resolve("data"), null, config -> config.withLimits(limits));
        Sockets sockets = new Sockets()) {
      int port = fixture.server.port();
      Socket first = sockets.open(port);
      Thread.sleep(200); // the idlest
      for (int i = 1; i < 20; i++) {
        sockets.open(port);
      }
      assertThat(fixture.get("/health").statusCode()).isEqualTo(200);
      first.setSoTimeout(10_000);
      int read;
      try {
        read = first.getInputStream().read();
      } catch (IOException e) {
        read = -1;
      }
      assertThat(read).as("the idlest connection closed to make room").isEqualTo(-1);
    }
  }

  @Test
  void atTheConnectionCapWithEveryConnectionBusyANewOneIsClosedAtOnce() throws Exception {
    HttpLimits limits =
        new HttpLimits(
            20,
            Duration.ofSeconds(10),
            Duration.ofSeconds(60),
            Duration.ofSeconds(30),
            Duration.ofSeconds(120),
            16 << 10,
            64);
    try (ServerFixture fixture =
        new ServerFixture(dir.resolve("data"), null, config -> config.withLimits(limits))) {
      try (Sockets sockets = new Sockets()) {
        for (int i = 0; i < 20; i++) { // each a request in progress: its body is slow
          sockets
              .open(fixture.server.port())
              .getOutputStream()
              .write(
                  ("POST /query HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                          + "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{")
                      .getBytes(StandardCharsets.US_ASCII));
        }
        Thread.sleep(500); // their headers parsed
        Socket extra = sockets.open(fixture.server.port());
        extra.setSoTimeout(10_000);
        int read;
        try {
          extra
              .getOutputStream()
              .write(
                  "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                      .getBytes(StandardCharsets.US_ASCII));
          read = extra.getInputStream().read();
        } catch (IOException e) {
          read = -1; // reset: closed as well
        }
        assertThat(read)
            .as("the connection over the cap is closed without an answer")
            .isEqualTo(-1);
      }
      assertThat(fixture.get("/health").statusCode()).isEqualTo(200);
    }
  }

  @Test
  void aForeignHostIsRefusedWith421AndChangesNothing() throws Exception {
    try (ServerFixture fixture = new ServerFixture(dir.resolve("data"), null, config -> config)) {
      assertThat(fixture.postJson("/documents", Map.of("id", "k1", "text", AD)).statusCode())
          .isEqualTo(201);
      int port = fixture.server.port();
      RawHttp.Answer refused =
          RawHttp.send(
              port,
              "DELETE /documents/k1 HTTP/1.1\r\nHost: rebind.attacker.example:"
                  + port
                  + "\r\nConnection: close\r\n\r\n");
      assertThat(refused.status()).isEqualTo(421);
      assertThat(refused.hasHeader("content-type: application/problem+json")).isTrue();
      assertThat(refused.body()).contains("rebind.attacker.example").contains("--allowed-host");
      assertThat(fixture.get("/documents/k1").statusCode()).isEqualTo(200);

      for (String host :
          List.of(
              "localhost:" + port,
              "127.0.0.1",
              "127.1.2.3:" + port,
              "[::1]:" + port,
              "LOCALHOST.")) {
        RawHttp.Answer ok =
            RawHttp.send(
                port, "GET /health HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n");
        assertThat(ok.status()).as(host).isEqualTo(200);
      }
    }
  }

  @Test
  void anAllowedHostIsAnswered() throws Exception {
    try (ServerFixture fixture =
        new ServerFixture(
            dir.resolve("data"),
            null,
            config ->
                new ServerConfig(
                    config.host(),
                    0,
                    null,
                    config.maxBodyBytes(),
                    8,
                    true,
                    List.of("dedup.internal.example"),
                    config.limits()))) {
      int port = fixture.server.port();
      assertThat(
              RawHttp.send(
                      port,
                      "GET /health HTTP/1.1\r\nHost: dedup.internal.example:"
                          + port
                          + "\r\nConnection: close\r\n\r\n")
                  .status())
          .isEqualTo(200);
      assertThat(
              RawHttp.send(
                      port,
                      "GET /health HTTP/1.1\r\nHost: other.example\r\nConnection: close\r\n\r\n")
                  .status())
          .isEqualTo(421);
    }
  }

  @Test
  void unknownMethodsAddNoMetricSeries() throws Exception {
    try (ServerFixture fixture = new ServerFixture(dir.resolve("data"), TOKEN, config -> config)) {
      int port = fixture.server.port();
      for (int i = 0; i < 200; i++) {
        RawHttp.Answer answer =
            RawHttp.send(
                port,
                "M" + i + " /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
        assertThat(answer.status()).isEqualTo(405);
        RawHttp.send(
            port,
            "GET /nowhere/" + i + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
      }
      String metrics = fixture.get("/metrics").body();
      assertThat(metrics).doesNotContain("M17").doesNotContain("nowhere");
      long series =
          metrics
              .lines()
              .filter(line -> line.startsWith("neardup_http_requests_seconds_count"))
              .count();
      assertThat(series).isLessThanOrEqualTo(5);
    }
  }

  @Test
  void malformedRequestsGetProblemJson4xx() throws Exception {
    try (ServerFixture fixture = new ServerFixture(dir.resolve("data"), null, config -> config)) {
      assertThat(fixture.postJson("/documents", Map.of("id", "\uFFFD", "text", AD)).statusCode())
          .isEqualTo(201);
      int port = fixture.server.port();
      String close = "Host: 127.0.0.1\r\nConnection: close\r\n\r\n";
      Map<String, Integer> cases = new java.util.LinkedHashMap<>();
      cases.put("GET /documents/%FF HTTP/1.1\r\n" + close, 400);
      cases.put("DELETE /documents/%EF%BF HTTP/1.1\r\n" + close, 400);
      cases.put("GET /documents/%ZZ HTTP/1.1\r\n" + close, 400);
      cases.put(
          "POST /query HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: -5\r\n"
              + close,
          400);
      cases.put("GARBAGE\r\n" + close, 400);
      cases.put("GET /health HTTP/1.1\r\nX-Big: " + "a".repeat(40_000) + "\r\n" + close, 431);
      cases.put("BREW /health HTTP/1.1\r\n" + close, 405);
      for (Map.Entry<String, Integer> c : cases.entrySet()) {
        RawHttp.Answer answer = RawHttp.send(port, c.getKey());
        String what = c.getKey().substring(0, Math.min(40, c.getKey().length()));
        assertThat(answer.status()).as(what).isEqualTo(c.getValue());
        assertThat(answer.hasHeader("content-type: application/problem+json")).as(what).isTrue();
        assertThat(ServerFixture.JSON.readTree(answer.body()).get("status").asInt())
            .as(what)
            .isEqualTo(c.getValue());
      }
      assertThat(fixture.get("/documents/%EF%BF%BD").statusCode()).isEqualTo(200);
    }
  }

  @Test
  void every405SaysAllowAndHeadIsServedForGet() throws Exception {
    try (ServerFixture fixture = new ServerFixture(dir.resolve("data"), null, config -> config)) {
      int port = fixture.server.port();
      String close = "Host: 127.0.0.1\r\nConnection: close\r\n\r\n";
      RawHttp.Answer delete = RawHttp.send(port, "DELETE /health HTTP/1.1\r\n" + close);
      assertThat(delete.status()).isEqualTo(405);
      assertThat(delete.hasHeader("allow: GET, HEAD")).isTrue();
      RawHttp.Answer get = RawHttp.send(port, "GET /query HTTP/1.1\r\n" + close);
      assertThat(get.status()).isEqualTo(405);
      assertThat(get.hasHeader("allow: POST")).isTrue();
      RawHttp.Answer head = RawHttp.send(port, "HEAD /health HTTP/1.1\r\n" + close);
      assertThat(head.status()).isEqualTo(200);
      assertThat(head.hasHeader("content-type: application/json")).isTrue();
      assertThat(head.body()).isEmpty();
    }
  }

  @Test
  void diffsAreBoundedByTextLengthAndByABudgetAnAnswer() throws Exception {
    try (ServerFixture fixture = new ServerFixture(dir.resolve("data"), null, config -> config)) {
      String longText = words(30_000, 1); // about 200,000 characters
      for (int i = 0; i < 3; i++) {
        assertThat(
                fixture
                    .postJson(
                        "/documents", Map.of("id", "long-" + i, "text", longText + " copy" + i))
                    .statusCode())
            .isEqualTo(201);
      }
      var longAnswer = fixture.postJson("/query?diff=true", Map.of("text", longText));
      assertThat(longAnswer.body().length()).isLessThan(10_000);
      var longDuplicates = json(longAnswer).get("duplicates");
      assertThat(longDuplicates).hasSize(3);
      for (var duplicate : longDuplicates) {
        assertThat(duplicate.get("diff").isNull()).isTrue();
        assertThat(duplicate.get("diffOmitted").asText()).contains("longer than 100000 characters");
      }

      String text = words(13_000, 2); // about 90,000 characters: 11 diffs fit the 2,000,000 budget
      for (int i = 0; i < 15; i++) {
        fixture.postJson("/documents", Map.of("id", "mid-" + i, "text", text + " copy" + i));
      }
      var answer =
          json(fixture.postJson("/query?diff=true&limit=20", Map.of("text", text)))
              .get("duplicates");
      assertThat(answer).hasSize(15);
      int diffed = 0;
      for (var duplicate : answer) {
        if (duplicate.get("diff").isArray()) {
          diffed++;
        } else {
          assertThat(duplicate.get("diffOmitted").asText()).contains("limit of 2000000 characters");
        }
      }
      assertThat(diffed).isBetween(10, 11);
    }
  }

  /** {@code count} words drawn from a fixed seed, different for each {@code seed}. */
  private static String words(int count, long seed) {
    java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < count; i++) {
      int length = 3 + random.nextInt(8);
      for (int c = 0; c < length; c++) {
        text.append((char) ('a' + random.nextInt(26)));
      }
      text.append(' ');
    }
    return text.toString().strip();
  }

  /** Sockets closed together. */
  private static final class Sockets implements AutoCloseable {
    final List<Socket> list = new ArrayList<>();

    Socket open(int port) throws IOException {
      Socket socket = new Socket("127.0.0.1", port);
      list.add(socket);
      return socket;
    }

    @Override
    public void close() {
      for (Socket socket : list) {
        try {
          socket.close();
        } catch (IOException e) {
          // closing: nothing to do
        }
      }
    }
  }
}
