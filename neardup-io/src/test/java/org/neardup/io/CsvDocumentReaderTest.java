package org.neardup.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.neardup.io.IoFixtures.bytes;
import static org.neardup.io.IoFixtures.csv;
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

class CsvDocumentReaderTest {
  @TempDir Path dir;

  @Test
  void readsChosenColumnsByHeaderNameJoiningTextColumnsWithOneSpace() {
    Path file = write(dir, "data.csv", "key,title,body,extra\nk1,Hello,world,x\nk2,Good,bye,y\n");

    List<Document> docs = readAll(file, csv(',', "key", "title", "body"));

    assertThat(docs)
        .extracting(
            Document::id, Document::text, Document::source, Document::line, Document::recordIndex)
        .containsExactly(
            tuple("k1", "Hello world", file.toString(), 2L, 0L),
            tuple("k2", "Good bye", file.toString(), 3L, 1L));
  }

  @Test
  void withoutIdFieldIdsAreOneBasedDataRecordNumbers() {
    Path file = write(dir, "data.csv", "text\nfirst\n\nsecond\nthird\n");

    List<Document> docs = readAll(file, csv(',', null));

    assertThat(docs)
        .extracting(Document::id, Document::text, Document::line, Document::recordIndex)
        .containsExactly(
            tuple("1", "first", 2L, 0L), tuple("2", "second", 4L, 1L), tuple("3", "third", 5L, 2L));
  }

  @Test
  void quotedFieldsMayHoldDelimitersLineBreaksAndDoubledQuotes() {
    Path file =
        write(
            dir,
            "data.csv",
            "id,text\r\n"
                + "a,\"one, two\r\nthree \"\"quoted\"\"\"\r\n"
                + "b,plain\r\n"
                + "c,\"x\n\ny\"\r\n"
                + "d,last\r\n");

    List<Document> docs = readAll(file, csv(',', "id", "text"));

    assertThat(docs)
        .extracting(Document::id, Document::text, Document::line, Document::recordIndex)
        .containsExactly(
            tuple("a", "one, two\r\nthree \"quoted\"", 2L, 0L),
            tuple("b", "plain", 4L, 1L),
            tuple("c", "x\n\ny", 5L, 2L),
            tuple("d", "last", 8L, 3L));
  }

  @Test
  void tabDelimiterIsHonoured() {
    Path file = write(dir, "data.tsv", "id\ttext\na\tx, y\n");

    assertThat(readAll(file, csv('\t', "id", "text")))
        .extracting(Document::id, Document::text)
        .containsExactly(tuple("a", "x, y"));
  }

  @Test
  void textAfterAClosingQuoteIsKeptLiterallyInsteadOfFailing() {
    Path file =
        write(
            dir,
            "data.tsv",
            "id\ttext\n"
                + "a\t\"Quoted start\" and more. \n"
                + "b\t\"whole\"\n"
                + "c\tsay \"hi\"\n");

    List<Document> docs = readAll(file, csv('\t', "id", "text"));

    assertThat(docs)
        .extracting(Document::id, Document::text)
        .containsExactly(
            tuple("a", "Quoted start and more. "), tuple("b", "whole"), tuple("c", "say \"hi\""));
  }

  @Test
  void anUnknownColumnFailsAtOpenListingTheColumns() {
    Path file = write(dir, "data.csv", "a,b,c\n1,2,3\n");

    assertThatThrownBy(
            () -> DocumentReaders.open(file, csv(',', "a", "Foo"), new InputProblems(OnError.SKIP)))
        .isInstanceOfSatisfying(
            InputException.class,
            e -> {
              assertThat(e.problem()).isNull();
              assertThat(e.getMessage())
                  .isEqualTo(
                      file
                          + ": unknown column 'Foo' (columns: a, b, c): --text-field names the"
                          + " column to read");
            });
  }

  @Test
  void theKeepColumnHoldsANumberInEveryRecordOrTheRecordIsBad() {
    Path file =
        write(dir, "data.csv", "id,text,score\na,x,0.5\nb,y,\nc,z, 12 \nd,w,n/a\ne,v,-1e3\n");
    InputProblems problems = new InputProblems(OnError.SKIP);

    List<Document> docs = readAll(file, csv(',', "id", "text").withKeepField("score"), problems);

    assertThat(docs)
        .extracting(Document::id, Document::keepValue)
        .containsExactly(tuple("a", 0.5), tuple("c", 12.0), tuple("e", -1000.0));
    assertThat(problems.skipped()).isEqualTo(Map.of(InputProblem.NO_KEEP_VALUE, 2L));
    assertThatThrownBy(
            () ->
                DocumentReaders.open(
                    file,
                    csv(',', "id", "text").withKeepField("quality"),
                    new InputProblems(OnError.SKIP)))
        .hasMessage(
            file
                + ": unknown column 'quality' (columns: id, text, score): --keep field:NAME names"
                + " the column to read");
    assertThatThrownBy(() -> InputOptions.of(InputFormat.TSV).withKeepField("score"))
        .hasMessageContaining("a tsv input has no fields to keep by");
  }

  @Test
  void aRecordWithTooFewFieldsIsMalformedAndAnEmptyIdIsMissing() {
    Path file = write(dir, "data.csv", "id,text,n\na,x,1\nb,y\n,z,3\nd,w,4\n");
    InputProblems problems = new InputProblems(OnError.SKIP);

    List<Document> docs = readAll(file, csv(',', "id", "text"), problems);

    assertThat(docs)
        .extracting(Document::id, Document::line, Document::recordIndex)
        .containsExactly(tuple("a", 2L, 0L), tuple("d", 5L, 3L));
    assertThat(problems.skipped())
        .isEqualTo(Map.of(InputProblem.MALFORMED_RECORD, 1L, InputProblem.MISSING_ID, 1L));
  }

