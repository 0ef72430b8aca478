package org.neardup.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.server.ServerFixture.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.config.PipelineConfig;
import org.neardup.index.KeptSetCheck;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;
import org.neardup.verify.Jaccard;

/**
 * The online kept set ({@code ?unique=true}) through the real server, alone and under 16 writers.
 */
class UniqueWritesTest {
  private static final PipelineConfig CONFIG =
      PipelineConfig.builder().threads(2).build(); // the fixture's
  private static final DocumentSketcher SKETCHER = DocumentSketcher.create(CONFIG.sketch());
  private static final String AD =
      "Sunny two-room flat near Termini station, 800 euro a month, furnished";
  private static final String REPOST =
      "Sunny two-room flat near Termini station - 800 euro a month, furnished!";
  private static final String OTHER = "Studio in Trastevere with terrace, 650 euro";

  @TempDir Path dir;
  private ServerFixture fixture;

  @BeforeEach
  void start() {
    fixture = new ServerFixture(dir.resolve("data"), null, 1 << 22);
  }

  @AfterEach
  void stop() {
    fixture.close();
  }

  @Test
  void aUniqueAddIsStoredOrAnswersTheDocumentHeldItDuplicates() throws Exception {
    HttpResponse<String> first =
        fixture.postJson("/documents?unique=true", Map.of("id", "ad-1", "text", AD));
    assertThat(first.statusCode()).isEqualTo(201);
    assertThat(first.headers().firstValue("Location")).contains("/documents/ad-1");
    assertThat(json(first).get("kept").asBoolean()).isTrue();
    assertThat(json(first).has("duplicateOf")).isFalse();
    assertThat(json(first).get("duplicates")).isEmpty();

    HttpResponse<String> repost =
        fixture.postJson("/documents?unique=true&diff=true", Map.of("id", "ad-2", "text", REPOST));
    assertThat(repost.statusCode()).isEqualTo(200);
    JsonNode body = json(repost);
    assertThat(body.get("id").asText()).isEqualTo("ad-2");
    assertThat(body.get("kept").asBoolean()).isFalse();
    assertThat(body.get("duplicateOf").get("id").asText()).isEqualTo("ad-1");
    assertThat(body.get("duplicateOf").get("similarity").asDouble())
        .isEqualTo(exact(AD, REPOST))
        .isGreaterThanOrEqualTo(0.8);
    assertThat(body.get("duplicates").get(0).get("diff")).isNotEmpty();
    assertThat(fixture.get("/documents/ad-2").statusCode()).isEqualTo(404);

    HttpResponse<String> taken =
        fixture.postJson("/documents?unique=true", Map.of("id", "ad-1", "text", OTHER));
    assertThat(taken.statusCode()).isEqualTo(409);
    HttpResponse<String> bad =
        fixture.postJson("/documents?unique=maybe", Map.of("id", "ad-3", "text", OTHER));
    assertThat(bad.statusCode()).isEqualTo(400);
    assertThat(bad.headers().firstValue("Content-Type")).contains("application/problem+json");
    assertThat(json(bad).get("detail").asText())
        .isEqualTo("unique must be true or false, got 'maybe'");
    assertThat(json(fixture.get("/stats")).get("documents").asLong()).isEqualTo(1);
  }

  @Test
  void aUniqueUpsertReplacesUnlessAnotherDocumentHeldIsANearDuplicate() throws Exception {
    fixture.postJson("/documents", Map.of("id", "a", "text", AD));
    fixture.postJson("/documents", Map.of("id", "b", "text", OTHER));

    HttpResponse<String> replaced =
        fixture.postJson("/documents?unique=true&upsert=true", Map.of("id", "a", "text", REPOST));
    HttpResponse<String> refused =
        fixture.postJson("/documents?unique=true&upsert=true", Map.of("id", "a", "text", OTHER));

    assertThat(replaced.statusCode()).isEqualTo(200);
    assertThat(json(replaced).get("kept").asBoolean()).isTrue();
    assertThat(refused.statusCode()).isEqualTo(200);
    assertThat(json(refused).get("kept").asBoolean()).isFalse();
    assertThat(json(refused).get("duplicateOf").get("id").asText()).isEqualTo("b");
    assertThat(json(fixture.get("/documents/a")).get("text").asText()).isEqualTo(REPOST);
  }

