package org.neardup.cli.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;

/**
 * Durability through the real {@code neardup serve} process: several clients add documents (single
 * adds, or batches), the server is killed with SIGKILL mid-stream, restarted on the same data
 * directory, and every document it acknowledged is there and found by queries. Then a SIGTERM stops
 * it cleanly.
 */
class ServerCrashTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final GeneratedCorpus CORPUS =
      new CorpusGenerator(4000, 0.3, 3, 0.25, 10, 40, 77).generate();
  private static final int CLIENTS = 4;
  private static final int BATCH = 50;
  private static final int ROUNDS = 10;

  /** Batches a client may post in a round. */
  private static final int ROUND_BATCHES = 8;

  private static final GeneratedCorpus BATCHED =
      new CorpusGenerator(ROUNDS * CLIENTS * ROUND_BATCHES * BATCH, 0.3, 3, 0.25, 10, 40, 78)
          .generate();

  @TempDir Path dir;

  @Test
  void everyAcknowledgedWriteSurvivesKillNine() throws Exception {
    Path data = dir.resolve("data");
    Map<String, String> acknowledged = new ConcurrentHashMap<>();
    try (ServerProcess server = ServerProcess.start(data, dir.resolve("first.log"))) {
      AtomicBoolean stop = new AtomicBoolean();
      List<Thread> clients = new ArrayList<>();
      for (int c = 0; c < CLIENTS; c++) {
        int client = c;
        Thread thread =
            new Thread(
                () -> {
                  for (int i = client; i < CORPUS.size() && !stop.get(); i += CLIENTS) {
                    String id = CORPUS.ids().get(i);
                    String text = CORPUS.texts().get(i);
                    try {
                      HttpResponse<String> response =
                          server.post(
                              "/documents",
                              JSON.writeValueAsString(Map.of("id", id, "text", text)));
                      if (response.statusCode() == 201) {
                        acknowledged.put(id, text);
                      }
                    } catch (Exception e) {
                      return; // the server is gone
                    }
                  }
                });
        thread.start();
        clients.add(thread);
      }
      long deadline = System.nanoTime() + 30_000_000_000L;
      while (acknowledged.size() < 400 && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      server.kill(); // mid-stream: the clients are still writing
      stop.set(true);
      for (Thread thread : clients) {
        thread.join();
      }
    }
    assertThat(acknowledged).hasSizeGreaterThanOrEqualTo(400);
    assertThat(acknowledged.size())
        .as("killed mid-stream, not after the end")
        .isLessThan(CORPUS.size());

    try (ServerProcess restarted = ServerProcess.start(data, dir.resolve("second.log"))) {
      long held = JSON.readTree(restarted.get("/stats").body()).get("documents").asLong();
      assertThat(held).isGreaterThanOrEqualTo(acknowledged.size());
      long lost = lost(restarted, acknowledged);
      assertThat(lost).as("acknowledged documents lost").isZero();
      int checked = 0;
      for (Map.Entry<String, String> document : acknowledged.entrySet()) {
        if (checked++ == 200) {
          break;
        }
        JsonNode found =
            JSON.readTree(
                restarted
                    .post("/query", JSON.writeValueAsString(Map.of("text", document.getValue())))
                    .body());
        assertThat(found.get("duplicates").findValuesAsText("id")).contains(document.getKey());
      }
      restarted.terminate(); // SIGTERM: a clean stop
      assertThat(restarted.process.isAlive()).isFalse();
      assertThat(Files.readString(restarted.log)).doesNotContain("Exception");
    }
    assertThat(data.resolve("admin.sock")).doesNotExist();
    var check =
        org.neardup.server.store.IndexDirectory.open(
            data, org.neardup.server.store.IndexDirectory.Options.existing());
    try (check) {
      assertThat(check.check().problems()).isEmpty();
    }
  }

  /**
   * Ten rounds on one data directory, each: clients posting batches of 50 documents, SIGKILL once a
   * round's quota of batches is acknowledged (the clients still posting), restart; every document
   * of every batch acknowledged in any round so far is there after each restart, and the index
   * checks clean. The server restarted after a kill is the one the next round's clients post to;
   * the last one stops with SIGTERM.
   */
  @Test
  void everyAcknowledgedBatchSurvivesTenKills() throws Exception {
    Path data = dir.resolve("batches");
    Map<String, String> acknowledged = new ConcurrentHashMap<>();
    int perClient = ROUND_BATCHES * BATCH;
    ServerProcess server = ServerProcess.start(data, dir.resolve("round-0.log"));
    try {
      for (int round = 0; round < ROUNDS; round++) {
        int first = round * CLIENTS * perClient;
        int before = acknowledged.size();
        ServerProcess writing = server;
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> clients = new ArrayList<>();
        for (int c = 0; c < CLIENTS; c++) {
          int from = first + c * perClient;
          int to = from + perClient;
          Thread thread =
              new Thread(
                  () -> {
                    for (int start = from; start < to && !stop.get(); start += BATCH) {
                      List<Map<String, String>> items = new ArrayList<>();
                      for (int i = start; i < start + BATCH; i++) {
                        items.add(
                            Map.of("id", BATCHED.ids().get(i), "text", BATCHED.texts().get(i)));
                      }
                      try {
                        HttpResponse<String> response =
                            writing.post("/documents:batch", JSON.writeValueAsString(items));
                        if (response.statusCode() == 200) {
                          for (JsonNode result : JSON.readTree(response.body())) {
                            if (result.get("status").asText().equals("added")) {
                              int i = start + result.get("index").asInt();
                              acknowledged.put(BATCHED.ids().get(i), BATCHED.texts().get(i));
                            }
                          }
                        }
                      } catch (Exception e) {
                        return; // the server is gone
                      }
                    }
                  });
          thread.start();
          clients.add(thread);
        }
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (acknowledged.size() < before + 3 * BATCH && System.nanoTime() < deadline) {
          Thread.sleep(2);
        }
        server.kill(); // mid-stream: the clients are still posting
        stop.set(true);
        for (Thread thread : clients) {
          thread.join();
        }
        server.close();
        assertThat(acknowledged.size())
            .as("round " + round + " acknowledged batches")
            .isGreaterThanOrEqualTo(before + 3 * BATCH);
        assertThat(acknowledged.size())
            .as("round " + round + " killed mid-stream")
            .isLessThan(before + CLIENTS * perClient);
        server = ServerProcess.start(data, dir.resolve("check-" + round + ".log"));
        long lost = lost(server, acknowledged);
        assertThat(lost).as("acknowledged documents lost after round " + round).isZero();
      }
      server.terminate();
    } finally {
      server.close();
    }
    var check =
        org.neardup.server.store.IndexDirectory.open(
            data, org.neardup.server.store.IndexDirectory.Options.existing());
    try (check) {
      assertThat(check.check().problems()).isEmpty();
    }
  }

  /**
   * How many acknowledged documents the server does not give back as they were acknowledged: each
   * read with GET /documents/ID, several at once (the server serves requests concurrently).
   */
  private static long lost(ServerProcess server, Map<String, String> acknowledged) {
    return acknowledged.entrySet().parallelStream()
        .filter(
            document -> {
              try {
                HttpResponse<String> got = server.get("/documents/" + document.getKey());
                return got.statusCode() != 200
                    || !JSON.readTree(got.body()).get("text").asText().equals(document.getValue());
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
              }
            })
        .count();
  }
}
