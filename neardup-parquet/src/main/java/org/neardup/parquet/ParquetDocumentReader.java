package org.neardup.parquet;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
import org.neardup.input.Document;
import org.neardup.input.InputException;
import org.neardup.input.InputProblem;
import org.neardup.input.InputProblems;
import org.neardup.io.DocumentReader;
import org.neardup.io.HtmlMode;
import org.neardup.io.HtmlText;
import org.neardup.io.InputOptions;
import org.neardup.io.KeepValues;

/**
 * Reads Parquet ({@link ParquetFormat}) with parquet-java's own file reader on a local file (no
 * Hadoop file system or configuration; pages decompressed by {@link ParquetCodecs}), one row group
 * at a time, only the id and text columns. The id is column {@link InputOptions#idField()} (default
 * {@code id}; without --id-field, a file without an {@code id} column has its rows numbered from 1,
 * as JSON records without an id are), the text the columns {@link InputOptions#textFields()} joined
 * by one space; a null or empty id is {@link InputProblem#MISSING_ID}, a null text {@link
 * InputProblem#MISSING_TEXT}; with {@link InputOptions#keepField()}, that column's number ({@link
 * KeepValues}; null or not a finite number: {@link InputProblem#NO_KEEP_VALUE}). Columns are
 * top-level, not repeated, and strings (UTF-8 bytes; invalid UTF-8 is {@link
 * InputProblem#INVALID_UTF8}), integers, booleans or floating-point numbers (as Java writes them);
 * a missing column or one of another type fails the open, naming it. A record's {@link
 * Document#line()} is its 1-based row number, its record index the row number from 0. A file that
 * is empty or not Parquet fails the open. Not thread-safe.
 */
final class ParquetDocumentReader implements DocumentReader {
  private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

  private final String source;
  private final InputProblems problems;
  private final ParquetFileReader file;
  private final MessageColumnIO columns;
  private final MessageType projection;
  private final String idField;
  private final List<String> textFields;
  private final HtmlMode[] html;
  private final int idIndex;
  private final int[] textIndexes;
  private final String keepField; // null when the run keeps by no field
  private final int keepIndex;
  private RecordReader<Group> rows;
  private long rowsLeft;
  private long row;
  private boolean closed;

