package org.neardup.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.server.ServerFixture.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.diff.WordDiff;
import org.neardup.index.SearchSettings;
import org.neardup.text.Normalizer;
import org.neardup.text.NormalizerConfig;

/** Every endpoint through the real HTTP server, answers and refusals alike. */
class ApiTest {
  private static final String AD =
      "Sunny two-room flat near Termini station, 800 euro a month, furnished";
  private static final String REPOST =
      "Sunny two-room flat near Termini station - 800 euro a month, furnished!";

  @TempDir Path dir;
  private ServerFixture fixture;

  @BeforeEach
  void start() {
    fixture = new ServerFixture(dir.resolve("data"), null, 1 << 20);
  }

  @AfterEach
  void stop() {
    fixture.close();
  }

  @Test
  void addReturnsTheVerifiedDuplicatesAlreadyHeldThenStores() throws Exception {
    HttpResponse<String> first = fixture.postJson("/documents", Map.of("id", "ad-1", "text", AD));
    assertThat(first.statusCode()).isEqualTo(201);
    assertThat(first.headers().firstValue("Location")).contains("/documents/ad-1");
    assertThat(json(first).get("duplicates")).isEmpty();

    HttpResponse<String> second =
        fixture.postJson("/documents", Map.of("id", "ad-2", "text", REPOST));
    assertThat(second.statusCode()).isEqualTo(201);
    JsonNode duplicates = json(second).get("duplicates");
    assertThat(duplicates).hasSize(1);
    assertThat(duplicates.get(0).get("id").asText()).isEqualTo("ad-1");
    assertThat(duplicates.get(0).get("similarity").asDouble()).isBetween(0.8, 1.0);

    HttpResponse<String> again =
        fixture.postJson("/documents", Map.of("id", "ad-2", "text", REPOST));
    assertThat(again.statusCode()).isEqualTo(409);
    assertThat(again.headers().firstValue("Content-Type")).contains("application/problem+json");
    assertThat(json(again).get("detail").asText())
        .contains("already exists")
        .contains("upsert=true");

    HttpResponse<String> replaced =
        fixture.postJson("/documents?upsert=true", Map.of("id", "ad-2", "text", REPOST));
    assertThat(replaced.statusCode()).isEqualTo(200);
    assertThat(json(replaced).get("duplicates").get(0).get("id").asText()).isEqualTo("ad-1");
  }

  @Test
  void queryGetAndDelete() throws Exception {
    fixture.postJson("/documents", Map.of("id", "a/b c", "text", AD));
    HttpResponse<String> query = fixture.postJson("/query", Map.of("text", REPOST));
    assertThat(query.statusCode()).isEqualTo(200);
    assertThat(json(query).get("duplicates").get(0).get("id").asText()).isEqualTo("a/b c");
    assertThat(
            json(fixture.postJson("/query?limit=1", Map.of("text", "nothing like it")))
                .get("duplicates"))
        .isEmpty();

    HttpResponse<String> got = fixture.get("/documents/a%2Fb%20c");
    assertThat(got.statusCode()).isEqualTo(200);
    assertThat(json(got).get("text").asText()).isEqualTo(AD);

    assertThat(fixture.delete("/documents/a%2Fb%20c").statusCode()).isEqualTo(204);
    assertThat(fixture.delete("/documents/a%2Fb%20c").statusCode()).isEqualTo(404);
    assertThat(fixture.get("/documents/a%2Fb%20c").statusCode()).isEqualTo(404);
    assertThat(json(fixture.postJson("/query", Map.of("text", REPOST))).get("duplicates"))
        .isEmpty();
  }

