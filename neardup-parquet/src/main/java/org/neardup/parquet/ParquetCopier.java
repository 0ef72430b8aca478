package org.neardup.parquet;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroup;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;
import org.neardup.input.InputException;
import org.neardup.io.Annotation;

/**
 * Copies a Parquet file minus chosen rows as a new Parquet file, with parquet-java's writer: the
 * same schema (every column, nested ones too), the file's key-value metadata (but parquet-java's
 * {@code writer.model.name}), the codec of its first column chunk (Snappy for a file without rows
 * or with a codec {@link ParquetCodecs} does not write), rows in their order. Annotated, each row
 * gets three optional columns at the end: {@code duplicate_of} (a string) and {@code similarity} (a
 * double), both null for a kept row, and {@code cluster_size} (a 64-bit integer), null for a
 * removed row; the metadata that lists the columns (Arrow's, pandas', Spark's schema) is left out,
 * as it would no longer match. Row indexes are those of {@link ParquetDocumentReader}. Rows are not
 * validated: one the reader skipped as bad is copied like any other unless dropped.
 */
final class ParquetCopier {
  private static final String MODEL_NAME = "writer.model.name";

  /** Key-value metadata that lists the columns, which an annotated copy would contradict. */
  private static final List<String> COLUMN_LISTS =
      List.of("ARROW:schema", "pandas", "org.apache.spark.sql.parquet.row.metadata");

  private ParquetCopier() {}

  /**
   * Writes the rows of {@code input} whose index does not satisfy {@code drop} to {@code out} as
   * one Parquet file; {@code out} is flushed, not closed.
   *
   * @param annotation each row's annotation, or null for a plain copy
   * @return the number of rows written
   * @throws InputException when the input is not readable Parquet, or (annotated) already has a
   *     column of an annotation's name
   */
  static long copy(
      Path input, LongPredicate drop, LongFunction<Annotation> annotation, OutputStream out)
      throws IOException {
    String source = input.toString();
    try (ParquetFileReader file = ParquetDocumentReader.openFile(input)) {
      MessageType schema = file.getFooter().getFileMetaData().getSchema();
      MessageType written = annotation == null ? schema : annotated(source, schema);
      Map<String, String> metadata =
          new HashMap<>(file.getFooter().getFileMetaData().getKeyValueMetaData());
      metadata.remove(MODEL_NAME);
      if (annotation != null) {
        COLUMN_LISTS.forEach(metadata::remove);
      }
      MessageColumnIO columns = new ColumnIOFactory().getColumnIO(schema);
      long row = 0;
      long kept = 0;
      try (ParquetWriter<Group> writer =
          ExampleParquetWriter.builder(new StreamOutputFile(out))
              .withConf(new PlainParquetConfiguration())
              .withType(written)
              .withCodecFactory(new ParquetCodecs())
              .withCompressionCodec(codec(file.getFooter().getBlocks()))
              .withExtraMetaData(metadata)
              .build()) {
        PageReadStore pages;
        while ((pages = readNextRowGroup(file, source, row)) != null) {
          RecordReader<Group> rows =
              columns.getRecordReader(pages, new GroupRecordConverter(schema));
          for (long left = pages.getRowCount(); left > 0; left--) {
            Group group = read(rows, source, row);
            long index = row++;
            if (drop.test(index)) {
              continue;
            }
            writer.write(
                annotation == null ? group : annotate(group, written, annotation.apply(index)));
            kept++;
          }
        }
      }
      out.flush();
      return kept;
    }
  }

  private static PageReadStore readNextRowGroup(ParquetFileReader file, String source, long row) {
    try {
      return file.readNextRowGroup();
    } catch (IOException | RuntimeException e) {
      throw new InputException(source, row + 1, null, "read error: " + ParquetFormat.message(e), e);
    }
  }

  private static Group read(RecordReader<Group> rows, String source, long row) {
    try {
      return rows.read();
    } catch (RuntimeException e) {
      throw new InputException(source, row + 1, null, "read error: " + ParquetFormat.message(e), e);
    }
  }

  private static CompressionCodecName codec(List<BlockMetaData> blocks) {
    if (blocks.isEmpty() || blocks.get(0).getColumns().isEmpty()) {
      return CompressionCodecName.SNAPPY;
    }
    CompressionCodecName codec = blocks.get(0).getColumns().get(0).getCodec();
    return ParquetCodecs.writes(codec) ? codec : CompressionCodecName.SNAPPY;
  }

  /** {@code schema} with the three annotation columns at the end. */
  private static MessageType annotated(String source, MessageType schema) {
    for (String name : Annotation.NAMES) {
      if (schema.containsField(name)) {
        throw new InputException(
            source,
            0,
            null,
            "has a column '"
                + name
                + "' already, which --annotate adds:"
                + " rename it, or drop --annotate");
      }
    }
    List<Type> fields = new ArrayList<>(schema.getFields());
    fields.add(
        Types.optional(PrimitiveTypeName.BINARY)
            .as(LogicalTypeAnnotation.stringType())
            .named(Annotation.DUPLICATE_OF));
    fields.add(Types.optional(PrimitiveTypeName.DOUBLE).named(Annotation.SIMILARITY));
    fields.add(Types.optional(PrimitiveTypeName.INT64).named(Annotation.CLUSTER_SIZE));
    return new MessageType(schema.getName(), fields);
  }

  /** A row of {@code schema} (the annotated one): {@code group}'s values, then the annotation's. */
  private static Group annotate(Group group, MessageType schema, Annotation annotation) {
    SimpleGroup row = new SimpleGroup(schema);
    int columns = group.getType().getFieldCount();
    for (int field = 0; field < columns; field++) {
      Type type = group.getType().getType(field);
      for (int i = 0; i < group.getFieldRepetitionCount(field); i++) {
        if (!type.isPrimitive()) {
          row.add(field, group.getGroup(field, i));
          continue;
        }
        switch (type.asPrimitiveType().getPrimitiveTypeName()) {
          case INT32 -> row.add(field, group.getInteger(field, i));
          case INT64 -> row.add(field, group.getLong(field, i));
          case BOOLEAN -> row.add(field, group.getBoolean(field, i));
          case FLOAT -> row.add(field, group.getFloat(field, i));
          case DOUBLE -> row.add(field, group.getDouble(field, i));
          case INT96 -> row.add(field, group.getInt96(field, i));
          default -> row.add(field, group.getBinary(field, i));
        }
      }
    }
    if (annotation.isKept()) {
      row.add(columns + 2, Long.parseLong(annotation.clusterSize()));
    } else {
      row.add(columns, annotation.duplicateOf());
      row.add(columns + 1, Double.parseDouble(annotation.similarity()));
    }
    return row;
  }

  /**
   * A stream as parquet-java's output file: written once, from the start, never closed by the
   * writer.
   */
  private record StreamOutputFile(OutputStream out) implements OutputFile {
    @Override
    public PositionOutputStream create(long blockSizeHint) {
      return new PositionOutputStream() {
        private long position;

        @Override
        public long getPos() {
          return position;
        }

        @Override
        public void write(int b) throws IOException {
          out.write(b);
          position++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
          out.write(b, off, len);
          position += len;
        }

        @Override
        public void flush() throws IOException {
          out.flush();
        }

        @Override
        public void close() throws IOException {
          out.flush();
        }
      };
    }

    @Override
    public PositionOutputStream createOrOverwrite(long blockSizeHint) {
      return create(blockSizeHint);
    }

    @Override
    public boolean supportsBlockSize() {
      return false;
    }

    @Override
    public long defaultBlockSize() {
      return 0;
    }
  }
}
