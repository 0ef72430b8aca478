package org.neardup.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.neardup.io.IoFixtures.bytes;
import static org.neardup.io.IoFixtures.jsonl;
import static org.neardup.io.IoFixtures.options;
import static org.neardup.io.IoFixtures.readAll;
import static org.neardup.io.IoFixtures.write;

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

class JsonlDocumentReaderTest {
  @TempDir Path dir;

  @Test
  void readsIdAndTextFieldsByDefaultSkippingOtherFields() {
    Path file =
        write(
            dir,
            "data.jsonl",
            "{\"id\":\"a\",\"meta\":{\"x\":[1,2,{\"id\":\"nested\"}]},\"text\":\"hello"
                + " \\\"world\\\"\\n"
                + "\"}\n"
                + "\n"
                + "{\"text\":\"second\",\"id\":\"b\"}\n");

    List<Document> docs = readAll(file, options(InputFormat.JSONL));

    assertThat(docs)
        .extracting(Document::id, Document::text, Document::line, Document::recordIndex)
        .containsExactly(tuple("a", "hello \"world\"\n", 1L, 0L), tuple("b", "second", 3L, 1L));
  }

  @Test
  void numberIdsUseTheirJsonText() {
    Path file =
        write(dir, "data.jsonl", "{\"id\":42,\"text\":\"x\"}\n{\"id\":1.5,\"text\":\"y\"}\n");

    assertThat(readAll(file, options(InputFormat.JSONL)))
        .extracting(Document::id)
        .containsExactly("42", "1.5");
  }

  @Test
  void chosenFieldsAreJoinedWithOneSpaceInTheGivenOrder() {
    Path file = write(dir, "data.jsonl", "{\"body\":\"B\",\"key\":\"k1\",\"title\":\"T\"}\r\n");

    List<Document> docs = readAll(file, jsonl("key", "title", "body"));

    assertThat(docs).extracting(Document::id, Document::text).containsExactly(tuple("k1", "T B"));
  }

  @Test
  void aMissingIdFieldNamedByTheOptionsFailsAsMissingId() {
    Path file = write(dir, "data.jsonl", "{\"id\":\"a\",\"text\":\"x\"}\n{\"text\":\"no id\"}\n");

    assertThatThrownBy(
            () -> readAll(file, new InputOptions(InputFormat.JSONL, ',', "id", List.of())))
        .isInstanceOfSatisfying(
            InputException.class,
            e -> {
              assertThat(e.problem()).isEqualTo(InputProblem.MISSING_ID);
              assertThat(e.getMessage())
                  .isEqualTo(
                      file
                          + ":2: record without id (no field 'id'; the record has text:"
                          + " --id-field names the field to read)");
            });
  }

  @Test
  void recordsWithoutAnIdFieldAreNumberedAsCsvRecordsAre() {
    Path file =
        write(
            dir,
            "data.jsonl",
            "{\"text\":\"first\"}\n\n{\"text\":\"second\"}\n{\"id\":\"x\",\"text\":\"third\"}\n");

    assertThat(readAll(file, options(InputFormat.JSONL)))
        .extracting(Document::id, Document::text)
        .containsExactly(tuple("1", "first"), tuple("2", "second"), tuple("x", "third"));
  }

  @Test
  void aMissingTextFieldFailsAsMissingText() {
    Path file = write(dir, "data.jsonl", "{\"id\":\"a\",\"body\":\"x\"}\n");

    assertThatThrownBy(() -> readAll(file, options(InputFormat.JSONL)))
        .isInstanceOfSatisfying(
            InputException.class,
            e -> {
              assertThat(e.problem()).isEqualTo(InputProblem.MISSING_TEXT);
              assertThat(e.getMessage())
                  .isEqualTo(
                      file
                          + ":1: record without text (no field 'text'; the record has id, body:"
                          + " --text-field names the field to read)");
            });
  }

  @Test
  void invalidJsonFailsAsMalformedWithTheParsersMessage() {
    Path file = write(dir, "data.jsonl", "{\"id\":\"a\",\"text\":\"x\"}\n{\"id\":\"b\", text}\n");

    assertThatThrownBy(() -> readAll(file, options(InputFormat.JSONL)))
        .isInstanceOfSatisfying(
            InputException.class,
            e -> {
              assertThat(e.problem()).isEqualTo(InputProblem.MALFORMED_RECORD);
              assertThat(e.getMessage())
                  .startsWith(file + ":2: malformed record (invalid JSON: ")
                  .contains("Unexpected character ('t'")
                  .doesNotContain("\n");
            });
  }

