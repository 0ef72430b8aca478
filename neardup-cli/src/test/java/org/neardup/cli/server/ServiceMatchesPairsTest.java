package org.neardup.cli.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.cli.CliRunner;
import org.neardup.cli.Kijiji;
import org.neardup.config.PipelineConfig;
import org.neardup.index.IndexSettings;
import org.neardup.input.Document;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;
import org.neardup.io.DocumentReader;
import org.neardup.io.DocumentReaders;
import org.neardup.io.InputFormat;
import org.neardup.io.InputOptions;
import org.neardup.options.Formats;
import org.neardup.server.NearDupServer;
import org.neardup.server.ServerConfig;
import org.neardup.server.store.IndexDirectory;
import org.neardup.shingle.ShingleConfig;

/**
 * For the same documents and settings, the service's duplicates are the pairs of {@code neardup
 * pairs}: adding every document through {@code POST /documents:batch?limit=10000} (every duplicate
 * listed), each pair is reported once (by its later document), with the same similarity.
 */
class ServiceMatchesPairsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void generatedCorpus() throws Exception {
    Path corpus = dir.resolve("corpus.tsv");
    CliRunner.ok("generate", "--documents", "3000", "--seed", "9", "-o", corpus.toString());
    assertSamePairs(
        corpus,
        InputOptions.of(InputFormat.TSV),
        PipelineConfig.builder().build(),
        new String[] {});
  }

  @Test
  void kijiji() throws Exception {
    assertSamePairs(
        Kijiji.file(),
        Kijiji.INPUT,
        PipelineConfig.builder().shingle(ShingleConfig.chars(10)).build(),
        Kijiji.options("--shingle", "char:10"));
  }

  private void assertSamePairs(
      Path input, InputOptions options, PipelineConfig config, String[] cliOptions)
      throws Exception {
    List<String> command = new ArrayList<>(List.of("pairs", "-q"));
    command.addAll(List.of(cliOptions));
    command.add(input.toString());
    TreeSet<String> expected = new TreeSet<>(CliRunner.ok(command).out.lines().toList());
    assertThat(expected).hasSizeGreaterThan(300);

    TreeSet<String> found = new TreeSet<>();
    IndexDirectory directory =
        IndexDirectory.open(
            dir.resolve("index"),
            new IndexDirectory.Options(IndexSettings.of(config, false), true, true, 64L << 20, 2));
    try (NearDupServer server = NearDupServer.start(directory, ServerConfig.local(0), line -> {})) {
      HttpClient client = HttpClient.newHttpClient();
      StringBuilder batch = new StringBuilder();
      try (DocumentReader reader =
          DocumentReaders.open(input, options, new InputProblems(OnError.FAIL))) {
        for (Document document; (document = reader.next()) != null; ) {
          batch
              .append(JSON.writeValueAsString(Map.of("id", document.id(), "text", document.text())))
              .append('\n');
        }
      }
      HttpResponse<String> response =
          client.send(
              HttpRequest.newBuilder(
                      URI.create(
                          "http://127.0.0.1:" + server.port() + "/documents:batch?limit=10000"))
                  .header("Content-Type", "application/x-ndjson")
                  .POST(HttpRequest.BodyPublishers.ofString(batch.toString()))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(response.statusCode()).isEqualTo(200);
      for (String line : response.body().lines().toList()) {
        JsonNode result = JSON.readTree(line);
        assertThat(result.get("status").asText()).as(line).isIn("added", "empty");
        String id = result.get("id").asText();
        assertThat(result.has("moreDuplicates") || result.has("notCompared"))
            .as("every duplicate listed: %s", line)
            .isFalse();
        for (JsonNode duplicate : result.get("duplicates")) {
          String other = duplicate.get("id").asText();
          String similarity = Formats.similarity(duplicate.get("similarity").asDouble());
          boolean added =
              found.add(
                  id.compareTo(other) < 0
                      ? id + "\t" + other + "\t" + similarity
                      : other + "\t" + id + "\t" + similarity);
          assertThat(added).as("pair %s %s reported twice", id, other).isTrue();
        }
      }
    }
    assertThat(found).isEqualTo(expected);
  }
}
