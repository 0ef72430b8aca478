package org.neardup.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.server.ServerFixture.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The API reads ids, texts and JSON by the rules the CLI reads files with (neardup-core's {@code
 * DocumentId} and {@code DocumentText}; strict UTF-8, no name twice, nothing after the value):
 * whatever breaks them is a 400 problem+json and nothing is stored.
 */
class RecordRulesApiTest {
  private static final String TEXT = "apples and oranges and pears and plums";

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
  void idsThatDifferOnlyInALoneSurrogateAreBothRefused() throws Exception {
    assertRefused(
        body("{\"id\":\"x\\ud800\",\"text\":\"apples and oranges\"}"),
        "the id holds the lone surrogate U+D800 at character 2");
    assertRefused(
        body("{\"id\":\"x\\udbff\",\"text\":\"cars and trains\"}"),
        "the id holds the lone surrogate U+DBFF at character 2");
    assertThat(documents()).isZero();
  }

  @Test
  void idsWithControlCharactersOrOver512BytesAreRefusedByEveryEndpoint() throws Exception {
    String[] escaped = {
      "a\\u000bb", "c\\u001b[31m", "nul\\u0000", "nel\\u0085", "ls\\u2028", "tab\\tx"
    };
    String[] named = {"U+000B", "U+001B", "U+0000", "U+0085", "U+2028", "U+0009"};
    for (int i = 0; i < escaped.length; i++) {
      assertRefused(
          body("{\"id\":\"" + escaped[i] + "\",\"text\":\"" + TEXT + "\"}"),
          "the id holds the control character " + named[i]);
    }
    assertRefused(
        body("{\"id\":\"" + "é".repeat(256) + "x\",\"text\":\"" + TEXT + "\"}"),
        "the id is longer than 512 bytes in UTF-8 (513)");
    assertThat(
            fixture
                .post(
                    "/documents",
                    "application/json",
                    "{\"id\":\"" + "é".repeat(256) + "\",\"text\":\"" + TEXT + "\"}")
                .statusCode())
        .isEqualTo(201);

    HttpResponse<String> batch =
        fixture.post(
            "/documents:batch",
            "application/x-ndjson",
            "{\"id\":\"a\\u000bb\",\"text\":\""
                + TEXT
                + "\"}\n{\"id\":\"ok\",\"text\":\""
                + TEXT
                + "\"}\n");
    List<JsonNode> results = lines(batch);
    assertThat(results.get(0).get("status").asText()).isEqualTo("invalid");
    assertThat(results.get(0).get("error").asText()).contains("U+000B");
    assertThat(results.get(1).get("status").asText()).isEqualTo("added");

    assertProblem(
        fixture.get("/documents/a%0Bb"), 400, "the id holds the control character U+000B");
    assertProblem(
        fixture.delete("/documents/esc%1B"), 400, "the id holds the control character U+001B");
    assertThat(documents()).isEqualTo(2);
  }

  @Test
  void textsWithALoneSurrogateAreRefusedNotStoredAsQuestionMarks() throws Exception {
    assertRefused(
        body("{\"id\":\"t\",\"text\":\"half \\udc00 of a pair\"}"),
        "the text holds the lone surrogate U+DC00 at character 6");
    assertProblem(
        fixture.post("/query", "application/json", "{\"text\":\"q \\ud800\"}"),
        400,
        "the text holds the lone surrogate U+D800");
    assertThat(documents()).isZero();
  }

