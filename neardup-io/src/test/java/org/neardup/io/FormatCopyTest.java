package org.neardup.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.neardup.io.IoFixtures.bytes;
import static org.neardup.io.IoFixtures.csv;
import static org.neardup.io.IoFixtures.gzip;
import static org.neardup.io.IoFixtures.ids;
import static org.neardup.io.IoFixtures.options;
import static org.neardup.io.IoFixtures.readAll;
import static org.neardup.io.IoFixtures.utf8;
import static org.neardup.io.IoFixtures.write;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.input.Document;
import org.neardup.input.InputException;

class FormatCopyTest {
  private static final LongPredicate NOTHING = i -> false;
  private static final byte[] BOM = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};

  @TempDir Path dir;

  private static byte[] copy(Path input, InputOptions options, LongPredicate drop, boolean header)
      throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    options.format().copyExcept(input, options, drop, out, header);
    return out.toByteArray();
  }

  private static String copyText(
      Path input, InputOptions options, LongPredicate drop, boolean header) throws IOException {
    return new String(copy(input, options, drop, header), StandardCharsets.UTF_8);
  }

  @Test
  void tsvCopyWithNothingDroppedIsByteForByteIdenticalIncludingOddBytes() throws IOException {
    byte[] content =
        bytes(
            BOM,
            "a\tone\r\n",
            "\n",
            "b\tbad ",
            new byte[] {(byte) 0xff},
            "\n",
            "\r\n",
            "no tab\n",
            "c\tlast, no newline");
    Path file = write(dir, "data.tsv", content);

    assertThat(copy(file, options(InputFormat.TSV), NOTHING, false)).isEqualTo(content);
  }

  @Test
  void droppingLineRecordsRemovesExactlyThoseAndKeepsEmptyLines() throws IOException {
    Path file = write(dir, "data.txt", "t0 zero\n\nt1 one\r\nt2 two\nt3 three");

    String kept = copyText(file, options(InputFormat.LINES), i -> i == 1 || i == 3, false);

    assertThat(kept).isEqualTo("t0 zero\n\nt2 two\n");
  }

  @Test
  void copierAndReaderAgreeOnRecordIndexesSoDroppedIdsAreGone() throws IOException {
    Path file =
        write(
            dir,
            "data.jsonl",
            "{\"id\":\"a\",\"text\":\"1\"}\n\n"
                + "{\"id\":\"b\",\"text\":\"2\"}\n"
                + "{\"id\":\"c\",\"text\":\"3\"}\n");
    List<Document> docs = readAll(file, options(InputFormat.JSONL));
    long indexOfB = docs.get(1).recordIndex();

    Path out =
        write(dir, "out.jsonl", copy(file, options(InputFormat.JSONL), i -> i == indexOfB, false));

    assertThat(ids(readAll(out, options(InputFormat.JSONL)))).containsExactly("a", "c");
  }

  @Test
  void jsonlCopyWithNothingDroppedIsByteForByteIdenticalAndReturnsTheRecordCount()
      throws IOException {
    byte[] content = utf8("{\"id\":1,\"text\":\"x\"}\n{\"id\":2,\"text\":\"é\"}\r\n\n{not json}\n");
    Path file = write(dir, "data.jsonl", content);
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    long written =
        InputFormat.JSONL.copyExcept(file, options(InputFormat.JSONL), NOTHING, out, false);

    assertThat(out.toByteArray()).isEqualTo(content);
    assertThat(written).isEqualTo(3);
  }

  @Test
  void gzipInputIsCopiedDecompressed() throws IOException {
    Path file = write(dir, "data.tsv", gzip(utf8("a\tone\nb\ttwo\n")));

    assertThat(copyText(file, options(InputFormat.TSV), i -> i == 0, false)).isEqualTo("b\ttwo\n");
  }

  @Test
  void csvCopyWithNothingDroppedIsByteForByteIdentical() throws IOException {
    byte[] content =
        bytes(
            BOM,
            "\n",
            "id,text\r\n",
            "a,\"multi\r\nline, with \"\"quotes\"\"\"\r\n",
            "\r\n",
            "b,plain \u00e9\u20ac\ud83d\ude00\r\n",
            "c,\"trailing\" data\r\n",
            "d,last without line end");
    Path file = write(dir, "data.csv", content);

    assertThat(copy(file, csv(',', "id", "text"), NOTHING, true)).isEqualTo(content);
  }

  @Test
  void droppingCsvRecordsRemovesWholeRecordsIncludingQuotedLineBreaks() throws IOException {
    Path file = write(dir, "data.csv", "id,text\na,\"x\ny\"\nb,2\n\nc,\"3\"\nd,4");

    String kept = copyText(file, csv(',', "id", "text"), Set.of(0L, 2L)::contains, true);

    assertThat(kept).isEqualTo("id,text\nb,2\n\nd,4");
  }

  @Test
  void csvHeaderIsLeftOutOnRequestAndTheRecordCountIsReturned() throws IOException {
    Path file = write(dir, "data.tsv", "id\ttext\na\t1\nb\t2\nc\t3\n");
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    long written =
        InputFormat.CSV.copyExcept(file, csv('\t', "id", "text"), i -> i == 1, out, false);

    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("a\t1\nc\t3\n");
    assertThat(written).isEqualTo(2);
  }

  @Test
  void aCsvByteOrderMarkBelongsToTheHeaderAndDoesNotShiftRecordBoundaries() throws IOException {
    Path file = write(dir, "data.csv", bytes(BOM, "id,text\n\u00e9,1\nb,2\nc,3\n"));

    assertThat(copyText(file, csv(',', "id", "text"), i -> i == 1, false))
        .isEqualTo("\u00e9,1\nc,3\n");
    assertThat(copy(file, csv(',', "id", "text"), i -> i == 0, true))
        .isEqualTo(bytes(BOM, "id,text\nb,2\nc,3\n"));
  }

  @Test
  void directoryCopyKeepsRelativePathsAndRawBytesOfKeptFiles() throws IOException {
    Path input = dir.resolve("in");
    write(input, "a.txt", "A");
    write(input, "sub/b.txt", gzip(utf8("B")));
    write(input, "sub/c.txt", "C");
    write(input, ".hidden", "H");
    Path output = dir.resolve("out");
    List<Document> docs = readAll(input, options(InputFormat.DIR));
    long indexOfC =
        docs.stream()
            .filter(d -> d.id().equals("sub/c.txt"))
            .findFirst()
            .orElseThrow()
            .recordIndex();

    long copied = ((DirectoryFormat) InputFormat.DIR).copyExcept(input, i -> i == indexOfC, output);

    assertThat(copied).isEqualTo(2);
    assertThat(Files.readAllBytes(output.resolve("a.txt"))).isEqualTo(utf8("A"));
    assertThat(Files.readAllBytes(output.resolve("sub/b.txt")))
        .isEqualTo(Files.readAllBytes(input.resolve("sub/b.txt")));
    assertThat(output.resolve("sub/c.txt")).doesNotExist();
    assertThat(output.resolve(".hidden")).doesNotExist();
  }

  @Test
  void aDirFormatIsRefusedByTheStreamCopier() {
    assertThatThrownBy(() -> copy(dir, options(InputFormat.DIR), NOTHING, false))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void aMissingInputIsAnInputException() {
    Path missing = dir.resolve("none.tsv");

    assertThatThrownBy(() -> copy(missing, options(InputFormat.TSV), NOTHING, false))
        .isInstanceOf(InputException.class)
        .hasMessage(missing + ": no such file");
  }

  private static String annotated(
      Path input, InputOptions options, LongPredicate drop, boolean header) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    options
        .format()
        .copyAnnotated(
            input,
            options,
            drop,
            i ->
                i == 1 ? new Annotation("a \"x\", y", "0.900000") : Annotation.kept(i == 0 ? 2 : 1),
            out,
            header);
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void csvAnnotationGoesBeforeEachRowsLineEndingQuotedAsNeededAndBlankRowsStay()
      throws IOException {
    Path file = write(dir, "data.csv", bytes(BOM, "id,text\r\na,\"x\r\ny\"\r\nb,2\n\nc,3\nd,4"));

    assertThat(annotated(file, csv(',', "id", "text"), i -> i == 2, true))
        .isEqualTo(
            "\ufeffid,text,duplicate_of,similarity,cluster_size\r\n"
                + "a,\"x\r\n"
                + "y\",,,2\r\n"
                + "b,2,\"a \"\"x\"\", y\",0.900000,\n\n"
                + "d,4,,,1");
    assertThat(annotated(file, csv(',', "id", "text"), NOTHING, false))
        .startsWith("a,\"x\r\ny\",,,2\r\n");
  }

  @Test
  void lineAnnotationsAreThreeColumnsOrThreeJsonMembersAndBlankLinesStay() throws IOException {
    Path tsv = write(dir, "data.tsv", bytes(BOM, "a\tone\r\n\nb\ttwo\nc\tthree"));
    assertThat(annotated(tsv, options(InputFormat.TSV), NOTHING, false))
        .isEqualTo("\ufeffa\tone\t\t\t2\r\n\nb\ttwo\ta \"x\", y\t0.900000\t\nc\tthree\t\t\t1");
    Path jsonl = write(dir, "data.jsonl", "{\"id\":\"a\"}\n{ }\r\n{\"id\":\"c\"}  ");
    assertThat(annotated(jsonl, options(InputFormat.JSONL), NOTHING, false))
        .isEqualTo(
            "{\"id\":\"a\",\"duplicate_of\":null,\"similarity\":null,\"cluster_size\":2}\n"
                + "{ \"duplicate_of\":\"a \\\"x\\\", y\",\"similarity\":0.900000,"
                + "\"cluster_size\":null}\r\n"
                + "{\"id\":\"c\",\"duplicate_of\":null,\"similarity\":null,\"cluster_size\":1}  ");
  }
}