  /**
   * {@code ?diff=true}: each duplicate also carries its stored text and the report's word diff of
   * it (left) into the request's text (right), words compared after the index's normalization.
   */
  @Test
  void withDiffEachDuplicateCarriesItsStoredTextAndTheReportsWordDiff() throws Exception {
    fixture.postJson("/documents", Map.of("id", "ad-1", "text", AD));
    List<WordDiff.Segment> expected =
        WordDiff.of(
            WordDiff.words(AD),
            WordDiff.words(REPOST),
            new Normalizer(NormalizerConfig.DEFAULT)::normalize);

    JsonNode queried =
        json(fixture.postJson("/query?diff=true", Map.of("text", REPOST))).get("duplicates").get(0);
    assertThat(queried.get("id").asText()).isEqualTo("ad-1");
    assertThat(queried.get("text").asText()).isEqualTo(AD);
    assertDiff(queried.get("diff"), expected);
    JsonNode plain =
        json(fixture.postJson("/query", Map.of("text", REPOST))).get("duplicates").get(0);
    assertThat(queried.get("similarity").asDouble()).isEqualTo(plain.get("similarity").asDouble());
    assertThat(plain.has("text")).isFalse(); // without ?diff=true, as before
    assertThat(plain.has("diff")).isFalse();

    HttpResponse<String> added =
        fixture.postJson("/documents?diff=true", Map.of("id", "ad-2", "text", REPOST));
    assertThat(added.statusCode()).isEqualTo(201);
    assertDiff(json(added).get("duplicates").get(0).get("diff"), expected);
    assertProblem(
        fixture.postJson("/query?diff=yes", Map.of("text", REPOST)),
        400,
        "diff must be true or false");

    String shouted = AD.toUpperCase(java.util.Locale.ROOT); // the same words after normalization
    JsonNode same =
        json(fixture.postJson("/query?diff=true", Map.of("text", shouted))).get("duplicates");
    assertThat(same.get(0).get("diff")).hasSize(1);
    assertThat(same.get(0).get("diff").get(0).get("kind").asText()).isEqualTo("same");
    assertThat(same.get(0).get("diff").get(0).get("left").asText()).isEqualTo(AD);
    assertThat(same.get(0).get("diff").get(0).get("right").asText()).isEqualTo(shouted);
  }

  private static void assertDiff(JsonNode diff, List<WordDiff.Segment> expected) {
    assertThat(diff).hasSize(expected.size());
    for (int s = 0; s < expected.size(); s++) {
      WordDiff.Segment segment = expected.get(s);
      assertThat(diff.get(s).get("kind").asText())
          .isEqualTo(segment.kind().name().toLowerCase(java.util.Locale.ROOT));
      assertThat(diff.get(s).get("left").asText()).isEqualTo(String.join(" ", segment.left()));
      assertThat(diff.get(s).get("right").asText()).isEqualTo(String.join(" ", segment.right()));
    }
    assertThat(diff.toString()).contains("\"kind\":\"deleted\"", "\"kind\":\"inserted\"");
  }

  @Test
  void withoutStoredTextsADuplicateHasNoTextAndNoDiff() throws Exception {
    fixture.close();
    fixture = new ServerFixture(dir.resolve("no-texts"), null, 1 << 20, false);
    fixture.postJson("/documents", Map.of("id", "ad-1", "text", AD));
    JsonNode duplicate =
        json(fixture.postJson("/query?diff=true", Map.of("text", REPOST))).get("duplicates").get(0);
    assertThat(duplicate.get("id").asText()).isEqualTo("ad-1");
    assertThat(duplicate.get("text").isNull()).isTrue();
    assertThat(duplicate.get("diff").isNull()).isTrue();
  }

