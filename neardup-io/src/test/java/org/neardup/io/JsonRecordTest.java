package org.neardup.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.io.IoFixtures.readAll;
import static org.neardup.io.IoFixtures.write;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.input.Document;
import org.neardup.input.InputException;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;

/**
 * JSON Lines and JSON arrays read an object by the same rules: the same objects, one a line or as
 * the elements of one array, give the same documents and the same problems, in the same words.
 */
class JsonRecordTest {
  @TempDir Path dir;

  private static final List<String> BY_DEFAULT_FIELDS =
      List.of(
          "{\"id\":\"a\",\"text\":\"x\"}",
          "{\"id\":42,\"text\":1.5e3}",
          "{\"text\":\"numbered\"}",
          "{\"id\":\"b\",\"text\":\"x\",\"meta\":{\"a\":[1,{\"b\":2}]},\"flag\":true}",
          "{\"id\":{\"x\":1},\"text\":\"x\"}",
          "{\"id\":true,\"text\":\"x\"}",
          "{\"id\":\"c\",\"text\":[\"x\"]}",
          "{\"id\":\"\",\"text\":\"x\"}",
          "{\"id\":null,\"text\":\"x\"}",
          "{\"id\":\"d\"}",
          "{\"id\":\"e\",\"text\":null}",
          "{\"id\":{\"x\":1},\"text\":\"x\",\"id\":\"f\"}",
          "{\"id\":\"g\",\"text\":{\"a\":1,\"a\":2}}",
          "{\"id\":\"h\",\"text\":\"last\"}");

  private static final List<String> BY_NAMED_FIELDS =
      List.of(
          "{\"key\":\"k\",\"title\":\"T\",\"body\":\"B\",\"id\":\"ignored\"}",
          "{\"title\":\"T\",\"body\":\"B\"}",
          "{\"key\":\"m\",\"title\":\"T\"}",
          "{\"key\":7,\"body\":\"B\",\"title\":false}");

  @Test
  void theDefaultIdAndTextFieldsAreReadAlikeInBothFormats() {
    assertReadAlike(BY_DEFAULT_FIELDS, null, List.of("text"));
  }

  @Test
  void namedIdAndTextFieldsAreReadAlikeInBothFormats() {
    assertReadAlike(BY_NAMED_FIELDS, "key", List.of("title", "body"));
  }

  @Test
  void theKeepFieldIsANumberOrAStringHoldingOneInEveryRecord() {
    List<String> objects =
        List.of(
            "{\"id\":\"a\",\"text\":\"x\",\"score\":0.25}",
            "{\"id\":\"b\",\"text\":\"x\",\"score\":\" -3e2 \"}",
            "{\"id\":\"c\",\"text\":\"x\",\"score\":null}",
            "{\"id\":\"d\",\"text\":\"x\"}",
            "{\"id\":\"e\",\"text\":\"x\",\"score\":\"high\"}",
            "{\"id\":\"f\",\"text\":\"x\",\"score\":true}",
            "{\"id\":\"g\",\"text\":\"x\",\"score\":{\"v\":1}}",
            "{\"id\":\"h\",\"text\":\"x\",\"score\":\"NaN\"}",
            "{\"id\":\"i\",\"text\":\"x\",\"score\":1e999}",
            "{\"id\":\"j\",\"score\":7,\"text\":\"y\"}");
    Path lines = write(dir, "scored.jsonl", String.join("\n", objects) + "\n");
    Path array = write(dir, "scored.json", "[\n" + String.join(",\n", objects) + "\n]\n");
    for (Path path : List.of(lines, array)) {
      InputOptions options =
          InputOptions.of(path == lines ? InputFormat.JSONL : InputFormat.JSON)
              .withKeepField("score");
      List<String> problems = new ArrayList<>();
      List<String> values =
          readAll(path, options, new InputProblems(OnError.SKIP, e -> problems.add(describe(e))))
              .stream()
              .map(d -> d.id() + "=" + d.keepValue())
              .toList();
      assertThat(values).containsExactly("a=0.25", "b=-300.0", "j=7.0");
      assertThat(problems)
          .containsExactly(
              "2 NO_KEEP_VALUE record without a number to keep by (field 'score' is null or empty:"
                  + " --keep field:score needs one in every record)",
              "3 NO_KEEP_VALUE record without a number to keep by (no field 'score'; the record has"
                  + " id, text: --keep field:NAME names the field to read)",
              "4 NO_KEEP_VALUE record without a number to keep by (field 'score' is not a finite"
                  + " number ('high'): --keep field:score needs one in every record)",
              "5 NO_KEEP_VALUE record without a number to keep by (field 'score' is not a finite"
                  + " number ('true'): --keep field:score needs one in every record)",
              "6 NO_KEEP_VALUE record without a number to keep by (field 'score' is not a finite"
                  + " number ('{...}'): --keep field:score needs one in every record)",
              "7 NO_KEEP_VALUE record without a number to keep by (field 'score' is not a finite"
                  + " number ('NaN'): --keep field:score needs one in every record)",
              "8 NO_KEEP_VALUE record without a number to keep by (field 'score' is not a finite"
                  + " number ('1e999'): --keep field:score needs one in every record)");
    }
  }

  private void assertReadAlike(List<String> objects, String idField, List<String> textFields) {
    Path lines = write(dir, "records.jsonl", String.join("\n", objects) + "\n");
    Path array = write(dir, "records.json", "[\n" + String.join(",\n", objects) + "\n]\n");
    Read fromLines = read(lines, new InputOptions(InputFormat.JSONL, ',', idField, textFields));
    Read fromArray = read(array, new InputOptions(InputFormat.JSON, ',', idField, textFields));

    assertThat(fromArray.documents).isNotEmpty().isEqualTo(fromLines.documents);
    assertThat(fromArray.problems).isNotEmpty().isEqualTo(fromLines.problems);
  }

  /**
   * Each document as id, text and record index; each problem as record index, problem and detail.
   */
  private record Read(List<String> documents, List<String> problems) {}

  private static Read read(Path path, InputOptions options) {
    List<String> problems = new ArrayList<>();
    InputProblems skipping = new InputProblems(OnError.SKIP, e -> problems.add(describe(e)));
    List<String> documents =
        readAll(path, options, skipping).stream()
            .map((Document d) -> d.recordIndex() + " " + d.id() + " " + d.text())
            .toList();
    return new Read(documents, problems);
  }

  private static String describe(InputException e) {
    String prefix = e.source() + ":" + e.line() + ": ";
    assertThat(e.getMessage()).startsWith(prefix);
    return e.recordIndex() + " " + e.problem() + " " + e.getMessage().substring(prefix.length());
  }
}
