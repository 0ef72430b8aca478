package org.neardup.spark.corpus;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.neardup.input.DocumentId;
import org.neardup.input.DocumentText;
import org.neardup.input.InputException;
import org.neardup.input.InputProblem;
import org.neardup.io.KeepValues;
import org.neardup.spark.input.InputIssue;
import org.neardup.spark.input.InputSpec;
import org.neardup.spark.input.Ordinals;
import org.neardup.spark.input.ReadItem;
import org.neardup.spark.input.SourceRecord;
import org.neardup.spark.input.SplitPlanner.InputFile;

/**
 * Documents from the rows of a DataFrame: the Parquet input of the command line (Spark's Parquet
 * reader, one file at a time, so that rows keep the order of files and of rows within a file) and
 * the frames of {@link org.neardup.spark.NearDupSpark}. The id column may be of any type and is
 * read as its string form (a byte array as UTF-8), as {@code ./neardup}'s Parquet reader reads it;
 * the text columns likewise, joined by one space. A null or empty id, a null text, and an id or
 * text that breaks the rules of {@link DocumentId} and {@link DocumentText} make a bad record, as
 * in every other input. A record's ordinal is its partition and its row within the partition.
 * Stateless.
 */
public final class FrameRows {
  private FrameRows() {}

  /**
   * The rows of Parquet files, one RDD partition per Spark split, in input order, or of a frame.
   *
   * @param partitionSources the file each partition reads, by partition index
   * @param partitionInputs the input each partition reads ({@link InputSpec#input()}), by partition
   *     index
   */
  @DefaultSerializer(JavaSerializer.class)
  public record Rows(
      JavaRDD<Row> rows, List<String> partitionSources, List<Integer> partitionInputs) {}

  /**
   * The columns a record is read from.
   *
   * @param id the id column
   * @param texts the text columns, joined by one space
   * @param keep the column whose number orders the kept set ({@code --keep field:NAME}), or null
   * @param input the column that numbers each row's input (a frame's; {@code input,} keep orders),
   *     or null: the partition's input
   */
  @DefaultSerializer(JavaSerializer.class)
  public record Fields(String id, List<String> texts, String keep, String input)
      implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    public Fields {
      texts = List.copyOf(texts);
    }

