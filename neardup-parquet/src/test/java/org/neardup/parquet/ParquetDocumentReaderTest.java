package org.neardup.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.input.Document;
import org.neardup.input.InputException;
import org.neardup.input.InputProblem;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;
import org.neardup.io.DocumentReader;
import org.neardup.io.DocumentReaders;
import org.neardup.io.InputFormat;
import org.neardup.io.InputOptions;

class ParquetDocumentReaderTest {
  @TempDir Path dir;

  private static final MessageType SCHEMA =
      MessageTypeParser.parseMessageType(
          "message doc { optional int64 id; optional binary title (STRING); optional binary text"
              + " (STRING); optional binary key (STRING); optional group meta { optional int32 x; }"
              + " }");

  /**
   * Writes rows of (id, title, text, key) with parquet-java's writer, in row groups of a few rows.
   */
  private Path parquet(String name, CompressionCodecName codec, Object[]... rows)
      throws IOException {
    Path path = dir.resolve(name);
    try (ParquetWriter<Group> writer =
        ExampleParquetWriter.builder(new LocalOutputFile(path))
            .withConf(new PlainParquetConfiguration())
            .withType(SCHEMA)
            .withCodecFactory(new ParquetCodecs())
            .withCompressionCodec(codec)
            .withRowGroupSize(1024L)
            .withPageSize(256)
            .build()) {
      SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
      for (Object[] row : rows) {
        Group group = groups.newGroup();
        if (row[0] != null) {
          group.append("id", (Long) row[0]);
        }
        for (int i = 1; i < 4; i++) {
          if (row[i] != null) {
            group.append(SCHEMA.getFieldName(i), (String) row[i]);
          }
        }
        writer.write(group);
      }
    }
    return path;
  }

  private static Object[] row(Long id, String title, String text, String key) {
    return new Object[] {id, title, text, key};
  }

  @Test
  void readsTheIdAndTextColumnsOfEveryRowGroupWithEachCodec() throws IOException {
    for (CompressionCodecName codec :
        List.of(
            CompressionCodecName.UNCOMPRESSED,
            CompressionCodecName.SNAPPY,
            CompressionCodecName.ZSTD,
            CompressionCodecName.GZIP,
            CompressionCodecName.LZ4_RAW)) {
      Object[][] rows = new Object[500][];
      for (int i = 0; i < rows.length; i++) {
        rows[i] = row((long) i, "title " + i, "text \u00e9 " + "w".repeat(i % 50), "k" + i);
      }
      Path file = parquet("data-" + codec + ".parquet", codec, rows);

      List<Document> docs = readAll(file, InputOptions.of(InputFormat.detect(file)));

      assertThat(docs).as(codec.name()).hasSize(500);
      assertThat(docs.get(499))
          .extracting(Document::id, Document::text, Document::line, Document::recordIndex)
          .containsExactly("499", "text \u00e9 " + "w".repeat(499 % 50), 500L, 499L);
    }
  }

  @Test
  void columnsAreChosenByNameAndNullsAreBadRecords() throws IOException {
    Path file =
        parquet(
            "data.parquet",
            CompressionCodecName.UNCOMPRESSED,
            row(1L, "T", "B", "k1"),
            row(2L, null, "B", "k2"),
            row(3L, "T", "B", null),
            row(null, "T", "B", "k4"),
            row(5L, "T", "B", ""));
    InputProblems problems = new InputProblems(OnError.SKIP);

    List<Document> docs =
        readAll(
            file,
            new InputOptions(InputFormat.PARQUET, ',', "key", List.of("title", "text")),
            problems);

    assertThat(docs)
        .extracting(Document::id, Document::text, Document::recordIndex)
        .containsExactly(tuple("k1", "T B", 0L), tuple("k4", "T B", 3L));
    assertThat(problems.skipped())
        .isEqualTo(Map.of(InputProblem.MISSING_TEXT, 1L, InputProblem.MISSING_ID, 2L));
    assertThatThrownBy(() -> readAll(file, InputOptions.of(InputFormat.PARQUET)))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("data.parquet:4: record without id (column 'id' is null or empty)");
  }

