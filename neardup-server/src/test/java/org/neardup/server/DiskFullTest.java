package org.neardup.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.server.ServerFixture.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.neardup.index.SearchSettings;
import org.neardup.server.store.IndexCheck;
import org.neardup.server.store.IndexDirectory;
import org.neardup.testkit.SmallDisk;

/**
 * The real server on a small tmpfs that fills up: no 2xx for a write that was not stored, a batch
 * that says which items were, 507 and a {@code /health} that says the disk is full, writes that
 * come back by themselves once space is freed, and an index that checks clean after.
 */
class DiskFullTest {
  private static final List<String> WORDS =
      List.of(
          "flat", "sunny", "station", "euro", "month", "room", "near", "quiet", "garden", "balcony",
          "kitchen", "bright", "street", "park", "metro", "floor", "view", "large");

  @Test
  void
      aBatchThatCannotBeCommittedIsRefusedSayingWhichItemsWereStoredAndWritesComeBackOnceSpaceIsFreed()
          throws Exception {
    Path mount = Path.of("target", "disk-full-" + System.nanoTime()).toAbsolutePath();
    try (SmallDisk disk = SmallDisk.mount(mount, 96)) {
      Path data = disk.root().resolve("idx");
      List<Map<String, String>> small = items("small-", 1000, 12);
      List<Map<String, String>> large = items("large-", 800, 400);
      List<Map<String, String>> all = new ArrayList<>(small);
      all.addAll(large);
      // Less free than RocksDB preallocates for its write-ahead log (1.1 memtables, 70 MB): the log
      // grows write by write, and the write that finds no room fails (with the room, a memtable's
      // flush would fail later instead, and the writes after it)
      disk.fill(40L << 20);
      try (ServerFixture fixture = new ServerFixture(data, null, 64L << 20)) {
        disk.fill(4L << 20); // room for the small items' chunk, not for the large ones'

        HttpResponse<String> batch = fixture.postJson("/documents:batch", all);
        assertThat(batch.statusCode()).isEqualTo(507);
        OpenApiContractTest.assertDocumented("POST", "/documents:batch", batch);
        assertThat(batch.headers().firstValue("Content-Type")).contains("application/problem+json");
        JsonNode problem = json(batch);
        assertThat(problem.get("detail").asText())
            .contains("no space left on device")
            .contains(data.toString())
            .contains("items 1000 on were not stored");
        assertThat(problem.get("committed").asInt()).isEqualTo(1000);
        assertThat(problem.get("results")).hasSize(1000);
        for (JsonNode result : problem.get("results")) {
          assertThat(result.get("status").asText()).isEqualTo("added");
        }
        assertThat(fixture.get("/documents/small-999").statusCode()).isEqualTo(200);
        assertThat(fixture.get("/documents/large-0").statusCode()).isEqualTo(404);
        assertThat(fixture.get("/documents/large-799").statusCode()).isEqualTo(404);

        HttpResponse<String> health = fixture.get("/health");
        assertThat(health.statusCode()).isEqualTo(503);
        OpenApiContractTest.assertDocumented("GET", "/health", health);
        assertThat(json(health).get("status").asText()).isEqualTo("disk full");

        HttpResponse<String> one =
            fixture.postJson(
                "/documents", Map.of("id", "one", "text", "a quiet flat near the park"));
        assertThat(one.statusCode()).isEqualTo(507);
        OpenApiContractTest.assertDocumented("POST", "/documents", one);
        assertThat(json(one).get("title").asText()).isEqualTo("Insufficient storage");
        assertThat(json(one).get("detail").asText())
            .contains("no space left on device")
            .contains(data.toString());
        HttpResponse<String> delete = fixture.delete("/documents/small-0");
        assertThat(delete.statusCode()).isEqualTo(507);
        OpenApiContractTest.assertDocumented("DELETE", "/documents/{id}", delete);

        HttpResponse<String> lines =
            fixture.post(
                "/documents:batch",
                "application/x-ndjson",
                "{\"id\": \"line-1\", \"text\": \"a bright room with a view\"}\n");
        assertThat(lines.statusCode()).isEqualTo(507);
        OpenApiContractTest.assertDocumented("POST", "/documents:batch", lines);
        assertThat(json(lines).get("committed").asInt()).isZero();
        assertThat(json(lines).get("results")).isEmpty();
        assertThat(fixture.get("/documents/small-0").statusCode()).as("reads go on").isEqualTo(200);

        disk.free();
        long deadline =
            System.nanoTime() + 30_000_000_000L; // RocksDB looks at the free space every 5 s
        while (fixture.get("/health").statusCode() != 200 && System.nanoTime() < deadline) {
          Thread.sleep(100);
        }
        assertThat(fixture.get("/health").statusCode())
            .as("healthy again once space is freed")
            .isEqualTo(200);
        assertThat(fixture.postJson("/documents:batch", large).statusCode()).isEqualTo(200);
        assertThat(
                fixture
                    .postJson(
                        "/documents", Map.of("id", "one", "text", "a quiet flat near the park"))
                    .statusCode())
            .isEqualTo(201);
        synchronized (fixture.log) {
          assertThat(String.join("\n", fixture.log))
              .contains("no space left on device")
              .contains("writes go through again");
        }
      }
      try (IndexDirectory reopened = IndexDirectory.openReadOnly(data)) {
        IndexCheck.Report report = reopened.check();
        assertThat(report.problems()).isEmpty();
        assertThat(report.documents()).isEqualTo(1801);
      }
    }
  }