  ParquetDocumentReader(Path path, InputOptions options, InputProblems problems) {
    this.source = path.toString();
    this.problems = problems;
    this.idField =
        options.idField() != null ? options.idField() : InputOptions.DEFAULT_JSON_ID_FIELD;
    this.textFields = options.textFields();
    this.html = textFields.stream().map(options::htmlOf).toArray(HtmlMode[]::new);
    this.keepField = options.keepField();
    this.file = openFile(path);
    try {
      MessageType schema = file.getFooter().getFileMetaData().getSchema();
      // without --id-field and without an id column, rows are numbered (as JSON records are)
      boolean numbered = options.idField() == null && !schema.containsField(idField);
      Set<String> wanted = new LinkedHashSet<>();
      if (!numbered) {
        wanted.add(idField);
      }
      wanted.addAll(textFields);
      if (keepField != null) {
        wanted.add(keepField);
      }
      List<Type> fields = new ArrayList<>();
      for (String name : wanted) {
        fields.add(column(schema, name));
      }
      this.projection = new MessageType(schema.getName(), fields);
      this.idIndex = numbered ? -1 : projection.getFieldIndex(idField);
      this.textIndexes = textFields.stream().mapToInt(projection::getFieldIndex).toArray();
      this.keepIndex = keepField == null ? -1 : projection.getFieldIndex(keepField);
      file.setRequestedSchema(projection);
      this.columns = new ColumnIOFactory().getColumnIO(projection);
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  /**
   * parquet-java's reader of {@code path}, after {@link #checkMagic}.
   *
   * @throws InputException for a file that is not Parquet or whose footer cannot be read
   */
  static ParquetFileReader openFile(Path path) {
    checkMagic(path);
    try {
      ParquetReadOptions readOptions =
          ParquetReadOptions.builder(new PlainParquetConfiguration())
              .withCodecFactory(new ParquetCodecs())
              .build();
      return ParquetFileReader.open(new LocalInputFile(path), readOptions);
    } catch (IOException | RuntimeException e) {
      throw new InputException(
          path.toString(),
          0,
          null,
          "not a readable Parquet file (" + ParquetFormat.message(e) + ")",
          e);
    }
  }

  /**
   * Refuses, before parquet-java reads the footer, a file that does not start and end with {@code
   * PAR1}.
   */
  private static void checkMagic(Path path) {
    String source = path.toString();
    try {
      long size = Files.size(path);
      if (size == 0) {
        throw new InputException(source, 0, null, "an empty file, not Parquet");
      }
      byte[] head;
      try (InputStream in = Files.newInputStream(path)) {
        head = in.readNBytes(MAGIC.length);
      }
      if (size < 12 || !Arrays.equals(head, MAGIC)) {
        throw new InputException(
            source,
            0,
            null,
            "not a Parquet file (it does not start with PAR1"
                + " and end with a footer; --format names how to read other files)");
      }
    } catch (IOException e) {
      throw new InputException(source, 0, null, "read error: " + ParquetFormat.message(e), e);
    }
  }

  /** The top-level column {@code name} of {@code schema}, checked to be of a type read as text. */
  private Type column(MessageType schema, String name) {
    if (!schema.containsField(name)) {
      throw new InputException(
          source,
          0,
          null,
          "unknown column '"
              + name
              + "' (columns: "
              + String.join(", ", schema.getFields().stream().map(Type::getName).toList())
              + "): "
              + (name.equals(idField)
                  ? "--id-field"
                  : textFields.contains(name) ? "--text-field" : "--keep field:NAME")
              + " names the column to read");
    }
    Type type = schema.getType(name);
    if (!type.isPrimitive()
        || type.isRepetition(Type.Repetition.REPEATED)
        || !readable(type.asPrimitiveType())) {
      throw new InputException(
          source,
          0,
          null,
          "column '"
              + name
              + "' is "
              + type.toString().trim()
              + ": neardup reads columns of strings, integers, booleans and floating-point"
              + " numbers");
    }
    return type;
  }

  private static boolean readable(PrimitiveType type) {
    LogicalTypeAnnotation logical = type.getLogicalTypeAnnotation();
    return switch (type.getPrimitiveTypeName()) {
      case BINARY ->
          logical == null
              || logical instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
              || logical instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation
              || logical instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation;
      case INT32, INT64 ->
          logical == null || logical instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation;
      case BOOLEAN, FLOAT, DOUBLE -> logical == null;
      default -> false;
    };
  }

  @Override
  public Document next() {
    if (closed) {
      throw new IllegalStateException("reader is closed");
    }
    while (true) {
      Group group;
      try {
        while (rowsLeft == 0) {
          PageReadStore pages = file.readNextRowGroup();
          if (pages == null) {
            return null;
          }
          rows = columns.getRecordReader(pages, new GroupRecordConverter(projection));
          rowsLeft = pages.getRowCount();
        }
        group = rows.read();
      } catch (IOException | RuntimeException e) {
        throw new InputException(
            source, row + 1, null, "read error: " + ParquetFormat.message(e), e);
      }
      rowsLeft--;
      long index = row++;
      Document document = document(group, index);
      if (document != null && problems.admit(document)) {
        return document;
      }
    }
  }

  private Document document(Group group, long index) {
    long line = index + 1;
    String id;
    try {
      id = idIndex < 0 ? Long.toString(line) : value(group, idIndex);
      if (id == null || id.isEmpty()) {
        return report(
            line, index, InputProblem.MISSING_ID, "column '" + idField + "' is null or empty");
      }
      String[] texts = new String[textIndexes.length];
      for (int i = 0; i < texts.length; i++) {
        texts[i] = value(group, textIndexes[i]);
        if (texts[i] == null) {
          return report(
              line, index, InputProblem.MISSING_TEXT, "column '" + textFields.get(i) + "' is null");
        }
        if (html[i] != HtmlMode.OFF) {
          texts[i] = HtmlText.extract(texts[i], html[i]);
        }
      }
      double keepValue = Double.NaN;
      if (keepIndex >= 0) {
        String value = value(group, keepIndex);
        keepValue = KeepValues.parse(value);
        if (Double.isNaN(keepValue)) {
          return report(
              line, index, InputProblem.NO_KEEP_VALUE, KeepValues.notANumber(keepField, value));
        }
      }
      return new Document(
          id,
          texts.length == 1 ? texts[0] : String.join(" ", texts),
          source,
          line,
          index,
          keepValue);
    } catch (CharacterCodingException e) {
      return report(
          line, index, InputProblem.INVALID_UTF8, "a string column holds bytes that are not UTF-8");
    }
  }

  /** The value of field {@code index} as text, or null when it is null. */
  private String value(Group group, int index) throws CharacterCodingException {
    if (group.getFieldRepetitionCount(index) == 0) {
      return null;
    }
    PrimitiveType type = projection.getType(index).asPrimitiveType();
    return switch (type.getPrimitiveTypeName()) {
      case BINARY ->
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(group.getBinary(index, 0).getBytes()))
              .toString();
      case INT32 ->
          unsigned(type)
              ? Integer.toUnsignedString(group.getInteger(index, 0))
              : Integer.toString(group.getInteger(index, 0));
      case INT64 ->
          unsigned(type)
              ? Long.toUnsignedString(group.getLong(index, 0))
              : Long.toString(group.getLong(index, 0));
      case BOOLEAN -> Boolean.toString(group.getBoolean(index, 0));
      case FLOAT -> Float.toString(group.getFloat(index, 0));
      case DOUBLE -> Double.toString(group.getDouble(index, 0));
      default -> throw new IllegalStateException("unchecked column type " + type);
    };
  }

  private static boolean unsigned(PrimitiveType type) {
    return type.getLogicalTypeAnnotation()
            instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation integer
        && !integer.isSigned();
  }

  private Document report(long line, long index, InputProblem problem, String specifics) {
    problems.report(
        new InputException(
            source, line, index, problem, problem.description() + " (" + specifics + ")"));
    return null;
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      file.close();
    } catch (IOException e) {
      // Nothing was lost: we only read.
    }
  }
}
