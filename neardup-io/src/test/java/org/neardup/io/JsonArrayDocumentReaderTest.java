package org.neardup.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.neardup.io.IoFixtures.bytes;
import static org.neardup.io.IoFixtures.gzip;
import static org.neardup.io.IoFixtures.options;
import static org.neardup.io.IoFixtures.readAll;
import static org.neardup.io.IoFixtures.utf8;
import static org.neardup.io.IoFixtures.write;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.input.Document;
import org.neardup.input.InputException;
import org.neardup.input.InputProblem;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;

class JsonArrayDocumentReaderTest {
  @TempDir Path dir;

  private static final String PRETTY =
      "[\n"
          + "  {\n"
          + "    \"id\": \"a\",\n"
          + "    \"meta\": {\"x\": [1, {\"id\": \"nested\"}]},\n"
          + "    \"text\": \"hello \\\"world\\\"\"\n"
          + "  },\n"
          + "  {\"text\": \"second\", \"id\": 42}\n"
          + "]\n";

  @Test
  void readsEachObjectOfTheArrayWithItsLineAndPosition() {
    Path file = write(dir, "data.json", PRETTY);

    List<Document> docs = readAll(file, options(InputFormat.JSON));

    assertThat(docs)
        .extracting(Document::id, Document::text, Document::line, Document::recordIndex)
        .containsExactly(tuple("a", "hello \"world\"", 2L, 0L), tuple("42", "second", 7L, 1L));
  }

  @Test
  void aJsonFileStartingWithABracketIsDetectedAsAnArrayAndOtherwiseAsJsonLines() {
    assertThat(InputFormat.detect(write(dir, "a.json", PRETTY))).isSameAs(InputFormat.JSON);
    assertThat(InputFormat.detect(write(dir, "b.json", "{\"id\":\"a\",\"text\":\"x\"}\n")))
        .isSameAs(InputFormat.JSONL);
    assertThat(InputFormat.detect(write(dir, "c.json.gz", gzip(utf8(PRETTY)))))
        .isSameAs(InputFormat.JSON);
    assertThat(InputFormat.parse("json")).isSameAs(InputFormat.JSON);
  }

  @Test
  void recordsWithoutAnIdFieldAreNumberedByPositionAndFieldsAreChosenByName() {
    Path file =
        write(
            dir,
            "data.json",
            "[{\"text\":\"x\"},{\"id\":\"b\",\"text\":\"y\"},{\"title\":\"T\",\"body\":\"B\",\"key\":\"k\"}]");

    assertThat(readAll(file, options(InputFormat.JSON), new InputProblems(OnError.SKIP)))
        .extracting(Document::id)
        .containsExactly("1", "b");
    InputProblems problems = new InputProblems(OnError.SKIP);
    assertThat(
            readAll(
                file,
                new InputOptions(InputFormat.JSON, ',', "key", List.of("title", "body")),
                problems))
        .extracting(Document::id, Document::text, Document::recordIndex)
        .containsExactly(tuple("k", "T B", 2L));
    assertThat(problems.skipped()).isEqualTo(Map.of(InputProblem.MISSING_ID, 2L));
  }

  @Test
  void badRecordsAreSkippedAsJsonLinesRecordsAre() {
    Path file =
        write(
            dir,
            "data.json",
            bytes(
                "[\n",
                "\"not an object\",\n",
                "{\"id\":\"a\",\"text\":\"x\",\"id\":\"b\"},\n",
                "{\"id\":\"c\",\"text\":\"x\",\"meta\":{\"k\":1,\"k\":2}},\n",
                "{\"id\":{\"x\":1},\"text\":\"x\"},\n",
                "{\"id\":\"\",\"text\":\"x\"},\n",
                "{\"id\":\"e\"},\n",
                "{\"id\":\"a\\u000Bb\",\"text\":\"x\"},\n",
                "{\"id\":\"f\",\"text\":\"ok\",\"list\":[{\"k\":1},{\"k\":2}]}\n",
                "]\n"));
    InputProblems problems = new InputProblems(OnError.SKIP);

    List<Document> docs = readAll(file, options(InputFormat.JSON), problems);

    assertThat(docs)
        .extracting(Document::id, Document::line, Document::recordIndex)
        .containsExactly(tuple("f", 9L, 7L));
    assertThat(problems.skipped())
        .isEqualTo(
            Map.of(
                InputProblem.MALFORMED_RECORD,
                4L,
                InputProblem.MISSING_ID,
                1L,
                InputProblem.MISSING_TEXT,
                1L,
                InputProblem.INVALID_ID,
                1L));
    assertThatThrownBy(() -> readAll(file, options(InputFormat.JSON)))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("data.json:2")
        .hasMessageContaining("not a JSON object");
  }

