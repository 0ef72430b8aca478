package org.neardup.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.config.PipelineConfig;
import org.neardup.index.IndexSettings;
import org.neardup.index.Match;
import org.neardup.index.NearDupIndex;
import org.neardup.index.SearchSettings;
import org.neardup.server.store.IndexDirectory;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;

/**
 * The service loads an index's top-k floor at start when asked ({@link ServerConfig#preloadTopK}),
 * says so in its log, and answers top-k queries as the in-memory index does; asked not to, it loads
 * nothing until a top-k query needs it.
 */
class TopKPreloadTest {
  private static final PipelineConfig CONFIG = PipelineConfig.builder().threads(2).build();
  private static final SearchSettings SEARCH = new SearchSettings(0.3, 4);
  private static final GeneratedCorpus CORPUS =
      new CorpusGenerator(500, 0.4, 6, 0.5, 15, 80, 17).generate();

  @TempDir Path dir;

  @Test
  void loadsTheFloorAtStartAndAnswersAsInMemory() throws Exception {
    NearDupIndex<String> memory = NearDupIndex.inMemory(CONFIG, SEARCH);
    Path data = dir.resolve("index");
    try (IndexDirectory directory = open(data)) {
      for (int i = 0; i < CORPUS.size(); i++) {
        directory.index().add(CORPUS.ids().get(i), CORPUS.texts().get(i));
        memory.add(CORPUS.ids().get(i), CORPUS.texts().get(i));
      }
    }
    List<String> log = new ArrayList<>();
    try (NearDupServer server = start(data, true, log)) {
      long deadline = System.nanoTime() + 60_000_000_000L;
      while (!loaded(log) && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertThat(log)
          .anyMatch(line -> line.startsWith("neardup: top-k floor loaded (500 documents, "));
      HttpClient client = HttpClient.newHttpClient();
      for (int i = 0; i < CORPUS.size(); i += 10) {
        String text = CORPUS.texts().get(i);
        JsonNode found =
            ServerFixture.JSON
                .readTree(
                    client
                        .send(
                            HttpRequest.newBuilder(
                                    URI.create(
                                        "http://127.0.0.1:" + server.port() + "/query?top=5"))
                                .header("Content-Type", "application/json")
                                .POST(
                                    HttpRequest.BodyPublishers.ofString(
                                        ServerFixture.JSON.writeValueAsString(
                                            Map.of("text", text))))
                                .build(),
                            HttpResponse.BodyHandlers.ofString())
                        .body())
                .get("duplicates");
        List<Match<String>> expected = memory.top(text, 5);
        assertThat(found).hasSize(expected.size());
        for (int r = 0; r < expected.size(); r++) {
          assertThat(found.get(r).get("similarity").asDouble())
              .isEqualTo(expected.get(r).similarity());
        }
      }
    }
    try (NearDupServer server = start(data, false, log)) {
      Thread.sleep(200);
      assertThat(log).hasSize(1); // the first server's line only
    }
  }

  private static boolean loaded(List<String> log) {
    synchronized (log) {
      return !log.isEmpty();
    }
  }

  private static IndexDirectory open(Path data) {
    return IndexDirectory.open(
        data,
        new IndexDirectory.Options(
            IndexSettings.of(CONFIG, false, SEARCH), true, true, 16L << 20, 2));
  }

  private static NearDupServer start(Path data, boolean preload, List<String> log) {
    return NearDupServer.start(
        open(data),
        new ServerConfig("127.0.0.1", 0, null, 1 << 20, 4, preload),
        line -> {
          synchronized (log) {
            log.add(line);
          }
        });
  }
}