  /** POST /query?top=K and ?measure=containment, on an index built for both. */
  @Test
  void topKAndContainmentQueries() throws Exception {
    fixture.close();
    fixture = new ServerFixture(dir.resolve("search"), null, 1 << 20, new SearchSettings(0.3, 4));
    String essay =
        "The committee met on Tuesday to discuss the budget for the coming year. After a long"
            + " debate about roads, schools and the new library, the members agreed to raise the"
            + " parking fees and to postpone the stadium until the spring.";
    String quote =
        "After a long debate about roads, schools and the new library, the members agreed";
    fixture.postJson("/documents", Map.of("id", "essay", "text", essay));
    fixture.postJson("/documents", Map.of("id", "ad-1", "text", AD));
    fixture.postJson(
        "/documents",
        Map.of("id", "ad-2", "text", "Sunny two-room flat near the station, 750 euro, furnished"));
    fixture.postJson(
        "/documents", Map.of("id", "ad-3", "text", "Studio in Trastevere with terrace, 650 euro"));

    JsonNode answer = json(fixture.postJson("/query?top=2", Map.of("text", REPOST)));
    assertThat(answer.get("floor").asDouble()).isEqualTo(0.3);
    JsonNode top = answer.get("duplicates");
    assertThat(top).hasSize(2);
    assertThat(top.get(0).get("id").asText()).isEqualTo("ad-1");
    assertThat(top.get(1).get("id").asText())
        .isEqualTo("ad-2"); // below the threshold, above the floor
    assertThat(top.get(1).get("similarity").asDouble()).isBetween(0.3, 0.8);
    assertThat(json(fixture.postJson("/query", Map.of("text", REPOST))).get("duplicates"))
        .hasSize(1);
    double second = top.get(1).get("similarity").asDouble();
    JsonNode above =
        json(fixture.postJson(
                String.format(java.util.Locale.ROOT, "/query?top=2&floor=%.4f", second + 0.01),
                Map.of("text", REPOST)))
            .get("duplicates");
    assertThat(above).hasSize(1); // a floor of the query's own, above ad-2
    assertThat(above.get(0).get("id").asText()).isEqualTo("ad-1");
    assertThat(
            json(fixture.postJson("/query?top=2&floor=0.3", Map.of("text", REPOST)))
                .get("duplicates"))
        .isEqualTo(top);

    JsonNode containing =
        json(fixture.postJson("/query?measure=containment", Map.of("text", quote)))
            .get("duplicates");
    assertThat(containing).hasSize(1);
    assertThat(containing.get(0).get("id").asText()).isEqualTo("essay");
    assertThat(containing.get(0).get("similarity").asDouble()).isEqualTo(1.0);
    assertThat(json(fixture.postJson("/query", Map.of("text", quote))).get("duplicates"))
        .isEmpty(); // J is low

    JsonNode stats = json(fixture.get("/stats"));
    assertThat(stats.get("topKFloor").asDouble()).isEqualTo(0.3);
    assertThat(stats.get("containmentSampling").asInt()).isEqualTo(4);
    assertProblem(
        fixture.postJson("/query?top=2&limit=3", Map.of("text", "x")), 400, "exclude each other");
    assertProblem(
        fixture.postJson("/query?top=2&measure=containment", Map.of("text", "x")),
        400,
        "use limit");
    assertProblem(
        fixture.postJson("/query?measure=cosine", Map.of("text", "x")), 400, "measure must be");
    assertProblem(fixture.postJson("/query?top=0", Map.of("text", "x")), 400, "top must be");
    assertProblem(
        fixture.postJson("/query?top=2&floor=0.2", Map.of("text", "x")),
        400,
        "floor must be a number in [0.3, 1]");
    assertProblem(
        fixture.postJson("/query?top=2&floor=high", Map.of("text", "x")), 400, "floor must be");
    assertProblem(fixture.postJson("/query?floor=0.5", Map.of("text", "x")), 400, "needs top=K");
  }

  @Test
  void aPlainIndexAnswersTopKDownToItsThresholdAndRefusesContainment() throws Exception {
    fixture.postJson("/documents", Map.of("id", "ad-1", "text", AD));
    JsonNode answer = json(fixture.postJson("/query?top=5", Map.of("text", REPOST)));
    assertThat(answer.get("duplicates")).hasSize(1);
    assertThat(answer.get("floor").asDouble()).isEqualTo(0.8);
    assertThat(json(fixture.get("/stats")).get("topKFloor").asDouble()).isEqualTo(0.8);
    JsonNode none =
        json(
            fixture.postJson(
                "/query?top=3", Map.of("text", "Studio in Trastevere with terrace, 650 euro")));
    assertThat(none.get("duplicates"))
        .isEmpty(); // nothing reaches the threshold, and the answer says how low it looked
    assertThat(none.get("floor").asDouble()).isEqualTo(0.8);
    assertProblem(
        fixture.postJson("/query?top=3&floor=0.3", Map.of("text", AD)),
        400,
        "built without --top-k-floor, so top=K goes down to its threshold");
    assertThat(
            json(fixture.postJson("/query?top=3&floor=0.9", Map.of("text", REPOST)))
                .get("floor")
                .asDouble())
        .isEqualTo(0.9);
    assertThat(json(fixture.postJson("/query", Map.of("text", REPOST))).has("floor")).isFalse();
    assertProblem(
        fixture.postJson("/query?measure=containment", Map.of("text", AD)),
        400,
        "--containment-sampling");
  }

