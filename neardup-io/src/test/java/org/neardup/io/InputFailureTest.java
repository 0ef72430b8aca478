package org.neardup.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.neardup.io.IoFixtures.csv;
import static org.neardup.io.IoFixtures.gzip;
import static org.neardup.io.IoFixtures.options;
import static org.neardup.io.IoFixtures.readAll;
import static org.neardup.io.IoFixtures.utf8;
import static org.neardup.io.IoFixtures.write;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.input.Document;
import org.neardup.input.InputException;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;

/** Compression and file-level failures, common to all formats. */
class InputFailureTest {
  @TempDir Path dir;

  private static String numberedLines(int count) {
    StringBuilder b = new StringBuilder();
    for (int i = 1; i <= count; i++) {
      b.append("id")
          .append(i)
          .append('\t')
          .append("some text that does not compress to nothing ")
          .append(i * 7919L)
          .append('\n');
    }
    return b.toString();
  }

  @Test
  void gzipInputIsDetectedByMagicBytesNotByName() {
    Path plainNamed = write(dir, "data.tsv", gzip(utf8("a\tone\nb\ttwo\n")));
    Path gzNamedPlain = write(dir, "plain.tsv.gz", "c\tthree\n");

    assertThat(readAll(plainNamed, options(InputFormat.TSV)))
        .extracting(Document::id, Document::text, Document::line)
        .containsExactly(tuple("a", "one", 1L), tuple("b", "two", 2L));
    assertThat(readAll(gzNamedPlain, options(InputFormat.TSV)))
        .extracting(Document::text)
        .containsExactly("three");
  }

  @Test
  void gzipWorksForJsonlAndCsvToo() {
    Path json = write(dir, "data.jsonl", gzip(utf8("{\"id\":\"j\",\"text\":\"json\"}\n")));
    Path table = write(dir, "data.csv", gzip(utf8("id,text\nc,\"csv, quoted\"\n")));

    assertThat(readAll(json, options(InputFormat.JSONL)))
        .extracting(Document::text)
        .containsExactly("json");
    assertThat(readAll(table, csv(',', "id", "text")))
        .extracting(Document::text)
        .containsExactly("csv, quoted");
  }

  @Test
  void truncatedGzipFailsAfterTheCompleteRecordsNamingTheLineReached() {
    byte[] whole = gzip(utf8(numberedLines(5000)));
    Path file = write(dir, "data.tsv", Arrays.copyOf(whole, whole.length / 2));
    List<Document> seen = new ArrayList<>();

    assertThatThrownBy(
            () -> {
              try (DocumentReader reader =
                  DocumentReaders.open(
                      file, options(InputFormat.TSV), new InputProblems(OnError.SKIP))) {
                for (Document d = reader.next(); d != null; d = reader.next()) {
                  seen.add(d);
                }
              }
            })
        .isInstanceOfSatisfying(
            InputException.class,
            e -> {
              assertThat(e.problem()).isNull();
              assertThat(e.getMessage())
                  .isEqualTo(file + ":" + e.line() + ": truncated gzip input");
              assertThat(e.line()).isEqualTo(seen.size() + 1L);
            });
    assertThat(seen).hasSizeBetween(100, 4999);
    assertThat(seen.get(seen.size() - 1).id()).isEqualTo("id" + seen.size());
  }

  @Test
  void truncatedGzipInCsvFailsWithTheLineReached() {
    byte[] whole = gzip(utf8("id\ttext\n" + numberedLines(5000)));
    Path file = write(dir, "data.csv", Arrays.copyOf(whole, whole.length / 2));

    assertThatThrownBy(() -> readAll(file, csv('\t', "id", "text")))
        .isInstanceOfSatisfying(
            InputException.class,
            e -> {
              assertThat(e.problem()).isNull();
              assertThat(e.line()).isBetween(100L, 5000L);
              assertThat(e.getMessage()).endsWith(": truncated gzip input");
            });
  }

  @Test
  void aGzipCutInsideItsHeaderIsTruncatedInput() {
    Path file = write(dir, "data.tsv", Arrays.copyOf(gzip(utf8("a\tb\n")), 5));

    assertThatThrownBy(() -> readAll(file, options(InputFormat.TSV)))
        .isInstanceOf(InputException.class)
        .hasMessageEndingWith("truncated gzip input");
  }

  @Test
  void aMissingFileIsReportedByName() {
    Path missing = dir.resolve("nope.tsv");

    assertThatThrownBy(
            () ->
                DocumentReaders.open(
                    missing, options(InputFormat.TSV), new InputProblems(OnError.SKIP)))
        .isInstanceOfSatisfying(
            InputException.class,
            e -> {
              assertThat(e.problem()).isNull();
              assertThat(e.getMessage()).isEqualTo(missing + ": no such file");
            });
  }

