package org.neardup.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.neardup.io.IoFixtures.bytes;
import static org.neardup.io.IoFixtures.ids;
import static org.neardup.io.IoFixtures.options;
import static org.neardup.io.IoFixtures.readAll;
import static org.neardup.io.IoFixtures.texts;
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

class SeparatedDocumentReaderTest {
  private static final byte[] INVALID = {(byte) 0xff, (byte) 0xfe};

  @TempDir Path dir;

  @Test
  void tsvSplitsAtTheFirstTabAndKeepsLaterTabsInTheText() {
    Path file = write(dir, "data.tsv", "a1\thello world\nb2\tx\ty\tz\n");

    List<Document> docs = readAll(file, options(InputFormat.TSV));

    assertThat(docs)
        .extracting(
            Document::id, Document::text, Document::source, Document::line, Document::recordIndex)
        .containsExactly(
            tuple("a1", "hello world", file.toString(), 1L, 0L),
            tuple("b2", "x\ty\tz", file.toString(), 2L, 1L));
  }

  @Test
  void linesSplitsAtTheFirstSpace() {
    Path file = write(dir, "data.txt", "t1 the quick  fox\nt2 x\n");

    List<Document> docs = readAll(file, options(InputFormat.LINES));

    assertThat(ids(docs)).containsExactly("t1", "t2");
    assertThat(texts(docs)).containsExactly("the quick  fox", "x");
  }

  @Test
  void emptyLinesAreNotRecordsButCountAsLines() {
    Path file = write(dir, "data.tsv", "\na\tone\n\n\r\nb\ttwo\n\n");

    List<Document> docs = readAll(file, options(InputFormat.TSV));

    assertThat(docs)
        .extracting(Document::id, Document::line, Document::recordIndex)
        .containsExactly(tuple("a", 2L, 0L), tuple("b", 5L, 1L));
  }

  @Test
  void crlfLineEndingsAreStrippedOnce() {
    Path file = write(dir, "data.tsv", "a\tone\r\nb\ttwo\r\r\nc\tthree");

    List<Document> docs = readAll(file, options(InputFormat.TSV));

    assertThat(texts(docs)).containsExactly("one", "two\r", "three");
  }

  @Test
  void anEmptyTextAfterTheSeparatorIsAnEmptyDocumentNotAnError() {
    Path file = write(dir, "data.tsv", "a\t\nb\tx\n");

    List<Document> docs = readAll(file, options(InputFormat.TSV));

    assertThat(docs)
        .extracting(Document::id, Document::text)
        .containsExactly(tuple("a", ""), tuple("b", "x"));
  }

  @Test
  void aLineWithoutTabFailsAsMissingTextNamingFileAndLine() {
    Path file = write(dir, "data.tsv", "a\tone\n\nno-tab-here\n");

    assertThatThrownBy(() -> readAll(file, options(InputFormat.TSV)))
        .isInstanceOfSatisfying(
            InputException.class,
            e -> {
              assertThat(e.problem()).isEqualTo(InputProblem.MISSING_TEXT);
              assertThat(e.line()).isEqualTo(3);
              assertThat(e.getMessage())
                  .isEqualTo(file + ":3: record without text (no tab after the id)");
            });
  }

  @Test
  void aLineStartingWithTheSeparatorFailsAsMissingId() {
    Path file = write(dir, "data.txt", "t1 ok\n no id\n");

    assertThatThrownBy(() -> readAll(file, options(InputFormat.LINES)))
        .isInstanceOfSatisfying(
            InputException.class,
            e -> {
              assertThat(e.problem()).isEqualTo(InputProblem.MISSING_ID);
              assertThat(e.getMessage()).startsWith(file + ":2: record without id");
            });
  }