  @Test
  void whatIsNotOneArrayStopsTheReadNamingTheLine() {
    assertThatThrownBy(
            () ->
                readAll(
                    write(dir, "o.json", "{\"id\":\"a\",\"text\":\"x\"}\n"),
                    options(InputFormat.JSON)))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("o.json:1: not a JSON array (use --format jsonl");
    assertThatThrownBy(() -> readAll(write(dir, "e.json", ""), options(InputFormat.JSON)))
        .hasMessageContaining("e.json:1: empty input: not a JSON array");
    assertThatThrownBy(
            () ->
                readAll(
                    write(dir, "u.json", "[{\"id\":\"a\",\"text\":\"x\"},\n"),
                    options(InputFormat.JSON)))
        .hasMessageContaining("u.json:2: ");
    assertThatThrownBy(
            () ->
                readAll(
                    write(dir, "t.json", "[{\"id\":\"a\",\"text\":\"x\"}]\n[]"),
                    options(InputFormat.JSON)))
        .hasMessageContaining("t.json:2: content after the JSON array");
    InputException broken =
        (InputException)
            org.assertj.core.api.Assertions.catchThrowable(
                () ->
                    readAll(
                        write(
                            dir,
                            "b.json",
                            "[\n{\"id\":\"a\",\"text\":\"x\"},\n{\"id\":\"b\" \"text\":\"y\"}]"),
                        options(InputFormat.JSON)));
    assertThat(broken.problem()).isNull();
    assertThat(broken).hasMessageContaining("b.json:3: invalid JSON");
  }

  @Test
  void theCopyIsAJsonArrayOfTheKeptElementsBytesAsRead() throws IOException {
    Path file =
        write(
            dir,
            "data.json",
            gzip(
                utf8(
                    PRETTY.substring(0, PRETTY.lastIndexOf(']'))
                        + ", {\"id\":\"z\",\"text\":\"\u00e9t\u00e9\"}]")));
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    long written =
        InputFormat.JSON.copyExcept(
            file, options(InputFormat.JSON), index -> index == 1, out, true);

    assertThat(written).isEqualTo(2);
    assertThat(out.toString(StandardCharsets.UTF_8))
        .isEqualTo(
            "[\n"
                + "{\n"
                + "    \"id\": \"a\",\n"
                + "    \"meta\": {\"x\": [1, {\"id\": \"nested\"}]},\n"
                + "    \"text\": \"hello \\\"world\\\"\"\n"
                + "  },\n"
                + "{\"id\":\"z\",\"text\":\"\u00e9t\u00e9\"}\n"
                + "]\n");
    ByteArrayOutputStream none = new ByteArrayOutputStream();
    assertThat(
            InputFormat.JSON.copyExcept(file, options(InputFormat.JSON), index -> true, none, true))
        .isZero();
    assertThat(none.toString(StandardCharsets.UTF_8)).isEqualTo("[\n\n]\n");
  }

  @Test
  void aLargeArrayIsCopiedWhole() throws IOException {
    StringBuilder json = new StringBuilder("[");
    for (int i = 0; i < 20_000; i++) {
      json.append(i == 0 ? "" : ",")
          .append("{\"id\":")
          .append(i)
          .append(",\"text\":\"record ")
          .append("x".repeat(i % 300))
          .append("\"}");
    }
    Path file = write(dir, "big.json", json.append("]").toString());
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    assertThat(
            InputFormat.JSON.copyExcept(
                file, options(InputFormat.JSON), index -> index % 2 == 1, out, true))
        .isEqualTo(10_000);

    Path copy = write(dir, "copy.json", out.toByteArray());
    List<Document> docs = readAll(copy, options(InputFormat.JSON));
    assertThat(docs).hasSize(10_000);
    assertThat(docs.get(9_999).id()).isEqualTo("19998");
    assertThat(docs.get(9_999).text()).isEqualTo("record " + "x".repeat(19_998 % 300));
  }
}