  @Test
  void aUniqueBatchDecidesItsItemsInOrderAgainstWhatIsHeldAndItsEarlierKeptItems()
      throws Exception {
    fixture.postJson("/documents", Map.of("id", "held", "text", OTHER));
    String items =
        ServerFixture.JSON.writeValueAsString(
            List.of(
                Map.of("id", "a", "text", AD),
                Map.of("id", "b", "text", REPOST),
                Map.of("id", "c", "text", OTHER + "!"),
                Map.of("id", "d"),
                Map.of("id", "e", "text", "a text of its own, like no other")));

    JsonNode results =
        json(fixture.post("/documents:batch?unique=true", "application/json", items));
    JsonNode lines =
        ServerFixture.JSON.readTree(
            "["
                + String.join(
                    ",",
                    fixture
                        .post(
                            "/documents:batch?unique=true",
                            "application/x-ndjson",
                            "{\"id\": \"f\", \"text\": \"" + AD + ".\"}\n")
                        .body()
                        .lines()
                        .toList())
                + "]");

    assertThat(results.findValuesAsText("status"))
        .containsExactly("added", "duplicate", "duplicate", "invalid", "added");
    assertThat(results.get(1).get("duplicateOf").get("id").asText()).isEqualTo("a");
    assertThat(results.get(1).get("duplicateOf").get("similarity").asDouble())
        .isEqualTo(exact(AD, REPOST));
    assertThat(results.get(2).get("duplicateOf").get("id").asText()).isEqualTo("held");
    assertThat(results.get(0).has("duplicateOf")).isFalse();
    assertThat(lines.get(0).get("status").asText()).isEqualTo("duplicate");
    assertThat(lines.get(0).get("duplicateOf").get("id").asText()).isEqualTo("a");
    for (String id : List.of("b", "c", "f")) {
      assertThat(fixture.get("/documents/" + id).statusCode()).as(id).isEqualTo(404);
    }
    assertThat(json(fixture.get("/stats")).get("documents").asLong()).isEqualTo(3);
  }

