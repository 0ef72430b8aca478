package org.neardup.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bodies within the size limit that would parse into trees many times their size (a few MB of
 * {@code [{},{},...]}) do not exhaust a small heap: the server reads the fields it needs as the
 * parser streams and skips the rest, so each is answered, and the server goes on.
 */
class ParseBombTest {
  private static final String TEXT = "Sunny two-room flat near Termini station, 800 euro a month";

  @TempDir Path dir;

  /** {@code before}, then about {@code bytes} of empty objects in an array, then {@code after}. */
  private static byte[] padded(String before, int bytes, String after) {
    StringBuilder body = new StringBuilder(bytes + before.length() + after.length() + 16);
    body.append(before).append('[');
    while (body.length() < bytes) {
      body.append("{},");
    }
    body.append("{}]").append(after);
    return body.toString().getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void bodiesThatWouldParseIntoHugeTreesAreAnsweredInASmallHeap() throws Exception {
    int size = 4 << 20;
    try (ForkedServer server = ForkedServer.start(dir, "96m", 5L << 20)) {
      assertThat(
              server
                  .post(
                      "/documents",
                      "application/json",
                      ("{\"id\": \"ad-1\", \"text\": \"" + TEXT + "\"}")
                          .getBytes(StandardCharsets.UTF_8))
                  .statusCode())
          .isEqualTo(201);
      byte[] query = padded("{\"text\": \"" + TEXT + "\", \"pad\": ", size, "}");
      byte[] add = padded("{\"id\": \"ad-2\", \"text\": \"" + TEXT + "!\", \"pad\": ", size, "}");
      byte[] batch =
          padded("[{\"id\": \"ad-3\", \"text\": \"" + TEXT + "?\", \"pad\": ", size, "}]");
      byte[] lines =
          padded("{\"id\": \"ad-4\", \"text\": \"" + TEXT + ".\", \"pad\": ", size, "}\n");
      ExecutorService clients = Executors.newFixedThreadPool(4);
      try {
        List<Future<HttpResponse<String>>> answers = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
          answers.add(clients.submit(() -> server.post("/query", "application/json", query)));
        }
        for (Future<HttpResponse<String>> answer : answers) {
          assertThat(answer.get().statusCode()).as(answer.get().body()).isEqualTo(200);
          assertThat(answer.get().body()).contains("\"ad-1\"");
        }
      } finally {
        clients.shutdownNow();
      }
      assertThat(server.post("/documents", "application/json", add).statusCode()).isEqualTo(201);
      HttpResponse<String> array = server.post("/documents:batch", "application/json", batch);
      assertThat(array.statusCode()).as(array.body()).isEqualTo(200);
      assertThat(array.body()).contains("\"added\"");
      HttpResponse<String> ndjson = server.post("/documents:batch", "application/x-ndjson", lines);
      assertThat(ndjson.statusCode()).as(ndjson.body()).isEqualTo(200);
      assertThat(ndjson.body()).contains("\"added\"");
      assertThat(server.get("/health").statusCode()).isEqualTo(200);
      assertThat(server.get("/documents/ad-4").statusCode()).isEqualTo(200);
      assertThat(server.output()).doesNotContain("OutOfMemoryError");
    }
  }
}