    /** Every column named, the id first. */
    public List<String> all() {
      List<String> all = new ArrayList<>();
      all.add(id);
      all.addAll(texts);
      if (keep != null) {
        all.add(keep);
      }
      if (input != null) {
        all.add(input);
      }
      return all;
    }
  }

  /** The rows of {@code files} (all Parquet). */
  public static Rows parquet(SparkSession spark, List<InputFile> files) {
    List<JavaRDD<Row>> parts = new ArrayList<>();
    List<String> sources = new ArrayList<>();
    List<Integer> inputs = new ArrayList<>();
    for (InputFile file : files) {
      Dataset<Row> frame = spark.read().parquet(file.file());
      requireColumns(frame, parquetFields(file.spec()).all(), file.source());
      JavaRDD<Row> part = frame.javaRDD();
      parts.add(part);
      for (int i = 0; i < part.getNumPartitions(); i++) {
        sources.add(file.source());
        inputs.add(file.spec().input());
      }
    }
    JavaSparkContext context = JavaSparkContext.fromSparkContext(spark.sparkContext());
    @SuppressWarnings("unchecked")
    JavaRDD<Row> all =
        parts.size() == 1 ? parts.get(0) : context.union(parts.toArray(JavaRDD[]::new));
    return new Rows(all, sources, inputs);
  }

  /** The columns of a Parquet input. */
  public static Fields parquetFields(InputSpec spec) {
    return new Fields(spec.parquetIdField(), spec.textFields(), spec.keepField(), null);
  }

  /**
   * Checks that {@code frame} has the {@code columns}.
   *
   * @throws InputException naming {@code source} and the columns it has
   */
  public static void requireColumns(Dataset<Row> frame, List<String> columns, String source) {
    List<String> present = Arrays.asList(frame.columns());
    for (String column : columns) {
      if (!present.contains(column)) {
        throw new InputException(
            source,
            0,
            null,
            "unknown column '" + column + "' (columns: " + String.join(", ", present) + ")");
      }
    }
  }

  /** The records of {@code rows}: ordinal = (partition, row within partition). */
  public static JavaRDD<ReadItem> read(Rows rows, Fields fields) {
    List<Integer> inputs = rows.partitionInputs();
    return rows.rows()
        .mapPartitionsWithIndex(
            (partition, iterator) -> records(partition, inputs.get(partition), iterator, fields),
            true);
  }

  private static Iterator<ReadItem> records(
      int partition, int partitionInput, Iterator<Row> rows, Fields fields) {
    return new Iterator<>() {
      long index;
      int idIndex = -1;
      int[] textIndexes;
      int keepIndex = -1;
      int inputIndex = -1;

      @Override
      public boolean hasNext() {
        return rows.hasNext();
      }

      @Override
      public ReadItem next() {
        Row row = rows.next();
        long recordIndex = index++;
        if (idIndex < 0) {
          idIndex = row.fieldIndex(fields.id());
          textIndexes = fields.texts().stream().mapToInt(row::fieldIndex).toArray();
          keepIndex = fields.keep() == null ? -1 : row.fieldIndex(fields.keep());
          inputIndex = fields.input() == null ? -1 : row.fieldIndex(fields.input());
        }
        try {
          return read(row, partition, recordIndex);
        } catch (CharacterCodingException e) {
          return issue(
              partition,
              recordIndex,
              InputProblem.INVALID_UTF8,
              InputProblem.INVALID_UTF8.description()
                  + " (a column of bytes holds bytes that are not UTF-8)");
        }
      }

      private ReadItem read(Row row, int partition, long recordIndex)
          throws CharacterCodingException {
        String id = string(row.get(idIndex));
        if (id == null || id.isEmpty()) {
          return issue(
              partition,
              recordIndex,
              InputProblem.MISSING_ID,
              InputProblem.MISSING_ID.description()
                  + " (column '"
                  + fields.id()
                  + "' is null or empty)");
        }
        Optional<String> badId = DocumentId.recordDetail(id);
        if (badId.isPresent()) { // before any message quotes the id
          return issue(partition, recordIndex, InputProblem.INVALID_ID, badId.get());
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < textIndexes.length; i++) {
          String value = string(row.get(textIndexes[i]));
          if (value == null) {
            return issue(
                partition,
                recordIndex,
                InputProblem.MISSING_TEXT,
                InputProblem.MISSING_TEXT.description()
                    + " (column '"
                    + fields.texts().get(i)
                    + "' is null, id '"
                    + id
                    + "')");
          }
          if (i > 0) {
            text.append(' ');
          }
          text.append(value);
        }
        String joined = text.toString();
        Optional<String> badText = DocumentText.recordDetail(joined);
        if (badText.isPresent()) {
          return issue(partition, recordIndex, InputProblem.INVALID_TEXT, badText.get());
        }
        double keepValue = Double.NaN;
        if (keepIndex >= 0) {
          String value = string(row.get(keepIndex));
          keepValue = KeepValues.parse(value);
          if (Double.isNaN(keepValue)) {
            return issue(
                partition,
                recordIndex,
                InputProblem.NO_KEEP_VALUE,
                InputProblem.NO_KEEP_VALUE.description()
                    + " ("
                    + KeepValues.notANumber(fields.keep(), value)
                    + ")");
          }
        }
        int input = partitionInput;
        if (inputIndex >= 0) {
          Object value = row.get(inputIndex);
          if (!(value instanceof Number number)
              || number.longValue() < 0
              || number.longValue() > Integer.MAX_VALUE) {
            return issue(
                partition,
                recordIndex,
                InputProblem.NO_KEEP_VALUE,
                InputProblem.NO_KEEP_VALUE.description()
                    + " (input column '"
                    + fields.input()
                    + "' is "
                    + (value == null ? "null" : value + ", not in [0, 2^31)")
                    + ", id '"
                    + id
                    + "')");
          }
          input = number.intValue();
        }
        return ReadItem.of(
            new SourceRecord(Ordinals.of(partition, recordIndex), id, joined, 0, input, keepValue));
      }
    };
  }

  private static ReadItem issue(
      int partition, long recordIndex, InputProblem problem, String detail) {
    return ReadItem.of(new InputIssue(partition, 0, recordIndex, problem.name(), detail));
  }

  /**
   * A column's value as text: null for null, a byte array decoded as UTF-8, anything else its
   * {@code toString()} (strings, numbers and booleans read as {@code ./neardup} reads them).
   *
   * @throws CharacterCodingException for bytes that are not UTF-8
   */
  public static String string(Object value) throws CharacterCodingException {
    if (value == null) {
      return null;
    }
    if (value instanceof byte[] bytes) {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    }
    return value.toString();
  }
}