  /**
   * Two near-duplicates sent at the same moment, round after round: exactly one is kept each time.
   */
  @Test
  void ofTwoNearDuplicatesAddedConcurrentlyExactlyOneIsKept() throws Exception {
    GeneratedCorpus originals = new CorpusGenerator(40, 0, 1, 0, 40, 80, 31).generate();
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      for (int round = 0; round < originals.size(); round++) {
        String text = originals.texts().get(round);
        CyclicBarrier start = new CyclicBarrier(2);
        String left = "left-" + round;
        String right = "right-" + round;
        Future<HttpResponse<String>> a =
            pool.submit(
                () -> {
                  start.await();
                  return fixture.postJson(
                      "/documents?unique=true", Map.of("id", left, "text", text));
                });
        Future<HttpResponse<String>> b =
            pool.submit(
                () -> {
                  start.await();
                  return fixture.postJson(
                      "/documents?unique=true", Map.of("id", right, "text", text + " zq"));
                });
        JsonNode leftAnswer = json(a.get());
        JsonNode rightAnswer = json(b.get());
        assertThat(leftAnswer.get("kept").asBoolean() ^ rightAnswer.get("kept").asBoolean())
            .as("round %d: exactly one kept: %s, %s", round, leftAnswer, rightAnswer)
            .isTrue();
        JsonNode refused = leftAnswer.get("kept").asBoolean() ? rightAnswer : leftAnswer;
        String keptId = leftAnswer.get("kept").asBoolean() ? left : right;
        assertThat(refused.get("duplicateOf").get("id").asText()).isEqualTo(keptId);
        assertThat(fixture.get("/documents/" + keptId).statusCode()).isEqualTo(200);
        assertThat(fixture.get("/documents/" + refused.get("id").asText()).statusCode())
            .isEqualTo(404);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * 16 clients add a generated corpus with planted near-duplicates, single adds and batches of 8,
   * all with {@code ?unique=true}; then, from what the server holds (GET) and exact Jaccard: every
   * document refused has a held near-duplicate at the threshold or above (the one named, at the
   * similarity named), and no two held documents are a pair unless LSH could not have seen it (they
   * share no band).
   */
  @Test
  void sixteenConcurrentWritersLeaveAKeptSetWithBothGuarantees() throws Exception {
    GeneratedCorpus corpus = new CorpusGenerator(1600, 0.5, 4, 0.2, 10, 80, 29).generate();
    Map<String, JsonNode> refused = new ConcurrentHashMap<>();
    Map<String, Boolean> answered = new ConcurrentHashMap<>();
    AtomicInteger next = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(16);
    try {
      List<Future<?>> writers = new ArrayList<>();
      for (int t = 0; t < 16; t++) {
        int batchSize = t % 2 == 0 ? 1 : 8;
        writers.add(
            pool.submit(
                () -> {
                  for (int from; (from = next.getAndAdd(batchSize)) < corpus.size(); ) {
                    List<Map<String, String>> items = new ArrayList<>();
                    for (int i = from; i < Math.min(from + batchSize, corpus.size()); i++) {
                      items.add(Map.of("id", corpus.ids().get(i), "text", corpus.texts().get(i)));
                    }
                    for (JsonNode result :
                        batchSize == 1 ? List.of(single(items.get(0))) : batch(items)) {
                      answered.put(result.get("id").asText(), true);
                      if (result.has("duplicateOf")) {
                        refused.put(result.get("id").asText(), result.get("duplicateOf"));
                      }
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> writer : writers) {
        writer.get();
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(answered).hasSize(corpus.size());
    assertThat(refused).hasSizeGreaterThan(300); // the planted copies are there to be refused

    JsonNode stats = json(fixture.get("/stats"));
    assertThat(stats.get("bands").asInt()).isEqualTo(CONFIG.lshParams().bands());
    assertThat(stats.get("rows").asInt()).isEqualTo(CONFIG.lshParams().rows());
    Map<String, KeptSetCheck.Refusal> refusals = new HashMap<>();
    refused.forEach(
        (id, match) ->
            refusals.put(
                id,
                new KeptSetCheck.Refusal(
                    match.get("id").asText(), match.get("similarity").asDouble())));
    KeptSetCheck.assertBothGuarantees(
        corpus.ids(),
        corpus.texts(),
        refusals,
        this::holds,
        SKETCHER,
        CONFIG.lshParams(),
        CONFIG.threshold());
    assertThat(stats.get("documents").asLong()).isEqualTo(corpus.size() - refused.size());
  }

  /** Whether the server holds {@code id}, and then with {@code text}. */
  private boolean holds(String id, String text) throws Exception {
    HttpResponse<String> stored = fixture.get("/documents/" + id);
    assertThat(stored.statusCode()).as(id).isIn(200, 404);
    if (stored.statusCode() == 200) {
      assertThat(json(stored).get("text").asText()).as(id).isEqualTo(text);
    }
    return stored.statusCode() == 200;
  }

  private JsonNode single(Map<String, String> item) throws Exception {
    HttpResponse<String> response = fixture.postJson("/documents?unique=true", item);
    assertThat(response.statusCode()).as(response.body()).isIn(200, 201);
    return json(response);
  }

  private List<JsonNode> batch(List<Map<String, String>> items) throws Exception {
    HttpResponse<String> response = fixture.postJson("/documents:batch?unique=true", items);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    List<JsonNode> results = new ArrayList<>();
    for (JsonNode result : json(response)) {
      assertThat(result.get("status").asText()).as(result.toString()).isIn("added", "duplicate");
      results.add(result);
    }
    return results;
  }

  private static double exact(String a, String b) {
    return Jaccard.similarity(SKETCHER.shingleSet(a), SKETCHER.shingleSet(b));
  }
}
