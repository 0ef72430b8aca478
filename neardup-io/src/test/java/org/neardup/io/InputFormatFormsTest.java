package org.neardup.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.neardup.io.IoFixtures.readAll;
import static org.neardup.io.IoFixtures.write;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.input.Document;
import org.neardup.input.InputException;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;

/**
 * Every format that reads streams reads, copies and annotates a file exactly as it does the same
 * bytes given as a stream named by the file's path: the file forms are the stream forms over the
 * file.
 */
class InputFormatFormsTest {
  @TempDir Path dir;

  private static final LongFunction<Annotation> SECOND_DUPLICATES_FIRST =
      i -> i == 1 ? new Annotation("a", "0.900000") : Annotation.KEPT;

  @Test
  void aFileIsReadCopiedAndAnnotatedAsTheSameBytesGivenAsAStream() throws IOException {
    List<Path> files =
        List.of(
            write(dir, "data.tsv", "a\tfirst text\nb\tsecond text\n\nc\tthird text\n"),
            write(dir, "data.lines", "a first text\nb second text\nc third text\n"),
            write(dir, "data.csv", "id,text\na,first text\nb,\"second\ntext\"\nc,third text\n"),
            write(
                dir,
                "data.jsonl",
                "{\"id\":\"a\",\"text\":\"first text\"}\n{\"id\":\"b\",\"text\":\"second text\"}\n"
                    + "{\"id\":\"c\",\"text\":\"third text\"}\n"),
            write(
                dir,
                "data.json",
                "[{\"id\":\"a\",\"text\":\"first text\"},\n"
                    + "{\"id\":\"b\",\"text\":\"second text\"},\n"
                    + "{\"id\":\"c\",\"text\":\"third text\"}]\n"));
    List<InputFormat> formats =
        List.of(
            InputFormat.TSV,
            InputFormat.LINES,
            InputFormat.CSV,
            InputFormat.JSONL,
            InputFormat.JSON);

    for (int f = 0; f < formats.size(); f++) {
      InputFormat format = formats.get(f);
      Path file = files.get(f);
      InputOptions options =
          format == InputFormat.CSV ? IoFixtures.csv(',', "id", "text") : InputOptions.of(format);
      InputOpener opener = () -> Files.newInputStream(file);

      assertThat(readAll(file, options))
          .as(format.name())
          .extracting(Document::id)
          .containsExactly("a", "b", "c");
      assertThat(
              read(format.open(file.toString(), opener, options, new InputProblems(OnError.FAIL))))
          .as(format.name())
          .isEqualTo(read(format.open(file, options, new InputProblems(OnError.FAIL))));

      ByteArrayOutputStream fromFile = new ByteArrayOutputStream();
      ByteArrayOutputStream fromStream = new ByteArrayOutputStream();
      assertThat(format.copyExcept(file, options, i -> i == 1, fromFile, true)).isEqualTo(2);
      assertThat(format.copyExcept(file.toString(), opener, options, i -> i == 1, fromStream, true))
          .isEqualTo(2);
      assertThat(fromStream.toString(StandardCharsets.UTF_8))
          .as(format.name())
          .isEqualTo(fromFile.toString(StandardCharsets.UTF_8))
          .doesNotContain("second");

      fromFile.reset();
      fromStream.reset();
      assertThat(
              format.copyAnnotated(
                  file, options, i -> i == 2, SECOND_DUPLICATES_FIRST, fromFile, true))
          .isEqualTo(2);
      assertThat(
              format.copyAnnotated(
                  file.toString(),
                  opener,
                  options,
                  i -> i == 2,
                  SECOND_DUPLICATES_FIRST,
                  fromStream,
                  true))
          .isEqualTo(2);
      assertThat(fromStream.toString(StandardCharsets.UTF_8))
          .as(format.name())
          .isEqualTo(fromFile.toString(StandardCharsets.UTF_8))
          .contains("0.900000")
          .doesNotContain("third");
    }
  }

  @Test
  void aMissingFileIsNamedAlikeByEveryFormatsCopies() {
    Path missing = dir.resolve("missing.txt");
    for (InputFormat format :
        List.of(InputFormat.TSV, InputFormat.CSV, InputFormat.JSONL, InputFormat.JSON)) {
      InputOptions options = InputOptions.of(format);
      assertThatThrownBy(
              () ->
                  format.copyExcept(
                      missing, options, i -> false, new ByteArrayOutputStream(), true))
          .as(format.name())
          .isInstanceOf(InputException.class)
          .hasMessage(missing + ": no such file");
      assertThatThrownBy(
              () ->
                  format.copyAnnotated(
                      missing,
                      options,
                      i -> false,
                      i -> Annotation.KEPT,
                      new ByteArrayOutputStream(),
                      true))
          .as(format.name())
          .isInstanceOf(InputException.class)
          .hasMessage(missing + ": no such file");
    }
  }

  private static List<String> read(DocumentReader reader) {
    List<String> documents = new ArrayList<>();
    try (reader) {
      for (Document d = reader.next(); d != null; d = reader.next()) {
        documents.add(
            d.source() + ":" + d.line() + " " + d.recordIndex() + " " + d.id() + " " + d.text());
      }
    }
    return documents;
  }
}
