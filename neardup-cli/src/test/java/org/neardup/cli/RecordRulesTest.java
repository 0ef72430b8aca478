package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.config.PipelineConfig;
import org.neardup.index.IndexSettings;
import org.neardup.server.NearDupServer;
import org.neardup.server.ServerConfig;
import org.neardup.server.store.IndexDirectory;

/**
 * One rule for ids, texts and JSON records on every face: what {@code index build} refuses, the API
 * refuses, and an index built from any input {@code index check} accepts.
 */
class RecordRulesTest {
  private static final String TEXT = "apples and oranges and pears and plums";

  @TempDir Path dir;

  /**
   * Two ids that differ only in a lone surrogate were stored under one key ("x?"): a corrupt index.
   */
  @Test
  void idsWithALoneSurrogateNeverReachTheIndex() throws IOException {
    Path input =
        Files.writeString(
            dir.resolve("s.jsonl"),
            "{\"id\":\"x\\ud800\",\"text\":\"apples and oranges\"}\n"
                + "{\"id\":\"x\\udbff\",\"text\":\"cars and trains\"}\n");
    String data = dir.resolve("idx").toString();

    CliRunner build = CliRunner.run("index", "build", "--data", data, input.toString());
    assertThat(build.exitCode).as(build.toString()).isEqualTo(2);
    assertThat(build.err)
        .isEqualTo(
            "neardup: "
                + input
                + ":1: invalid id 'x\\uD800' (it holds the lone surrogate"
                + " U+D800 at character 2, half of a UTF-16 pair without the other half)\n");

    CliRunner skip =
        CliRunner.run("index", "build", "--on-error", "skip", "--data", data, input.toString());
    assertThat(skip.exitCode).as(skip.toString()).isZero();
    assertThat(skip.err)
        .contains("skipped " + input + ":2: invalid id 'x\\uDBFF'")
        .contains("skipped 2 records: invalid id")
        .contains("0 documents added");
    CliRunner check = CliRunner.run("index", "check", "--data", data);
    assertThat(check.exitCode).as(check.toString()).isZero();
  }

  @Test
  void indexBuildRefusesIdsTheApiCannotAddressAndTextsWithALoneSurrogate() throws IOException {
    Path input =
        Files.writeString(
            dir.resolve("ids.jsonl"),
            String.join(
                    "\n",
                    "{\"id\":\"vt\\u000b\",\"text\":\"" + TEXT + "\"}",
                    "{\"id\":\"esc\\u001b[31m\",\"text\":\"" + TEXT + "\"}",
                    "{\"id\":\"nul\\u0000\",\"text\":\"" + TEXT + "\"}",
                    "{\"id\":\"" + "x".repeat(513) + "\",\"text\":\"" + TEXT + "\"}",
                    "{\"id\":\"text\",\"text\":\"lone \\ud800 " + TEXT + "\"}",
                    "{\"id\":\"" + "x".repeat(512) + "\",\"text\":\"" + TEXT + "\"}",
                    "{\"id\":\"fine\",\"text\":\"" + TEXT + "\"}")
                + "\n");
    String data = dir.resolve("idx").toString();

    CliRunner build = CliRunner.run("index", "build", "--data", data, input.toString());
    assertThat(build.exitCode).isEqualTo(2);
    assertThat(build.err)
        .startsWith(
            "neardup: "
                + input
                + ":1: invalid id 'vt\\u000B' (it holds the control character"
                + " U+000B at character 3)");
    CliRunner skip =
        CliRunner.run(
            "index", "build", "-v", "--on-error", "skip", "--data", data, input.toString());
    assertThat(skip.exitCode).as(skip.toString()).isZero();
    assertThat(skip.err)
        .contains(input + ":2: invalid id 'esc\\u001B[31m' (it holds the control character U+001B")
        .contains(input + ":3: invalid id 'nul\\u0000' (it holds the control character U+0000")
        .contains(
            input
                + ":4: invalid id '"
                + "x".repeat(64)
                + "...' (it is longer than 512 bytes in UTF-8 (513))")
        .contains(input + ":5: invalid text (it holds the lone surrogate U+D800 at character 6")
        .contains("skipped 4 records: invalid id")
        .contains("skipped 1 record: invalid text")
        .contains("2 documents added");
    assertThat(CliRunner.run("index", "check", "--data", data).exitCode).isZero();
  }