  @Test
  void theKeepColumnIsANumberOrAStringHoldingOneInEveryRow() throws IOException {
    Path file =
        parquet(
            "scored.parquet",
            CompressionCodecName.SNAPPY,
            row(1L, "0.5", "B", "k1"),
            row(2L, "high", "B", "k2"),
            row(3L, null, "B", "k3"),
            row(4L, "-2e1", "B", "k4"));
    InputProblems problems = new InputProblems(OnError.SKIP);

    List<Document> byTitle =
        readAll(file, InputOptions.of(InputFormat.PARQUET).withKeepField("title"), problems);
    List<Document> byId = readAll(file, InputOptions.of(InputFormat.PARQUET).withKeepField("id"));

    assertThat(byTitle)
        .extracting(Document::id, Document::keepValue)
        .containsExactly(tuple("1", 0.5), tuple("4", -20.0));
    assertThat(problems.skipped()).isEqualTo(Map.of(InputProblem.NO_KEEP_VALUE, 2L));
    assertThat(byId).extracting(Document::keepValue).containsExactly(1.0, 2.0, 3.0, 4.0);
    assertThatThrownBy(
            () -> readAll(file, InputOptions.of(InputFormat.PARQUET).withKeepField("score")))
        .hasMessageContaining(
            "unknown column 'score' (columns: id, title, text, key, meta): --keep field:NAME");
  }

  @Test
  void aMissingOrNestedColumnFailsTheOpenNamingTheColumns() throws IOException {
    Path file = parquet("data.parquet", CompressionCodecName.UNCOMPRESSED, row(1L, "T", "B", "k1"));

    assertThatThrownBy(
            () -> readAll(file, new InputOptions(InputFormat.PARQUET, ',', null, List.of("body"))))
        .isInstanceOf(InputException.class)
        .hasMessageContaining(
            "data.parquet: unknown column 'body' (columns: id, title, text, key, meta)");
    assertThatThrownBy(
            () -> readAll(file, new InputOptions(InputFormat.PARQUET, ',', "meta", List.of())))
        .hasMessageContaining("column 'meta' is optional group meta");
  }

  @Test
  void anEmptyOrNonParquetFileIsAnErrorNotZeroDocuments() throws IOException {
    Path empty = Files.createFile(dir.resolve("x.parquet"));
    assertThat(InputFormat.detect(empty)).isSameAs(InputFormat.PARQUET);
    assertThatThrownBy(() -> readAll(empty, InputOptions.of(InputFormat.PARQUET)))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("x.parquet: an empty file, not Parquet");
    Path text = Files.writeString(dir.resolve("t.parquet"), "a\tb\n", StandardCharsets.UTF_8);
    assertThatThrownBy(() -> readAll(text, InputOptions.of(InputFormat.PARQUET)))
        .hasMessageContaining("t.parquet: not a Parquet file");
    Path good = parquet("good.parquet", CompressionCodecName.UNCOMPRESSED, row(1L, "T", "B", "k1"));
    byte[] bytes = Files.readAllBytes(good);
    Path cut = Files.write(dir.resolve("cut.bin"), Arrays.copyOf(bytes, bytes.length - 9));
    assertThat(InputFormat.detect(cut)).isSameAs(InputFormat.PARQUET);
    assertThatThrownBy(() -> readAll(cut, InputOptions.of(InputFormat.PARQUET)))
        .hasMessageContaining("cut.bin: not a readable Parquet file");
  }

  static List<Document> readAll(Path path, InputOptions options) {
    return readAll(path, options, new InputProblems(OnError.FAIL));
  }

  static List<Document> readAll(Path path, InputOptions options, InputProblems problems) {
    List<Document> documents = new ArrayList<>();
    try (DocumentReader reader = DocumentReaders.open(path, options, problems)) {
      for (Document d = reader.next(); d != null; d = reader.next()) {
        documents.add(d);
      }
    }
    return documents;
  }
}
