package org.neardup.cli.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
 * Durability through the real {@code neardup serve} process: several clients add documents, the
 * server is killed with SIGKILL mid-stream, restarted on the same data directory, and every
 * document it acknowledged is there and found by queries. Then a SIGTERM stops it cleanly.
 */
class ServerCrashTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final GeneratedCorpus CORPUS = new CorpusGenerator(4000, 0.3, 3, 0.25, 10, 40, 77).generate();
  private static final int CLIENTS = 4;

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
        Thread thread = new Thread(() -> {
          for (int i = client; i < CORPUS.size() && !stop.get(); i += CLIENTS) {
            String id = CORPUS.ids().get(i);
            String text = CORPUS.texts().get(i);
            try {
              HttpResponse<String> response = server.post("/documents", JSON.writeValueAsString(Map.of("id", id, "text", text)));
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
    assertThat(acknowledged.size()).as("killed mid-stream, not after the end").isLessThan(CORPUS.size());

    try (ServerProcess restarted = ServerProcess.start(data, dir.resolve("second.log"))) {
      long held = JSON.readTree(restarted.get("/stats").body()).get("documents").asLong();
      assertThat(held).isGreaterThanOrEqualTo(acknowledged.size());
      int lost = 0;
      for (Map.Entry<String, String> document : acknowledged.entrySet()) {
        HttpResponse<String> got = restarted.get("/documents/" + document.getKey());
        if (got.statusCode() != 200 || !JSON.readTree(got.body()).get("text").asText().equals(document.getValue())) {
          lost++;
        }
      }
      assertThat(lost).as("acknowledged documents lost").isZero();
      int checked = 0;
      for (Map.Entry<String, String> document : acknowledged.entrySet()) {
        if (checked++ == 200) {
          break;
        }
        JsonNode found = JSON.readTree(restarted.post("/query", JSON.writeValueAsString(Map.of("text", document.getValue()))).body());
        assertThat(found.get("duplicates").findValuesAsText("id")).contains(document.getKey());
      }
      restarted.terminate(); // SIGTERM: a clean stop
      assertThat(restarted.process.isAlive()).isFalse();
      assertThat(Files.readString(restarted.log)).doesNotContain("Exception");
    }
    assertThat(data.resolve("admin.sock")).doesNotExist();
    var check = org.neardup.server.store.IndexDirectory.open(data, org.neardup.server.store.IndexDirectory.Options.existing());
    try (check) {
      assertThat(check.check().problems()).isEmpty();
    }
  }
}
