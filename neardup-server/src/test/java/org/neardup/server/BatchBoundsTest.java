package org.neardup.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.server.ServerFixture.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.server.store.IndexDirectory;

/**
 * A batch is answered, whatever its size and whatever happens while it is committed: one of more
 * items than a batch takes is refused before anything is stored; one that runs out of the time a
 * request gets, and one under a server that stops, is answered 503 with exactly the items stored.
 */
class BatchBoundsTest {
  private static final String TEXT =
      "Sunny two-room flat near Termini station, 800 euro a month, furnished, second floor";

  @TempDir Path dir;

  /** {@code count} items as JSON Lines: copies of one text (each compared with 1,000 held). */
  private static String copies(int count) {
    StringBuilder lines = new StringBuilder();
    for (int i = 0; i < count; i++) {
      lines
          .append("{\"id\": \"c-")
          .append(i)
          .append("\", \"text\": \"")
          .append(TEXT)
          .append("\"}\n");
    }
    return lines.toString();
  }

  @Test
  void aBatchOfMoreItemsThanABatchTakesIsRefusedUpFront() throws Exception {
    try (ServerFixture fixture = new ServerFixture(dir.resolve("data"), null, 16L << 20)) {
      HttpResponse<String> lines =
          fixture.post("/documents:batch", "application/x-ndjson", copies(50_001));
      assertThat(lines.statusCode()).isEqualTo(413);
      assertThat(json(lines).get("detail").asText()).contains("50001 items").contains("50000");
      OpenApiContractTest.assertDocumented("POST", "/documents:batch", lines);
      StringBuilder array = new StringBuilder("[");
      for (int i = 0; i <= 50_000; i++) {
        array
            .append(i == 0 ? "" : ",")
            .append("{\"id\": \"a-")
            .append(i)
            .append("\", \"text\": \"x y z\"}");
      }
      HttpResponse<String> items =
          fixture.post("/documents:batch", "application/json", array.append(']').toString());
      assertThat(items.statusCode()).isEqualTo(413);
      assertThat(json(fixture.get("/stats")).get("documents").asLong()).isZero();
    }
  }

  @Test
  void aBatchThatRunsOutOfTimeSaysWhichItemsWereStored() throws Exception {
    HttpLimits limits =
        new HttpLimits(
            4096,
            Duration.ofSeconds(10),
            Duration.ofSeconds(60),
            Duration.ofSeconds(30),
            Duration.ofSeconds(8),
            16 << 10,
            1024);
    Path data = dir.resolve("data");
    long committed;
    try (ServerFixture fixture =
        new ServerFixture(
            data,
            null,
            config ->
                new ServerConfig(
                    config.host(),
                    config.port(),
                    config.token(),
                    16L << 20,
                    config.threads(),
                    false,
                    config.allowedHosts(),
                    limits))) {
      HttpResponse<String> batch =
          fixture.post("/documents:batch", "application/x-ndjson", copies(50_000));
      assertThat(batch.statusCode()).as(batch.body()).isEqualTo(503);
      OpenApiContractTest.assertDocumented("POST", "/documents:batch", batch);
      JsonNode problem = json(batch);
      committed = problem.get("committed").asLong();
      assertThat(committed).isLessThan(50_000);
      assertThat(problem.get("results")).hasSize((int) committed);
      assertThat(problem.get("detail").asText()).contains("did not finish in the time");
      assertThat(json(fixture.get("/stats")).get("documents").asLong()).isEqualTo(committed);
    }
    try (IndexDirectory reopened = IndexDirectory.openReadOnly(data)) {
      assertThat(reopened.index().size()).isEqualTo(committed);
      assertThat(reopened.check().problems()).isEmpty();
    }
  }

  @Test
  void aServerThatStopsDuringABatchAnswersWhatWasStoredAndStopsAtOnce() throws Exception {
    Path data = dir.resolve("data");
    long committed;
    try (ServerFixture fixture = new ServerFixture(data, null, 16L << 20)) {
      CompletableFuture<HttpResponse<String>> batch =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return fixture.post("/documents:batch", "application/x-ndjson", copies(50_000));
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              });
      while (json(fixture.get("/stats")).get("documents").asLong() == 0) {
        Thread.sleep(20);
      }
      long start = System.nanoTime();
      fixture.server.stop(1);
      assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start))
          .as("seconds to stop: the grace, and one write's time to cancel")
          .isLessThan(15);
      HttpResponse<String> answer = batch.get(30, TimeUnit.SECONDS);
      assertThat(answer.statusCode()).as(answer.body()).isEqualTo(503);
      JsonNode problem = json(answer);
      assertThat(problem.get("detail").asText()).contains("shutting down");
      committed = problem.get("committed").asLong();
      assertThat(problem.get("results")).hasSize((int) committed);
    }
    try (IndexDirectory reopened = IndexDirectory.openReadOnly(data)) {
      assertThat(reopened.index().size())
          .as("what the answer said was stored")
          .isEqualTo(committed);
      assertThat(reopened.check().problems()).isEmpty();
    }
  }
}