  @Test
  void jsonIsAsStrictAsTheCliReadsIt() throws Exception {
    assertRefused(
        body("{\"id\":\"k1\",\"text\":\"" + TEXT + "\",\"id\":\"k2\"}"), "Duplicate field 'id'");
    assertRefused(
        body("{\"id\":\"k3\",\"text\":\"" + TEXT + "\",\"meta\":{\"a\":1,\"a\":2}}"),
        "Duplicate field 'a'");
    assertRefused(
        body("{\"id\":\"k4\",\"text\":\"" + TEXT + "\"} {\"id\":\"k5\"}"),
        "content after the JSON value");
    assertRefused(body("{\"id\":\"k6\",\"text\":\"" + TEXT + "\"} x"), "malformed JSON");
    // overlong UTF-8: C0 AF is not '/'
    assertRefused(
        bytes(
            "{\"id\":\"u2", new byte[] {(byte) 0xc0, (byte) 0xaf}, "\",\"text\":\"" + TEXT + "\"}"),
        "the body is not valid UTF-8 (byte 0xC0 at byte 10)");
    // an encoded surrogate (ED A0 80) and a truncated sequence
    assertRefused(
        bytes(
            "{\"id\":\"s\",\"text\":\"a",
            new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80},
            "\"}"),
        "the body is not valid UTF-8");
    assertRefused(
        bytes("{\"id\":\"t\",\"text\":\"a", new byte[] {(byte) 0xe6, (byte) 0x97}, "\"}"),
        "the body is not valid UTF-8");
    assertProblem(
        send("/query", "application/json", bytes("{\"text\":\"", new byte[] {(byte) 0xff}, "\"}")),
        400,
        "the body is not valid UTF-8 (byte 0xFF at byte 10)");
    assertProblem(
        send(
            "/documents:batch",
            "application/json",
            bytes(
                "[{\"id\":\"b1\",\"text\":\"" + TEXT + "\"},{\"id\":\"b2\",\"text\":\"x",
                new byte[] {(byte) 0xc0},
                "\"}]")),
        400,
        "the body is not valid UTF-8");
    assertThat(documents()).isZero();
  }

  @Test
  void aBatchRefusesBadLinesAndContentAfterItsArrayItemByItem() throws Exception {
    HttpResponse<String> ndjson =
        send(
            "/documents:batch",
            "application/x-ndjson",
            bytes(
                "{\"id\":\"n1\",\"text\":\"" + TEXT + "\"}\n",
                "{\"id\":\"u2",
                new byte[] {(byte) 0xc0, (byte) 0xaf},
                "\",\"text\":\"" + TEXT + "\"}\r\n",
                "{\"id\":\"n3\",\"text\":\"" + TEXT + "\",\"text\":\"other\"}\n",
                "{\"id\":\"n4\",\"text\":\"" + TEXT + "\"} {}\n",
                "\n",
                "{\"id\":\"n5\",\"text\":\"" + TEXT + "\"}"));
    assertThat(ndjson.statusCode()).isEqualTo(200);
    List<JsonNode> results = lines(ndjson);
    assertThat(results)
        .extracting(r -> r.get("status").asText())
        .containsExactly("added", "invalid", "invalid", "invalid", "added");
    assertThat(results.get(1).get("error").asText())
        .isEqualTo("line 2 is not valid UTF-8 (byte 0xC0 at byte 10 of the line)");
    assertThat(results.get(2).get("error").asText())
        .contains("malformed JSON on line 3")
        .contains("Duplicate field 'text'");
    assertThat(results.get(3).get("error").asText()).contains("malformed JSON on line 4");

    HttpResponse<String> array =
        fixture.post(
            "/documents:batch",
            "application/json",
            "[{\"id\":\"a1\",\"text\":\"" + TEXT + "\"}] trailing");
    JsonNode items = json(array);
    assertThat(items).hasSize(2);
    assertThat(items.get(0).get("status").asText()).isEqualTo("added");
    assertThat(items.get(1).get("status").asText()).isEqualTo("invalid");
    assertThat(items.get(1).get("error").asText()).contains("malformed JSON, the batch ends here");
    HttpResponse<String> another =
        fixture.post(
            "/documents:batch",
            "application/json",
            "[{\"id\":\"a2\",\"text\":\"" + TEXT + "\"}] [1]");
    assertThat(json(another).get(1).get("error").asText())
        .isEqualTo("content after the JSON array");
    assertThat(documents()).isEqualTo(4);
  }

  private void assertRefused(byte[] body, String detail) throws Exception {
    long before = documents();
    assertProblem(send("/documents", "application/json", body), 400, detail);
    assertThat(documents()).isEqualTo(before);
  }

  private long documents() throws Exception {
    return json(fixture.get("/stats")).get("documents").asLong();
  }

  private HttpResponse<String> send(String path, String type, byte[] body) throws Exception {
    return fixture.send(
        fixture
            .request(path)
            .header("Content-Type", type)
            .POST(HttpRequest.BodyPublishers.ofByteArray(body))
            .build());
  }

  private static List<JsonNode> lines(HttpResponse<String> response) throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    List<JsonNode> nodes = new java.util.ArrayList<>();
    for (String line : response.body().lines().toList()) {
      nodes.add(ServerFixture.JSON.readTree(line));
    }
    return nodes;
  }

  private static byte[] body(String json) {
    return json.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] bytes(Object... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (Object part : parts) {
      out.writeBytes(
          part instanceof byte[] raw ? raw : ((String) part).getBytes(StandardCharsets.UTF_8));
    }
    return out.toByteArray();
  }

  private static void assertProblem(HttpResponse<String> response, int status, String detail)
      throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    assertThat(response.headers().firstValue("Content-Type")).contains("application/problem+json");
    assertThat(json(response).get("detail").asText()).contains(detail);
  }
}
