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

class DirectoryDocumentReaderTest {
  @TempDir Path dir;

  @Test
  void filesAreReadRecursivelyInSortedOrderWithSlashSeparatedRelativeIds() {
    write(dir, "b.txt", "bee");
    write(dir, "a/z.txt", "zed\nsecond line");
    write(dir, "a/b/c.txt", "deep");
    write(dir, "a0.txt", "a zero");
    write(dir, "B.txt", "capital");

    List<Document> docs = readAll(dir, options(InputFormat.DIR));

    assertThat(docs)
        .extracting(
            Document::id, Document::text, Document::source, Document::line, Document::recordIndex)
        .containsExactly(
            tuple("B.txt", "capital", dir.toString(), 1L, 0L),
            tuple("a/b/c.txt", "deep", dir.toString(), 1L, 1L),
            tuple("a/z.txt", "zed\nsecond line", dir.toString(), 1L, 2L),
            tuple("a0.txt", "a zero", dir.toString(), 1L, 3L),
            tuple("b.txt", "bee", dir.toString(), 1L, 4L));
  }

  @Test
  void hiddenFilesAndHiddenDirectoriesAreSkipped() {
    write(dir, "visible.txt", "yes");
    write(dir, ".hidden.txt", "no");
    write(dir, ".git/config", "no");
    write(dir, "sub/.DS_Store", "no");

    assertThat(readAll(dir, options(InputFormat.DIR)))
        .extracting(Document::id)
        .containsExactly("visible.txt");
  }

  @Test
  void gzipFilesAreDecompressedWhateverTheirNameAndEmptyFilesAreEmptyDocuments() {
    write(dir, "packed.txt", gzip(utf8("unpacked text")));
    write(dir, "empty.txt", new byte[0]);

    assertThat(readAll(dir, options(InputFormat.DIR)))
        .extracting(Document::id, Document::text)
        .containsExactly(tuple("empty.txt", ""), tuple("packed.txt", "unpacked text"));
  }

  @Test
  void anInvalidUtf8FileFailsNamingTheFileAndTheLineOfTheBadByte() {
    write(dir, "a.txt", "fine");
    Path bad = write(dir, "b.txt", bytes("line one\nline ", new byte[] {(byte) 0xe9}, "t\u00e9\n"));

    assertThatThrownBy(() -> readAll(dir, options(InputFormat.DIR)))
        .isInstanceOfSatisfying(
            InputException.class,
            e -> {
              assertThat(e.problem()).isEqualTo(InputProblem.INVALID_UTF8);
              assertThat(e.getMessage()).isEqualTo(bad + ":2: invalid UTF-8 (byte 0xe9)");
            });
  }

  @Test
  void anInvalidUtf8FileUnderSkipIsCountedAndLaterFilesKeepTheirIndex() {
    write(dir, "a.txt", "fine");
    write(dir, "b.txt", new byte[] {(byte) 0x80});
    write(dir, "c.txt", "also fine");
    InputProblems problems = new InputProblems(OnError.SKIP);

    List<Document> docs = readAll(dir, options(InputFormat.DIR), problems);

    assertThat(docs)
        .extracting(Document::id, Document::recordIndex)
        .containsExactly(tuple("a.txt", 0L), tuple("c.txt", 2L));
    assertThat(problems.skipped()).isEqualTo(Map.of(InputProblem.INVALID_UTF8, 1L));
  }

  @Test
  void aRegularFileGivenAsDirectoryIsRejected() {
    Path file = write(dir, "data.tsv", "a\tb\n");

    assertThatThrownBy(
            () ->
                DocumentReaders.open(
                    file, options(InputFormat.DIR), new InputProblems(OnError.FAIL)))
        .isInstanceOf(InputException.class)
        .hasMessage(file + ": not a directory");
  }
}