  @Test
  void underSkipEveryKindOfBadLineIsCountedAndGoodLinesAreRead() {
    Path file =
        write(
            dir,
            "data.jsonl",
            bytes(
                "[1,2]\n",
                "{\"id\":\"a\",\"text\":\"ok\"}\n",
                "{\"id\":\"\",\"text\":\"empty id\"}\n",
                "{\"id\":null,\"text\":\"null id\"}\n",
                "{\"id\":true,\"text\":\"boolean id\"}\n",
                "{\"id\":\"c\",\"text\":null}\n",
                "{\"id\":\"d\",\"text\":\"x\"} trailing\n",
                "{\"id\":\"e\",\"text\":\"bad ",
                new byte[] {(byte) 0xc3},
                "\"}\n",
                "{\"id\":\"f\",\"text\":\"last\"}"));
    InputProblems problems = new InputProblems(OnError.SKIP);

    List<Document> docs = readAll(file, options(InputFormat.JSONL), problems);

    assertThat(docs)
        .extracting(Document::id, Document::line, Document::recordIndex)
        .containsExactly(tuple("a", 2L, 1L), tuple("f", 9L, 8L));
    assertThat(problems.skipped())
        .isEqualTo(
            Map.of(
                InputProblem.MALFORMED_RECORD, 3L,
                InputProblem.MISSING_ID, 2L,
                InputProblem.MISSING_TEXT, 1L,
                InputProblem.INVALID_UTF8, 1L));
  }

  @Test
  void aNameTwiceInAnObjectAtAnyDepthIsMalformed() {
    Path file =
        write(
            dir,
            "data.jsonl",
            bytes(
                "{\"id\":\"a\",\"text\":\"x\",\"id\":\"b\"}\n",
                "{\"id\":\"c\",\"text\":\"x\",\"text\":\"y\"}\n",
                "{\"id\":\"d\",\"text\":\"x\",\"meta\":{\"k\":1,\"k\":2}}\n",
                "{\"id\":\"e\",\"text\":\"x\",\"tag\":1,\"tag\":2}\n",
                "{\"id\":\"f\",\"text\":\"ok\",\"list\":[{\"k\":1},{\"k\":2}]}\n"));
    InputProblems problems = new InputProblems(OnError.SKIP);

    assertThat(readAll(file, options(InputFormat.JSONL), problems))
        .extracting(Document::id)
        .containsExactly("f");
    assertThat(problems.skipped()).isEqualTo(Map.of(InputProblem.MALFORMED_RECORD, 4L));
    assertThatThrownBy(() -> readAll(file, options(InputFormat.JSONL)))
        .hasMessageStartingWith(file + ":1: malformed record (invalid JSON: Duplicate field 'id'");
  }

  @Test
  void idsAndTextsFollowTheRulesOfCore() {
    Path file =
        write(
            dir,
            "data.jsonl",
            bytes(
                "{\"id\":\"x\\ud800\",\"text\":\"apples and oranges\"}\n",
                "{\"id\":\"x\\udbff\",\"text\":\"cars and trains\"}\n",
                "{\"id\":\"a\\u000bb\",\"text\":\"x\"}\n",
                "{\"id\":\"tab\\there\",\"text\":\"x\"}\n",
                "{\"id\":\"" + "n".repeat(513) + "\",\"text\":\"x\"}\n",
                "{\"id\":\"t\",\"text\":\"half \\udc00 pair\"}\n",
                "{\"id\":\"ok \\ud83d\\ude00\",\"text\":\"a \\ud83d\\ude00 b\"}\n"));
    InputProblems problems = new InputProblems(OnError.SKIP);

    assertThat(readAll(file, options(InputFormat.JSONL), problems))
        .extracting(Document::id)
        .containsExactly("ok \ud83d\ude00");
    assertThat(problems.skipped())
        .isEqualTo(Map.of(InputProblem.INVALID_ID, 5L, InputProblem.INVALID_TEXT, 1L));
    assertThatThrownBy(() -> readAll(file, options(InputFormat.JSONL)))
        .hasMessage(
            file
                + ":1: invalid id 'x\\uD800' (it holds the lone surrogate U+D800 at character 2,"
                + " half of a UTF-16 pair without the other half)");
  }
}
