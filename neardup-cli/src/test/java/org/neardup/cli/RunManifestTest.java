package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dedup --manifest}: valid JSON with the version and commit, every setting (banding
 * included), each input and output with its size and SHA-256, the counts and the times; and two
 * runs of the same settings over the same input, on different thread counts, write the same bytes.
 */
class RunManifestTest {
  @TempDir Path dir;

  private JsonNode dedup(String name, String threads) throws IOException {
    Path manifest = dir.resolve(name + ".json");
    List<String> args = new ArrayList<>(List.of("dedup", "-q"));
    args.addAll(Kijiji.OPTIONS);
    args.addAll(
        List.of(
            "--id-field",
            "Url Adv",
            "--on-error",
            "skip",
            "--keep",
            "longest",
            "--annotate",
            "--threads",
            threads,
            "--removed",
            dir.resolve(name + ".removed.tsv").toString(),
            "--manifest",
            manifest.toString(),
            "-o",
            dir.resolve(name + ".tsv").toString(),
            Kijiji.file().toString()));
    CliRunner.ok(args);
    return new ObjectMapper().readTree(manifest.toFile());
  }

  @Test
  void theManifestRecordsTheRunAndTwoRunsWriteTheSameBytes() throws IOException {
    Instant before = Instant.now().minusSeconds(1);
    JsonNode one = dedup("one", "1");
    JsonNode two = dedup("two", "3");

    assertThat(one.get("manifest_version").asInt()).isEqualTo(1);
    assertThat(one.at("/neardup/version").asText()).isNotEmpty();
    assertThat(one.at("/neardup/commit").asText()).isNotEmpty();
    assertThat(one.get("command").asText()).isEqualTo("dedup");
    assertThat(one.at("/settings/threshold").asDouble()).isEqualTo(0.8);
    assertThat(one.at("/settings/banding/bands").asInt()).isEqualTo(21);
    assertThat(one.at("/settings/banding/rows").asInt()).isEqualTo(6);
    assertThat(one.at("/settings/shingle/size").asInt()).isEqualTo(5);
    assertThat(one.at("/settings/minhash/permutations").asInt()).isEqualTo(128);
    assertThat(one.at("/settings/keep").asText()).isEqualTo("longest");
    assertThat(one.at("/settings/reading/id_field").asText()).isEqualTo("Url Adv");
    assertThat(one.at("/settings/reading/on_error").asText()).isEqualTo("skip");
    JsonNode input = one.at("/inputs/0");
    assertThat(input.get("path").asText()).isEqualTo(Kijiji.file().toString());
    assertThat(input.get("bytes").asLong()).isEqualTo(Files.size(Kijiji.file()));
    assertThat(input.get("sha256").asText()).isEqualTo(sha256(Kijiji.file()));
    assertThat(input.get("format").asText()).isEqualTo("csv");
    // the counts: every record read is kept, removed or rejected, as the outputs hold them
    JsonNode counts = one.get("counts");
    assertThat(counts.get("read").asLong()).isEqualTo(2627);
    assertThat(
            counts.get("kept").asLong()
                + counts.get("removed").asLong()
                + counts.get("rejected").asLong())
        .isEqualTo(2627);
    assertThat(counts.get("rejected").asLong()).isEqualTo(238); // as docs/cli.md says
    assertThat(Files.readAllLines(dir.resolve("one.removed.tsv")))
        .hasSize(1 + (int) counts.get("removed").asLong());
    for (JsonNode output : one.get("outputs")) {
      Path file = Path.of(output.get("path").asText());
      assertThat(output.get("sha256").asText()).isEqualTo(sha256(file));
      assertThat(output.get("bytes").asLong()).isEqualTo(Files.size(file));
    }
    assertThat(one.at("/outputs/0/role").asText()).isEqualTo("clean");
    Instant started = Instant.parse(one.get("started").asText());
    assertThat(started).isAfter(before);
    assertThat(Instant.parse(one.get("ended").asText())).isAfterOrEqualTo(started);

    // same settings, same input: the same bytes out, whatever the threads
    for (int i = 0; i < one.get("outputs").size(); i++) {
      assertThat(two.get("outputs").get(i).get("sha256"))
          .isEqualTo(one.get("outputs").get(i).get("sha256"));
    }
    assertThat(two.get("counts")).isEqualTo(one.get("counts"));
  }

  private static String sha256(Path file) throws IOException {
    try {
      return HexFormat.of()
          .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