  @Test
  void underSkipBadRecordsAreCountedAndKeepTheirRecordIndex() {
    Path file = write(dir, "data.txt", "t1 ok\nlonely\n no-id\nt4 fine\n");
    InputProblems problems = new InputProblems(OnError.SKIP);

    List<Document> docs = readAll(file, options(InputFormat.LINES), problems);

    assertThat(docs)
        .extracting(Document::id, Document::line, Document::recordIndex)
        .containsExactly(tuple("t1", 1L, 0L), tuple("t4", 4L, 3L));
    assertThat(problems.skipped())
        .isEqualTo(Map.of(InputProblem.MISSING_TEXT, 1L, InputProblem.MISSING_ID, 1L));
  }

  @Test
  void invalidUtf8FailsWithFileAndLine() {
    Path file = write(dir, "data.tsv", bytes("a\tok\n", "b\tbad ", INVALID, "\n", "c\tok\n"));

    assertThatThrownBy(() -> readAll(file, options(InputFormat.TSV)))
        .isInstanceOfSatisfying(
            InputException.class,
            e -> {
              assertThat(e.problem()).isEqualTo(InputProblem.INVALID_UTF8);
              assertThat(e.getMessage())
                  .startsWith(file + ":2: invalid UTF-8 (byte 0xff at byte 7 of the line");
            });
  }

  @Test
  void invalidUtf8UnderSkipIsCountedAndTheNextLineIsStillRead() {
    Path file = write(dir, "data.tsv", bytes("a\tok\n", "b\tbad ", INVALID, "\n", "c\tnext\n"));
    InputProblems problems = new InputProblems(OnError.SKIP);

    List<Document> docs = readAll(file, options(InputFormat.TSV), problems);

    assertThat(docs)
        .extracting(Document::id, Document::text, Document::line, Document::recordIndex)
        .containsExactly(tuple("a", "ok", 1L, 0L), tuple("c", "next", 3L, 2L));
    assertThat(problems.skipped()).isEqualTo(Map.of(InputProblem.INVALID_UTF8, 1L));
  }

  @Test
  void aUtf8SequenceCutAtTheEndOfTheLineIsInvalid() {
    byte[] euroSign = IoFixtures.utf8("\u20ac");
    Path file =
        write(dir, "data.tsv", bytes("a\tprice ", new byte[] {euroSign[0], euroSign[1]}, "\n"));

    assertThatThrownBy(() -> readAll(file, options(InputFormat.TSV)))
        .isInstanceOfSatisfying(
            InputException.class,
            e -> assertThat(e.problem()).isEqualTo(InputProblem.INVALID_UTF8));
  }

  @Test
  void multiByteCharactersAndALeadingByteOrderMarkAreDecoded() {
    Path file =
        write(
            dir,
            "data.tsv",
            bytes(new byte[] {(byte) 0xef, (byte) 0xbb, (byte) 0xbf}, "é1\tpiù €\n"));

    List<Document> docs = readAll(file, options(InputFormat.TSV));

    assertThat(docs).extracting(Document::id, Document::text).containsExactly(tuple("é1", "più €"));
  }

  @Test
  void linesLongerThanTheReadBufferAndManyLinesAreSplitExactly() {
    StringBuilder content = new StringBuilder();
    String longText = "x".repeat(200_000) + "\ty";
    content.append("long\t").append(longText).append('\n');
    for (int i = 0; i < 20_000; i++) {
      content.append("id").append(i).append('\t').append("text ").append(i).append('\n');
    }
    Path file = write(dir, "big.tsv", content.toString());

    List<Document> docs = readAll(file, options(InputFormat.TSV));

    assertThat(docs).hasSize(20_001);
    assertThat(docs.get(0).text()).isEqualTo(longText);
    for (int i = 0; i < 20_000; i++) {
      Document d = docs.get(i + 1);
      assertThat(d.id()).isEqualTo("id" + i);
      assertThat(d.text()).isEqualTo("text " + i);
      assertThat(d.line()).isEqualTo(i + 2);
    }
  }
}
