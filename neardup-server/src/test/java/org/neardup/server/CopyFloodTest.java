package org.neardup.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.server.ServerFixture.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Thousands of copies of one text, in batches, on a fresh index and on one already holding
 * thousands: each item lists at most 10 duplicates and counts the rest, compares at most 1,000 held
 * documents (the earliest) and counts those it did not, so the answers come at once and stay small
 * however many copies there are.
 */
class CopyFloodTest {
  private static final String TEXT =
      "Sunny two-room flat near Termini station, 800 euro a month, furnished, second floor";

  @TempDir Path dir;

  private static List<Map<String, String>> copies(String prefix, int count) {
    List<Map<String, String>> items = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      items.add(Map.of("id", prefix + i, "text", TEXT));
    }
    return items;
  }

  private static HttpResponse<String> post(ServerFixture fixture, String path, Object body)
      throws Exception {
    return fixture.send(
        fixture
            .request(path)
            .timeout(Duration.ofSeconds(60))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(ServerFixture.JSON.writeValueAsString(body)))
            .build());
  }

  /** Asserts an item's answer for a text held {@code held} times before it. */
  private static void assertCounts(JsonNode answer, long held, int listed, int compared) {
    long found = Math.min(held, compared);
    assertThat(answer.get("duplicates"))
        .as(answer.toString())
        .hasSize((int) Math.min(found, listed));
    long more = found - Math.min(found, listed);
    assertThat(answer.path("moreDuplicates").asLong()).as(answer.toString()).isEqualTo(more);
    assertThat(answer.has("moreDuplicates")).isEqualTo(more > 0);
    long notCompared = Math.max(0, held - compared);
    assertThat(answer.path("notCompared").asLong()).as(answer.toString()).isEqualTo(notCompared);
    if (held > 0) {
      assertThat(answer.get("duplicates").get(0).get("id").asText())
          .as("the earliest copy first")
          .isEqualTo("a-0");
    }
  }

  @Test
  void copiesOfOneTextAreAnsweredWithBoundedListsAndCounts() throws Exception {
    try (ServerFixture fixture = new ServerFixture(dir.resolve("data"), null, 16L << 20)) {
      HttpResponse<String> fresh = post(fixture, "/documents:batch", copies("a-", 1500));
      assertThat(fresh.statusCode()).isEqualTo(200);
      assertThat(fresh.body().length()).as("the answer's size").isLessThan(1500 * 700);
      JsonNode first = json(fresh);
      for (int i : new int[] {0, 1, 9, 10, 11, 999, 1000, 1001, 1499}) {
        assertCounts(first.get(i), i, 10, 1000);
      }

      HttpResponse<String> held = post(fixture, "/documents:batch?limit=3", copies("b-", 1500));
      assertThat(held.statusCode()).isEqualTo(200);
      assertThat(held.body().length()).isLessThan(1500 * 500);
      JsonNode second = json(held);
      for (int i : new int[] {0, 700, 1499}) {
        assertCounts(second.get(i), 1500 + i, 3, 1000);
      }

      HttpResponse<String> one = post(fixture, "/documents", Map.of("id", "c-0", "text", TEXT));
      assertThat(one.statusCode()).isEqualTo(201);
      assertCounts(json(one), 3000, 100, 1000);
      HttpResponse<String> more =
          post(fixture, "/documents?limit=2000", Map.of("id", "c-1", "text", TEXT));
      assertCounts(json(more), 3001, 2000, 2000);

      HttpResponse<String> query = post(fixture, "/query?limit=5", Map.of("text", TEXT));
      assertThat(query.statusCode()).isEqualTo(200);
      assertCounts(json(query), 3002, 5, 1000);
      OpenApiContractTest.assertDocumented("POST", "/query", query);
      HttpResponse<String> top = post(fixture, "/query?top=5", Map.of("text", TEXT));
      assertThat(top.statusCode()).isEqualTo(200);
      assertThat(json(top).get("duplicates")).hasSize(5);
      assertThat(json(top).get("notCompared").asLong()).isEqualTo(3002 - 1000);
      OpenApiContractTest.assertDocumented("POST", "/query", top);
      OpenApiContractTest.assertDocumented("POST", "/documents", one);
      OpenApiContractTest.assertDocumented("POST", "/documents:batch", held);

      HttpResponse<String> unique =
          post(fixture, "/documents?unique=true", Map.of("id", "c-2", "text", TEXT));
      assertThat(unique.statusCode()).isEqualTo(200);
      assertThat(json(unique).get("kept").asBoolean()).isFalse();
      assertThat(json(unique).get("duplicateOf").get("id").asText()).isEqualTo("a-0");
      assertCounts(json(unique), 3002, 100, 1000); // decided by the first candidates, all copies
    }
  }

  /**
   * {@code ?limit=10000} on a batch of copies would list items × 10,000 duplicates: the batch lists
   * at most 100,000 in all (each item at least its best one), shared among its chunks, and counts
   * the rest, each item comparing at most 1,000.
   */
  @Test
  void aBatchListsABoundedNumberOfDuplicatesWhateverItsLimit() throws Exception {
    try (ServerFixture fixture = new ServerFixture(dir.resolve("data"), null, 16L << 20)) {
      assertThat(post(fixture, "/documents:batch", copies("a-", 1200)).statusCode()).isEqualTo(200);
      HttpResponse<String> flood =
          post(fixture, "/documents:batch?limit=10000", copies("b-", 1100));
      assertThat(flood.statusCode()).isEqualTo(200);
      JsonNode items = json(flood);
      long listed = 0;
      for (int i = 0; i < items.size(); i++) {
        JsonNode item = items.get(i);
        int shown = item.get("duplicates").size();
        listed += shown;
        assertThat(shown).as("item %d", i).isEqualTo(i < 1000 ? 100 : 1);
        assertThat(shown + item.path("moreDuplicates").asLong()).as("item %d", i).isEqualTo(1000);
        assertThat(item.path("notCompared").asLong()).as("item %d", i).isEqualTo(200 + i);
      }
      assertThat(listed).isEqualTo(100_000 + 100);
      assertThat(flood.body().length()).as("the answer's size").isLessThan(8_000_000);
      OpenApiContractTest.assertDocumented("POST", "/documents:batch", flood);
    }
  }
}