  @Test
  void aDirectoryGivenForAFileFormatSuggestsFormatDir() {
    assertThatThrownBy(
            () ->
                DocumentReaders.open(
                    dir, options(InputFormat.JSONL), new InputProblems(OnError.FAIL)))
        .isInstanceOf(InputException.class)
        .hasMessage(dir + ": is a directory (use --format dir)");
  }

  @Test
  void readingAfterTheEndKeepsReturningNullAndCloseIsIdempotent() {
    Path file = write(dir, "data.tsv", "a\tb\n");
    DocumentReader reader =
        DocumentReaders.open(file, options(InputFormat.TSV), new InputProblems(OnError.FAIL));

    assertThat(reader.next()).isNotNull();
    assertThat(reader.next()).isNull();
    assertThat(reader.next()).isNull();
    reader.close();
    reader.close();
  }

  @Test
  void aGzipOfSeveralMembersIsReadWhole() {
    Path file =
        write(
            dir,
            "data.tsv",
            IoFixtures.bytes(
                gzip(utf8("a\tone\nb\ttwo\n")),
                gzip(utf8("c\tthree\n")),
                gzip(new byte[0]),
                gzip(utf8(numberedLines(3000)))));

    List<Document> docs = readAll(file, options(InputFormat.TSV));

    assertThat(docs).hasSize(3003);
    assertThat(docs.subList(0, 4))
        .extracting(Document::id, Document::line)
        .containsExactly(tuple("a", 1L), tuple("b", 2L), tuple("c", 3L), tuple("id1", 4L));
  }

  /** Also when the source never says more bytes are available (a pipe, a remote file system). */
  @Test
  void aGzipOfSeveralMembersIsReadWholeFromAStreamWithoutAvailableBytes()
      throws java.io.IOException {
    byte[] both = IoFixtures.bytes(gzip(utf8("a\tone\n")), gzip(utf8("b\ttwo\n")));
    java.io.InputStream unavailable =
        new java.io.FilterInputStream(new java.io.ByteArrayInputStream(both)) {
          @Override
          public int available() {
            return 0;
          }

          @Override
          public int read(byte[] b, int off, int len) throws java.io.IOException {
            return super.read(b, off, Math.min(len, 7)); // short reads too
          }
        };
    try (DocumentReader reader =
        InputFormat.TSV.open(
            "piped",
            () -> unavailable,
            options(InputFormat.TSV),
            new InputProblems(OnError.FAIL))) {
      assertThat(reader.next().id()).isEqualTo("a");
      assertThat(reader.next().id()).isEqualTo("b");
      assertThat(reader.next()).isNull();
    }
  }

  @Test
  void bytesAfterTheLastGzipMemberAreAnErrorNamingTheFile() {
    byte[] member = gzip(utf8("a\tone\nb\ttwo\n"));
    for (byte[] tail :
        new byte[][] {
          utf8("garbage"), new byte[] {0}, new byte[] {0x1f}, new byte[] {0x1f, 0x00}
        }) {
      Path file = write(dir, "data.tsv", IoFixtures.bytes(member, tail));
      assertThatThrownBy(() -> readAll(file, options(InputFormat.TSV)))
          .isInstanceOfSatisfying(
              InputException.class,
              e -> {
                assertThat(e.problem()).isNull();
                assertThat(e.getMessage())
                    .isEqualTo(
                        file
                            + ":3: corrupt gzip input (bytes that are not gzip data after the"
                            + " end of the gzip data, at byte offset "
                            + member.length
                            + " of the file)");
              });
    }
  }

  @Test
  void aGzipMemberWithABadCheckValueIsCorrupt() {
    byte[] member = gzip(utf8("a\tone\n"));
    byte[] badCrc = member.clone();
    badCrc[badCrc.length - 8] ^= 1;
    Path file = write(dir, "data.tsv", badCrc);
    assertThatThrownBy(() -> readAll(file, options(InputFormat.TSV)))
        .hasMessageEndingWith("corrupt gzip input (corrupt gzip member (CRC-32 mismatch))");
    byte[] badLength = member.clone();
    badLength[badLength.length - 4] ^= 1;
    Path other = write(dir, "other.tsv", badLength);
    assertThatThrownBy(() -> readAll(other, options(InputFormat.TSV)))
        .hasMessageEndingWith("corrupt gzip input (corrupt gzip member (length mismatch))");
  }
}