  /**
   * A table that cannot be written (here the containment lists', flushed before a process's first
   * containment query) stops writes as a failed write does: the query gets 507, {@code /health}
   * says so before any write failed, and both recover once space is freed.
   */
  @Test
  void aTableThatCannotBeWrittenIsReportedAndRecoveredFrom() throws Exception {
    Path mount = Path.of("target", "disk-full-" + System.nanoTime()).toAbsolutePath();
    try (SmallDisk disk = SmallDisk.mount(mount, 96)) {
      Path data = disk.root().resolve("idx");
      disk.fill(
          40L << 20); // no room to preallocate the log (whose unused room a flush would get back)
      try (ServerFixture fixture =
          new ServerFixture(data, null, 1 << 20, new SearchSettings(0, 4))) {
        List<Map<String, String>> documents = items("doc-", 50, 40);
        assertThat(fixture.postJson("/documents:batch", documents).statusCode()).isEqualTo(200);
        disk.fillUp();
        assertThat(fixture.get("/health").statusCode()).isEqualTo(200);
        String text = documents.get(7).get("text");

        String query = ServerFixture.JSON.writeValueAsString(Map.of("text", text));
        HttpResponse<String> containment =
            fixture.post("/query?measure=containment", "application/json", query);
        assertThat(containment.statusCode()).as(containment.body()).isEqualTo(507);
        OpenApiContractTest.assertDocumented("POST", "/query", containment);
        assertThat(json(containment).get("detail").asText()).contains("no space left on device");
        HttpResponse<String> health = fixture.get("/health");
        assertThat(health.statusCode()).isEqualTo(503);
        assertThat(json(health).get("status").asText()).isEqualTo("disk full");

        disk.free();
        long deadline =
            System.nanoTime() + 30_000_000_000L; // RocksDB looks at the free space every 5 s
        while (fixture.get("/health").statusCode() != 200 && System.nanoTime() < deadline) {
          Thread.sleep(100);
        }
        assertThat(fixture.get("/health").statusCode())
            .as("healthy again once space is freed")
            .isEqualTo(200);
        HttpResponse<String> again =
            fixture.post("/query?measure=containment", "application/json", query);
        assertThat(again.statusCode()).isEqualTo(200);
        assertThat(json(again).get("duplicates").get(0).get("id").asText()).isEqualTo("doc-7");
      }
      try (IndexDirectory reopened = IndexDirectory.openReadOnly(data)) {
        assertThat(reopened.check().problems()).isEmpty();
        assertThat(reopened.index().size()).isEqualTo(50);
      }
    }
  }

