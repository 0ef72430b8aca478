package org.neardup.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.spark.TestSpark.cli;
import static org.neardup.spark.TestSpark.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code spark dedup --manifest}: two runs with the same settings over the same input write the
 * same part files, byte for byte and name for name (the annotated copy, the removed records, the
 * rejects), and manifests that differ only in their times and the paths they were told; each
 * checksum is the file's, a directory's the one {@code sha256sum} gives its files; the counts,
 * settings and input checksums are those of {@code ./neardup dedup --manifest} with the same
 * options, whose file is the parts concatenated. An existing manifest is refused before any work.
 */
class RunManifestJobTest {
  @TempDir static Path dir;
  private static Path input;
  private static final ObjectMapper JSON = new ObjectMapper();

  @BeforeAll
  static void generate() throws IOException {
    Path generated = TestSpark.generated(dir, 1500, 46);
    // two bad records (no text) for the rejects
    List<String> lines = new ArrayList<>(Files.readAllLines(generated, StandardCharsets.UTF_8));
    lines.add(700, "no-text-here");
    lines.add(1200, "nor-here");
    input = dir.resolve("corpus.tsv");
    Files.write(input, lines, StandardCharsets.UTF_8);
  }

  private static String[] options(String output, String manifest) {
    return new String[] {
      "dedup",
      "-q",
      "--keep",
      "longest",
      "--annotate",
      "--on-error",
      "skip",
      "--removed",
      output + ".removed",
      "--manifest",
      manifest,
      "-o",
      output,
      input.toString()
    };
  }

  @Test
  void twoRunsWriteTheSameBytesAndTheClisRecord() throws IOException {
    Path a = dir.resolve("a");
    Path b = dir.resolve("b");
    for (Path out : List.of(a, b)) {
      TestSpark.Run run =
          spark(TestSpark.concat(options(out.toString(), out + ".json"), "--split-size", "64k"));
      assertThat(run.exitCode()).as(run.err()).isZero();
    }
    for (String suffix : List.of("", ".removed", ".rejects")) {
      List<Path> first = TestSpark.partFiles(Path.of(a + suffix));
      List<Path> second = TestSpark.partFiles(Path.of(b + suffix));
      assertThat(first).isNotEmpty();
      assertThat(second.stream().map(p -> p.getFileName().toString()))
          .containsExactlyElementsOf(first.stream().map(p -> p.getFileName().toString()).toList());
      for (int i = 0; i < first.size(); i++) {
        assertThat(Files.readAllBytes(second.get(i)))
            .as("%s", second.get(i))
            .isEqualTo(Files.readAllBytes(first.get(i)));
      }
    }
    assertThat(TestSpark.partFiles(a)).hasSizeGreaterThan(2);

    JsonNode first = JSON.readTree(dir.resolve("a.json").toFile());
    JsonNode second = JSON.readTree(dir.resolve("b.json").toFile());
    for (String member : List.of("manifest_version", "neardup", "command", "settings", "inputs")) {
      assertThat(second.get(member)).as(member).isEqualTo(first.get(member));
    }
    assertThat(second.get("counts")).isEqualTo(first.get("counts"));
    for (int i = 0; i < 3; i++) {
      JsonNode x = first.get("outputs").get(i);
      JsonNode y = second.get("outputs").get(i);
      assertThat(y.get("role")).isEqualTo(x.get("role"));
      assertThat(y.get("sha256")).isEqualTo(x.get("sha256"));
      assertThat(y.get("files")).isEqualTo(x.get("files"));
    }
    assertThat(first.get("outputs")).hasSize(3);
    try (var beside = Files.list(dir)) { // the manifest alone: no temporary or checksum file
      assertThat(beside.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".")))
          .isEmpty();
    }
    assertThat(first.get("started").asText()).isLessThanOrEqualTo(first.get("ended").asText());

    // the checksums are the files'
    JsonNode clean = first.get("outputs").get(0);
    assertThat(clean.get("role").asText()).isEqualTo("clean");
    StringBuilder sums = new StringBuilder();
    long bytes = 0;
    for (Path part : TestSpark.partFiles(a)) {
      sums.append(sha256(Files.readAllBytes(part)))
          .append("  ")
          .append(part.getFileName())
          .append('\n');
      bytes += Files.size(part);
    }
    assertThat(clean.get("sha256").asText())
        .isEqualTo(sha256(sums.toString().getBytes(StandardCharsets.UTF_8)));
    assertThat(clean.get("bytes").asLong()).isEqualTo(bytes);
    JsonNode in = first.get("inputs").get(0);
    assertThat(in.get("sha256").asText()).isEqualTo(sha256(Files.readAllBytes(input)));
    assertThat(in.get("format").asText()).isEqualTo("tsv");
    assertThat(first.get("neardup").get("version").asText()).isNotEqualTo("unknown");

    // the CLI's run: its file is the parts, its record has the same counts and settings
    Path c = dir.resolve("c.tsv");
    TestSpark.Run cliRun = cli(options(c.toString(), dir.resolve("c.json").toString()));
    assertThat(cliRun.exitCode()).as(cliRun.err()).isZero();
    ByteArrayOutputStream parts = new ByteArrayOutputStream();
    for (Path part : TestSpark.partFiles(a)) {
      parts.write(Files.readAllBytes(part));
    }
    assertThat(parts.toByteArray())
        .isEqualTo(TestSpark.cliOutput(c).getBytes(StandardCharsets.UTF_8));
    JsonNode cliRecord = JSON.readTree(dir.resolve("c.json").toFile());
    assertThat(first.get("counts")).isEqualTo(cliRecord.get("counts"));
    assertThat(first.get("counts").get("rejected").asLong()).isEqualTo(2);
    assertThat(first.get("counts").get("removed").asLong()).isPositive();
    for (String setting :
        List.of(
            "threshold",
            "target_recall",
            "normalization",
            "shingle",
            "minhash",
            "banding",
            "verify",
            "keep",
            "components",
            "annotate")) {
      assertThat(first.get("settings").get(setting))
          .as(setting)
          .isEqualTo(cliRecord.get("settings").get(setting));
    }
    assertThat(in.get("sha256")).isEqualTo(cliRecord.get("inputs").get(0).get("sha256"));
    assertThat(first.get("settings").get("split_bytes").asLong()).isEqualTo(64 << 10);
  }

  @Test
  void anExistingManifestIsRefusedBeforeAnyWork() throws IOException {
    Path manifest = dir.resolve("there.json");
    Files.writeString(manifest, "{}\n");
    Path out = dir.resolve("never");
    TestSpark.Run run = spark(options(out.toString(), manifest.toString()));
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains(manifest + ": already exists");
    assertThat(Files.exists(out)).isFalse();
    assertThat(Files.readString(manifest)).isEqualTo("{}\n");
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