  @Test
  void batchInJsonArrayAndJsonLinesWithPerItemResults() throws Exception {
    String array =
        ServerFixture.JSON.writeValueAsString(
            List.of(
                Map.of("id", "1", "text", AD),
                Map.of("id", "2", "text", REPOST),
                Map.of("id", "1", "text", "again"),
                Map.of("text", "no id"),
                Map.of("id", "3", "text", "   ")));
    HttpResponse<String> response = fixture.post("/documents:batch", "application/json", array);
    assertThat(response.statusCode()).isEqualTo(200);
    JsonNode results = json(response);
    assertThat(results).hasSize(5);
    assertThat(results.get(0).get("status").asText()).isEqualTo("added");
    assertThat(results.get(1).get("status").asText()).isEqualTo("added");
    assertThat(results.get(1).get("duplicates").get(0).get("id").asText()).isEqualTo("1");
    assertThat(results.get(2).get("status").asText()).isEqualTo("exists");
    assertThat(results.get(3).get("status").asText()).isEqualTo("invalid");
    assertThat(results.get(3).get("error").asText()).contains("missing field 'id'");
    assertThat(results.get(4).get("status").asText()).isEqualTo("empty");

    String lines =
        "{\"id\": \"4\", \"text\": \""
            + AD
            + "\"}\n\nnot json\n{\"id\": \"5\", \"text\": \"x y\"}\n";
    HttpResponse<String> ndjson =
        fixture.post("/documents:batch?upsert=true", "application/x-ndjson", lines);
    assertThat(ndjson.statusCode()).isEqualTo(200);
    List<String> resultLines = ndjson.body().lines().toList();
    assertThat(resultLines).hasSize(3);
    assertThat(ServerFixture.JSON.readTree(resultLines.get(0)).get("duplicates")).hasSize(2);
    assertThat(ServerFixture.JSON.readTree(resultLines.get(1)).get("error").asText())
        .contains("malformed JSON on line 3");
    assertThat(ServerFixture.JSON.readTree(resultLines.get(2)).get("status").asText())
        .isEqualTo("added");
  }

  @Test
  void badRequestsGetTheirStatusAsProblemJsonNeverA500() throws Exception {
    assertProblem(
        fixture.post("/documents", "application/json", "{not json"), 400, "malformed JSON");
    assertProblem(
        fixture.post("/documents", "application/json", "[1, 2]"), 400, "expected a JSON object");
    assertProblem(
        fixture.postJson("/documents", Map.of("id", 7, "text", "x")), 400, "'id' must be a string");
    assertProblem(fixture.postJson("/documents", Map.of("id", "x")), 400, "missing field 'text'");
    assertProblem(
        fixture.postJson("/documents", Map.of("id", "", "text", "x")), 400, "the id is empty");
    assertProblem(
        fixture.postJson("/documents", Map.of("id", "a\tb", "text", "x")),
        400,
        "control character");
    assertProblem(
        fixture.postJson("/documents", Map.of("id", "x".repeat(513), "text", "x")),
        400,
        "longer than 512");
    assertProblem(
        fixture.postJson("/documents", Map.of("id", "e", "text", " \n ")),
        400,
        "empty after normalization");
    assertProblem(fixture.post("/documents", "text/plain", "hello"), 415, "application/json");
    assertProblem(
        fixture.post("/documents:batch", "application/json", "{}"), 400, "expected a JSON array");
    assertProblem(
        fixture.post(
            "/documents",
            "application/json",
            "{\"id\": \"big\", \"text\": \"" + "x".repeat(2 << 20) + "\"}"),
        413,
        "larger than the limit");
    assertProblem(fixture.postJson("/query?limit=0", Map.of("text", "x")), 400, "limit must be");
    assertProblem(fixture.postJson("/query?limit=abc", Map.of("text", "x")), 400, "limit must be");
    assertProblem(
        fixture.postJson("/documents?upsert=maybe", Map.of("id", "u", "text", "x")),
        400,
        "upsert must be");
    assertProblem(fixture.get("/nowhere"), 404, "no such endpoint");
    assertThat(rawStatusLine("GET /documents/%ZZ HTTP/1.1"))
        .contains(" 400 "); // a URI no client library sends
    assertProblem(
        fixture.send(fixture.request("/health").POST(HttpRequest.BodyPublishers.noBody()).build()),
        405,
        "allowed: GET");
    assertProblem(
        fixture.send(
            fixture.request("/documents/x").PUT(HttpRequest.BodyPublishers.noBody()).build()),
        405,
        "allowed: DELETE, GET");
    assertThat(fixture.log).isEmpty(); // nothing here was the server's fault
  }