  /**
   * The same records, one at a time, to {@code index build} and to {@code POST /documents}: each is
   * stored by both or refused by both (ids as JSON strings: the API takes no number ids).
   */
  @Test
  void whatIndexBuildRefusesTheApiRefusesAndTheOtherWayRound() throws Exception {
    List<Object[]> records =
        List.of(
            new Object[] {true, "{\"id\":\"plain\",\"text\":\"" + TEXT + "\"}"},
            new Object[] {
              true, "{\"id\":\"emoji \\ud83d\\ude00 é\",\"text\":\"" + TEXT + " \\ud83d\\ude00\"}"
            },
            new Object[] {true, "{\"id\":\"" + "é".repeat(256) + "\",\"text\":\"" + TEXT + "\"}"},
            new Object[] {
              true,
              "{\"id\":\"sp ace/slash?\",\"text\":\"" + TEXT + "\",\"meta\":{\"a\":[1,{\"b\":2}]}}"
            },
            new Object[] {false, "{\"id\":\"x\\ud800\",\"text\":\"" + TEXT + "\"}"},
            new Object[] {false, "{\"id\":\"a\\u000bb\",\"text\":\"" + TEXT + "\"}"},
            new Object[] {false, "{\"id\":\"a\\u0085b\",\"text\":\"" + TEXT + "\"}"},
            new Object[] {false, "{\"id\":\"a\\u2029b\",\"text\":\"" + TEXT + "\"}"},
            new Object[] {false, "{\"id\":\"a\\tb\",\"text\":\"" + TEXT + "\"}"},
            new Object[] {false, "{\"id\":\"" + "é".repeat(256) + "x\",\"text\":\"" + TEXT + "\"}"},
            new Object[] {false, "{\"id\":\"\",\"text\":\"" + TEXT + "\"}"},
            new Object[] {false, "{\"id\":\"t\",\"text\":\"" + TEXT + " \\udfff\"}"},
            new Object[] {false, "{\"id\":\"d1\",\"text\":\"" + TEXT + "\",\"id\":\"d2\"}"},
            new Object[] {
              false, "{\"id\":\"d3\",\"text\":\"" + TEXT + "\",\"meta\":{\"a\":1,\"a\":2}}"
            },
            new Object[] {false, "{\"id\":\"tr\",\"text\":\"" + TEXT + "\"} {}"},
            new Object[] {
              false,
              bytes(
                  "{\"id\":\"u2",
                  new byte[] {(byte) 0xc0, (byte) 0xaf},
                  "\",\"text\":\"" + TEXT + "\"}")
            },
            new Object[] {
              false,
              bytes(
                  "{\"id\":\"s\",\"text\":\"",
                  new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80},
                  "\"}")
            });
    String data = dir.resolve("idx").toString();
    IndexDirectory served =
        IndexDirectory.open(
            dir.resolve("served"),
            new IndexDirectory.Options(
                IndexSettings.of(PipelineConfig.builder().threads(1).build(), true),
                false,
                true,
                16L << 20,
                1));
    HttpClient client = HttpClient.newHttpClient();
    try (NearDupServer server = NearDupServer.start(served, ServerConfig.local(0), line -> {})) {
      for (int i = 0; i < records.size(); i++) {
        boolean valid = (Boolean) records.get(i)[0];
        Object record = records.get(i)[1];
        byte[] body =
            record instanceof String s ? s.getBytes(StandardCharsets.UTF_8) : (byte[]) record;
        Path input = Files.write(dir.resolve("record" + i + ".jsonl"), bytes(body, "\n"));
        CliRunner build =
            CliRunner.run("index", "build", "--on-error", "skip", "--data", data, input.toString());
        assertThat(build.exitCode).as(build.toString()).isZero();
        assertThat(build.err)
            .as("record %d", i)
            .contains(valid ? "1 document added" : "0 documents added");
        HttpResponse<String> added =
            client.send(
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + server.port() + "/documents"))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(added.statusCode())
            .as("record %d: %s", i, added.body())
            .isEqualTo(valid ? 201 : 400);
      }
    }
    assertThat(CliRunner.run("index", "check", "--data", data).exitCode).isZero();
  }

  @Test
  void aConcatenatedGzipIsReadWholeAndBytesAfterItAreAnError() throws IOException {
    byte[] members = bytes(gzip("a\tthe same words here\n"), gzip("b\tthe same words here\n"));
    Path whole = Files.write(dir.resolve("two-members.tsv.gz"), members);
    CliRunner run = CliRunner.run("pairs", "-q", whole.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out).isEqualTo("a\tb\t1.000000\n");

    Path trailing = Files.write(dir.resolve("trailing.tsv.gz"), bytes(members, "garbage"));
    CliRunner refused = CliRunner.run("pairs", "-q", trailing.toString());
    assertThat(refused.exitCode).as(refused.toString()).isEqualTo(2);
    assertThat(refused.out).isEmpty();
    assertThat(refused.err)
        .isEqualTo(
            "neardup: "
                + trailing
                + ":3: corrupt gzip input (bytes that are not gzip data"
                + " after the end of the gzip data, at byte offset "
                + members.length
                + " of the file)\n");
  }

  private static byte[] gzip(String text) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(text.getBytes(StandardCharsets.UTF_8));
    }
    return out.toByteArray();
  }

  private static byte[] bytes(Object... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (Object part : parts) {
      out.writeBytes(
          part instanceof byte[] raw ? raw : ((String) part).getBytes(StandardCharsets.UTF_8));
    }
    return out.toByteArray();
  }
}