  /**
   * The top-k floor's memory cannot grow for a batch while RocksDB's write would go through (into
   * its preallocated log): the batch is refused and nothing of it is stored, readable or in the way
   * of its retry; {@code /health} says the disk is full until space is freed.
   */
  @Test
  void aBatchWhoseTopKFloorCannotGrowIsNotStored() throws Exception {
    Path mount = Path.of("target", "disk-full-" + System.nanoTime()).toAbsolutePath();
    try (SmallDisk disk = SmallDisk.mount(mount, 96)) {
      Path data = disk.root().resolve("idx");
      List<Map<String, String>> first = items("first-", 300, 12);
      List<Map<String, String>> refused = items("refused-", 700, 12);
      try (ServerFixture fixture =
          new ServerFixture(data, null, 64L << 20, new SearchSettings(0.3, 0))) {
        assertThat(fixture.postJson("/documents:batch", first).statusCode()).isEqualTo(200);
        String text = refused.get(5).get("text");
        String query = ServerFixture.JSON.writeValueAsString(Map.of("text", text));
        assertThat(fixture.post("/query?top=3", "application/json", query).statusCode())
            .as("the floor is loaded")
            .isEqualTo(200);
        disk.fillUp(); // RocksDB writes into the log it preallocated; the floor's files cannot grow

        HttpResponse<String> batch = fixture.postJson("/documents:batch", refused);
        assertThat(batch.statusCode()).as(batch.body()).isEqualTo(507);
        assertThat(json(batch).get("committed").asInt()).isZero();
        assertThat(fixture.get("/documents/refused-0").statusCode())
            .as("a write answered as not stored")
            .isEqualTo(404);
        assertThat(fixture.get("/documents/refused-699").statusCode()).isEqualTo(404);
        HttpResponse<String> health = fixture.get("/health");
        assertThat(health.statusCode()).isEqualTo(503);
        assertThat(json(health).get("status").asText()).isEqualTo("disk full");
        HttpResponse<String> top = fixture.post("/query?top=3", "application/json", query);
        assertThat(top.statusCode()).as(top.body()).isEqualTo(200);
        assertThat(top.body()).doesNotContain("refused-");
        assertThat(fixture.post("/query", "application/json", query).statusCode()).isEqualTo(200);

        disk.free();
        assertThat(fixture.get("/health").statusCode())
            .as("healthy once space is freed")
            .isEqualTo(200);
        HttpResponse<String> retry = fixture.postJson("/documents:batch", refused);
        assertThat(retry.statusCode()).as(retry.body()).isEqualTo(200);
        for (JsonNode result : json(retry)) {
          assertThat(result.get("status").asText()).isEqualTo("added");
        }
        assertThat(json(fixture.get("/documents/refused-5")).get("text").asText()).isEqualTo(text);
        HttpResponse<String> found = fixture.post("/query?top=3", "application/json", query);
        assertThat(json(found).get("duplicates").get(0).get("id").asText()).isEqualTo("refused-5");
      }
      try (IndexDirectory reopened = IndexDirectory.openReadOnly(data)) {
        assertThat(reopened.check().problems()).isEmpty();
        assertThat(reopened.index().size()).isEqualTo(1000);
      }
    }
  }

  /** {@code count} documents of {@code words} random words each, ids {@code prefix0...}. */
  private static List<Map<String, String>> items(String prefix, int count, int words) {
    SplittableRandom random = new SplittableRandom(prefix.hashCode());
    List<Map<String, String>> items = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      StringBuilder text = new StringBuilder(prefix).append(i);
      for (int w = 0; w < words; w++) {
        text.append(' ')
            .append(WORDS.get(random.nextInt(WORDS.size())))
            .append(random.nextInt(1000));
      }
      items.add(Map.of("id", prefix + i, "text", text.toString()));
    }
    return items;
  }
}