  @Test
  void anUnmatchedQuoteThatWouldJoinRecordsFailsNamingItsLineEvenUnderSkip() {
    Path file =
        write(
            dir,
            "data.csv",
            "id,text\n1,a first record\n2,\"hello world\n3,\"the third\"\n4,the fourth\n");

    for (OnError onError : OnError.values()) {
      assertThatThrownBy(
              () -> {
                try (DocumentReader reader =
                    DocumentReaders.open(
                        file, csv(',', "id", "text"), new InputProblems(onError))) {
                  while (reader.next() != null) {
                    // read to the failure
                  }
                }
              })
          .isInstanceOfSatisfying(
              InputException.class,
              e -> {
                assertThat(e.problem()).isNull();
                assertThat(e.getMessage())
                    .startsWith(file + ":3: malformed CSV (a quoted field opens on this line")
                    .contains("on line 4, is followed by more text");
              });
    }
  }

  @Test
  void aQuotedFieldOverLinesWithBlanksAfterItsQuoteIsRead() {
    Path file = write(dir, "data.csv", "id,text\n1,\"two\nlines\"  \n2,\"one\" and more\n");

    assertThat(readAll(file, csv(',', "id", "text")))
        .extracting(Document::id, Document::text)
        .containsExactly(tuple("1", "two\nlines  "), tuple("2", "one and more"));
  }

  @Test
  void aRecordWithTooFewFieldsFailsUnderFailNamingTheLine() {
    Path file = write(dir, "data.csv", "id,text,n\na,x,1\nb,y\n");

    assertThatThrownBy(() -> readAll(file, csv(',', "id", "text")))
        .isInstanceOfSatisfying(
            InputException.class,
            e -> {
              assertThat(e.problem()).isEqualTo(InputProblem.MALFORMED_RECORD);
              assertThat(e.getMessage())
                  .isEqualTo(file + ":3: malformed record (2 fields, the header has 3)");
            });
  }

  @Test
  void aRecordWithTooManyFieldsIsMalformedNotTruncated() {
    // An unquoted comma in the text makes one field more than the header: the record is refused,
    // its extra field never dropped silently.
    Path file = write(dir, "data.csv", "id,text\n1,hello, world this is a long doc\n2,hello\n");

    assertThatThrownBy(() -> readAll(file, csv(',', "id", "text")))
        .isInstanceOfSatisfying(
            InputException.class,
            e -> {
              assertThat(e.problem()).isEqualTo(InputProblem.MALFORMED_RECORD);
              assertThat(e.getMessage())
                  .isEqualTo(
                      file
                          + ":2: malformed record (3 fields, the header has 2: a delimiter inside"
                          + " an unquoted field?)");
            });
    InputProblems problems = new InputProblems(OnError.SKIP);
    assertThat(readAll(file, csv(',', "id", "text"), problems))
        .extracting(Document::id)
        .containsExactly("2");
    assertThat(problems.skipped()).isEqualTo(Map.of(InputProblem.MALFORMED_RECORD, 1L));
  }

  @Test
  void aRequestedColumnThatAppearsTwiceInTheHeaderIsAmbiguous() {
    Path file = write(dir, "data.csv", "id,text,text,note,note\n1,a,b,c,d\n");

    assertThatThrownBy(
            () ->
                DocumentReaders.open(file, csv(',', "id", "text"), new InputProblems(OnError.SKIP)))
        .isInstanceOfSatisfying(
            InputException.class,
            e -> {
              assertThat(e.problem()).isNull();
              assertThat(e.getMessage())
                  .isEqualTo(
                      file + ": column 'text' appears twice in the header (columns 2 and 3)");
            });
    // A duplicate that is not read is harmless.
    Path other = write(dir, "other.csv", "id,body,x,x\n1,hello,c,d\n");
    assertThat(readAll(other, csv(',', "id", "body")))
        .extracting(Document::text)
        .containsExactly("hello");
  }

  @Test
  void invalidUtf8AlwaysStopsTheReadNamingItsLine() {
    Path file =
        write(
            dir,
            "data.csv",
            bytes("id,text\na,ok\nb,\"multi\nline ", new byte[] {(byte) 0xff}, "\"\nc,x\n"));

    assertThatThrownBy(() -> readAll(file, csv(',', "id", "text"), new InputProblems(OnError.SKIP)))
        .isInstanceOfSatisfying(
            InputException.class,
            e -> {
              assertThat(e.problem()).isNull();
              assertThat(e.line()).isEqualTo(4);
              assertThat(e.getMessage()).startsWith(file + ":4: invalid UTF-8");
            });
  }

  @Test
  void anUnclosedQuoteFailsAtTheEndOfTheInput() {
    Path file = write(dir, "data.csv", "id,text\na,\"never closed\nb,x\n");

    assertThatThrownBy(() -> readAll(file, csv(',', "id", "text"), new InputProblems(OnError.SKIP)))
        .isInstanceOfSatisfying(
            InputException.class,
            e -> {
              assertThat(e.problem()).isNull();
              assertThat(e.getMessage()).startsWith(file + ":2: malformed CSV (");
            });
  }

  @Test
  void anEmptyFileHasNoDocuments() {
    Path file = write(dir, "data.csv", "");

    assertThat(readAll(file, csv(',', "id", "text"))).isEmpty();
  }

  @Test
  void aByteOrderMarkDoesNotBecomePartOfTheFirstColumnName() {
    Path file =
        write(
            dir,
            "data.csv",
            bytes(new byte[] {(byte) 0xef, (byte) 0xbb, (byte) 0xbf}, "id,text\na,x\n"));

    assertThat(readAll(file, csv(',', "id", "text"))).extracting(Document::id).containsExactly("a");
  }
}