  /** Sends a request line as it is, over a plain socket, and returns the response's status line. */
  private String rawStatusLine(String requestLine) throws Exception {
    try (java.net.Socket socket = new java.net.Socket("127.0.0.1", fixture.server.port())) {
      socket
          .getOutputStream()
          .write(
              (requestLine + "\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                  .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      return new java.io.BufferedReader(
              new java.io.InputStreamReader(
                  socket.getInputStream(), java.nio.charset.StandardCharsets.US_ASCII))
          .readLine();
    }
  }

  private static void assertProblem(HttpResponse<String> response, int status, String detail)
      throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    assertThat(response.headers().firstValue("Content-Type")).contains("application/problem+json");
    JsonNode problem = json(response);
    assertThat(problem.get("status").asInt()).isEqualTo(status);
    assertThat(problem.get("title").asText()).isNotEmpty();
    assertThat(problem.get("detail").asText()).contains(detail);
  }

  @Test
  void aTokenGuardsEveryEndpointButHealth() throws Exception {
    fixture.close();
    fixture = new ServerFixture(dir.resolve("guarded"), "s3cret-token", 1 << 20);
    assertThat(fixture.postJson("/documents", Map.of("id", "a", "text", AD)).statusCode())
        .isEqualTo(201);
    var anonymous = java.net.http.HttpRequest.newBuilder(fixture.uri("/stats")).GET().build();
    HttpResponse<String> refused = fixture.send(anonymous);
    assertProblem(refused, 401, "needs 'Authorization: Bearer");
    assertThat(refused.headers().firstValue("WWW-Authenticate")).contains("Bearer");
    var wrong =
        java.net.http.HttpRequest.newBuilder(fixture.uri("/documents/a"))
            .header("Authorization", "Bearer s3cret")
            .GET()
            .build();
    assertProblem(fixture.send(wrong), 401, "wrong token");
    var post =
        java.net.http.HttpRequest.newBuilder(fixture.uri("/documents"))
            .header("Content-Type", "application/json")
            .POST(
                java.net.http.HttpRequest.BodyPublishers.ofString(
                    "{\"id\": \"b\", \"text\": \"x\"}"))
            .build();
    assertProblem(fixture.send(post), 401, "Bearer");
    assertThat(
            fixture
                .send(java.net.http.HttpRequest.newBuilder(fixture.uri("/health")).GET().build())
                .statusCode())
        .isEqualTo(200);
    assertThat(json(fixture.get("/stats")).get("documents").asLong())
        .isEqualTo(1); // nothing was added without it
  }

  @Test
  void healthStatsAndMetrics() throws Exception {
    fixture.postJson("/documents", Map.of("id", "a", "text", AD));
    fixture.postJson("/query", Map.of("text", AD));
    assertThat(json(fixture.get("/health")).get("status").asText()).isEqualTo("ok");
    JsonNode stats = json(fixture.get("/stats"));
    assertThat(stats.get("documents").asLong()).isEqualTo(1);
    assertThat(stats.get("threshold").asDouble()).isEqualTo(0.8);
    assertThat(stats.get("bands").asInt()).isEqualTo(21);
    assertThat(stats.get("sketch").get("shingle").asText()).isEqualTo("char:5");
    assertThat(stats.get("diskBytes").asLong()).isPositive();
    HttpResponse<String> metrics = fixture.get("/metrics");
    assertThat(metrics.statusCode()).isEqualTo(200);
    assertThat(metrics.headers().firstValue("Content-Type").orElse("")).startsWith("text/plain");
    assertThat(metrics.body())
        .contains(
            "neardup_http_requests_seconds_count{endpoint=\"/documents\",method=\"POST\",status=\"201\"}"
                + " 1")
        .contains("neardup_http_requests_seconds_bucket")
        .contains("neardup_index_documents 1.0");
  }
}
