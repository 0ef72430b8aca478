package org.neardup.cli.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.cli.CliRunner;

/**
 * {@code index stats} prints readable lines that agree with {@code GET /stats}, served or not;
 * {@code index export} of a served index writes the signature file {@code sign} writes of its
 * documents.
 */
class IndexStatsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private static String indexStats(Path data) {
    return CliRunner.ok("index", "stats", "--data", data.toString()).out;
  }

  @Test
  void statsOfAServedIndexAndOfAStoppedOneAgreeWithTheService() throws Exception {
    Path data = dir.resolve("idx");
    String served;
    JsonNode stats;
    Path exported = dir.resolve("exported.nds");
    try (ServerProcess server = ServerProcess.start(data, dir.resolve("serve.log"))) {
      assertThat(
              server
                  .post(
                      "/documents",
                      "{\"id\": \"a\", \"text\": \"Sunny two-room flat near Termini station\"}")
                  .statusCode())
          .isEqualTo(201);
      stats = JSON.readTree(server.get("/stats").body());
      served = indexStats(data);
      CliRunner.ok("index", "export", "-q", "--data", data.toString(), "-o", exported.toString());
      server.terminate(); // SIGTERM: a clean stop, the database closed
    }
    assertThat(served)
        .doesNotContain("Settings[", "=")
        .contains("documents             1\n")
        .contains("threshold             " + stats.get("threshold").asText() + "\n")
        .contains(
            String.format(
                Locale.ROOT,
                "banding               %d bands of %d rows%n",
                stats.get("bands").asInt(),
                stats.get("rows").asInt()))
        .contains("top-k floor           " + stats.get("topKFloor").asText() + "\n")
        .contains("containment sampling  none\n")
        .contains("shingles              " + stats.at("/sketch/shingle").asText() + " (hash ")
        .contains(
            "signature             "
                + stats.at("/sketch/scheme").asText()
                + ", "
                + stats.at("/sketch/permutations").asInt()
                + " values, seed "
                + stats.at("/sketch/seed").asLong()
                + "\n");
    // built without --top-k-floor: the floor in effect is the threshold, as /stats says
    assertThat(stats.get("topKFloor").asDouble()).isEqualTo(stats.get("threshold").asDouble());

    String stopped = indexStats(data);
    assertThat(
            stopped.lines().filter(line -> !line.startsWith("disk") && !line.startsWith("commits")))
        .containsExactlyElementsOf(
            served
                .lines()
                .filter(line -> !line.startsWith("disk") && !line.startsWith("commits"))
                .toList());

    Path signed = dir.resolve("signed.nds");
    Path input =
        Files.writeString(dir.resolve("a.tsv"), "a\tSunny two-room flat near Termini station\n");
    CliRunner.ok("sign", "-q", "-o", signed.toString(), input.toString());
    assertThat(Files.readAllBytes(exported)).isEqualTo(Files.readAllBytes(signed));
  }
}
