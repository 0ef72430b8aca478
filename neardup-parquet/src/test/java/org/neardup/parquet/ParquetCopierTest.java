package org.neardup.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.input.InputException;
import org.neardup.io.Annotation;
import org.neardup.io.InputFormat;
import org.neardup.io.InputOptions;

class ParquetCopierTest {
  @TempDir Path dir;

  private static final MessageType SCHEMA =
      MessageTypeParser.parseMessageType(
          "message doc { required binary id (STRING); optional binary text (STRING); optional int96"
              + " at; optional group meta { repeated int32 x; optional double score; } repeated"
              + " binary tags (STRING); }");

  private Path input(CompressionCodecName codec, int rows) throws IOException {
    Path path = dir.resolve("in-" + codec + ".parquet");
    try (ParquetWriter<Group> writer =
        ExampleParquetWriter.builder(new LocalOutputFile(path))
            .withConf(new PlainParquetConfiguration())
            .withType(SCHEMA)
            .withCodecFactory(new ParquetCodecs())
            .withCompressionCodec(codec)
            .withRowGroupSize(2048L)
            .withPageSize(512)
            .withExtraMetaData(Map.of("origin", "test", "pandas", "{}"))
            .build()) {
      SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
      for (int i = 0; i < rows; i++) {
        Group row = groups.newGroup().append("id", "r" + i);
        if (i % 7 != 3) {
          row.append("text", "text of row " + i);
        }
        row.add("at", org.apache.parquet.io.api.Binary.fromConstantByteArray(new byte[12]));
        Group meta = row.addGroup("meta");
        meta.append("x", i).append("x", -i);
        if (i % 2 == 0) {
          meta.append("score", i / 10.0);
        }
        for (int t = 0; t < i % 3; t++) {
          row.append("tags", "t" + t);
        }
        writer.write(row);
      }
    }
    return path;
  }

  private static List<String> rows(Path file) throws IOException {
    List<String> rows = new ArrayList<>();
    try (ParquetFileReader reader = ParquetDocumentReader.openFile(file)) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      PageReadStore pages;
      while ((pages = reader.readNextRowGroup()) != null) {
        RecordReader<Group> records =
            new ColumnIOFactory()
                .getColumnIO(schema)
                .getRecordReader(pages, new GroupRecordConverter(schema));
        for (long i = pages.getRowCount(); i > 0; i--) {
          rows.add(records.read().toString());
        }
      }
    }
    return rows;
  }

  private long copy(Path input, Set<Long> drop, Path output, boolean annotate) throws IOException {
    try (OutputStream out = Files.newOutputStream(output)) {
      InputOptions options = InputOptions.of(InputFormat.PARQUET);
      return annotate
          ? InputFormat.PARQUET.copyAnnotated(
              input,
              options,
              drop::contains,
              i -> i == 1 ? new Annotation("r0", "0.875000") : Annotation.kept(i == 0 ? 2 : 1),
              out,
              true)
          : InputFormat.PARQUET.copyExcept(input, options, drop::contains, out, true);
    }
  }

  @Test
  void theCopyHasTheSameSchemaMetadataCodecAndEveryRowNotDropped() throws IOException {
    for (CompressionCodecName codec :
        List.of(
            CompressionCodecName.UNCOMPRESSED,
            CompressionCodecName.SNAPPY,
            CompressionCodecName.ZSTD,
            CompressionCodecName.GZIP,
            CompressionCodecName.LZ4_RAW)) {
      Path input = input(codec, 300);
      Path output = dir.resolve("out-" + codec + ".parquet");

      long written = copy(input, Set.of(0L, 5L, 299L), output, false);

      assertThat(written).isEqualTo(297);
      List<String> expected = new ArrayList<>(rows(input));
      expected.remove(299);
      expected.remove(5);
      expected.remove(0);
      assertThat(rows(output)).as(codec.name()).isEqualTo(expected);
      try (ParquetFileReader reader = ParquetDocumentReader.openFile(output)) {
        var footer = reader.getFooter();
        assertThat(footer.getFileMetaData().getSchema()).isEqualTo(SCHEMA);
        assertThat(footer.getFileMetaData().getKeyValueMetaData()).containsEntry("origin", "test");
        assertThat(footer.getBlocks().get(0).getColumns().get(0).getCodec()).isEqualTo(codec);
      }
    }
  }

  @Test
  void annotatedRowsGetTheKeptIdSimilarityAndClusterSizeAsThreeNewColumns() throws IOException {
    Path input = input(CompressionCodecName.SNAPPY, 3);
    Path output = dir.resolve("annotated.parquet");

    assertThat(copy(input, Set.of(), output, true)).isEqualTo(3);

    List<String> original = rows(input);
    List<String> annotated = rows(output);
    assertThat(annotated.get(0)).isEqualTo(original.get(0) + "cluster_size: 2\n");
    assertThat(annotated.get(1))
        .isEqualTo(original.get(1) + "duplicate_of: r0\nsimilarity: 0.875\n");
    assertThat(annotated.get(2)).isEqualTo(original.get(2) + "cluster_size: 1\n");
    try (ParquetFileReader reader = ParquetDocumentReader.openFile(output)) {
      assertThat(reader.getFooter().getFileMetaData().getKeyValueMetaData())
          .containsEntry("origin", "test")
          .doesNotContainKey("pandas");
    }

    assertThatThrownBy(() -> copy(output, Set.of(), dir.resolve("twice.parquet"), true))
        .isInstanceOf(InputException.class)
        .hasMessageContaining(
            "annotated.parquet: has a column 'duplicate_of' already, which --annotate adds");
  }

  @Test
  void aFileWithoutRowsIsCopiedAsAFileWithoutRows() throws IOException {
    Path input = input(CompressionCodecName.ZSTD, 0);
    Path output = dir.resolve("empty.parquet");

    assertThat(copy(input, Set.of(), output, false)).isZero();

    assertThat(rows(output)).isEmpty();
    assertThat(InputFormat.detect(output)).isSameAs(InputFormat.PARQUET);
  }
}
