package org.neardup.spark.input;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.Serializable;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.neardup.io.InputFormat;
import org.neardup.io.InputOptions;

/**
 * One input as the user named it (a file, a directory of part files or a glob, on any file system
 * Hadoop reaches: {@code hdfs://}, {@code s3a://}, {@code file:}, a local path) and how to read it.
 * Immutable and serializable, so tasks can rebuild the {@link InputOptions} of neardup-io.
 *
 * @param path the path, glob or directory, as given
 * @param format {@code tsv}, {@code lines}, {@code csv}, {@code jsonl} or {@link #PARQUET}
 * @param delimiter the CSV delimiter
 * @param idField the CSV/JSON/Parquet id column, or null (CSV: 1-based record numbers; JSONL and
 *     Parquet: {@code id})
 * @param textFields the text columns, joined by one space
 * @param input the input's position among the command line's inputs, from 0 (what {@code --keep
 *     input,RULE} orders by: a directory or glob is one input)
 * @param keepField the CSV column / JSON field / Parquet column whose number each record must have
 *     ({@code --keep field:NAME}), or null
 */
@DefaultSerializer(JavaSerializer.class)
public record InputSpec(
    String path,
    String format,
    char delimiter,
    String idField,
    List<String> textFields,
    int input,
    String keepField)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The format name of Parquet input, read by Spark's own Parquet reader. */
  public static final String PARQUET = "parquet";

  public InputSpec {
    Objects.requireNonNull(path, "path");
    format = format.toLowerCase(Locale.ROOT);
    textFields =
        textFields == null || textFields.isEmpty()
            ? List.of(InputOptions.DEFAULT_TEXT_FIELD)
            : List.copyOf(textFields);
    if (input < 0) {
      throw new IllegalArgumentException("an input's position is at least 0, got " + input);
    }
  }

  /** The only input, or the first, read without a keep field. */
  public InputSpec(
      String path, String format, char delimiter, String idField, List<String> textFields) {
    this(path, format, delimiter, idField, textFields, 0, null);
  }

  /** Whether Spark's Parquet reader reads this input (else neardup-io's reader of the format). */
  public boolean isParquet() {
    return format.equals(PARQUET);
  }

  /** Whether records may hold line breaks, so a file is read whole by one task (CSV). */
  public boolean isSplittable() {
    return !format.equals("csv") && !isParquet();
  }

  /** The id column of Parquet input. */
  public String parquetIdField() {
    return idField != null ? idField : InputOptions.DEFAULT_JSON_ID_FIELD;
  }

  /**
   * The neardup-io options of a file input.
   *
   * @throws IllegalArgumentException when it has a keep field and its format has no fields
   */
  public InputOptions inputOptions() {
    return new InputOptions(InputFormat.parse(format), delimiter, idField, textFields)
        .withKeepField(keepField);
  }

  /** The same input with {@code otherFormat} (auto-detection settled). */
  public InputSpec withFormat(String otherFormat) {
    return new InputSpec(path, otherFormat, delimiter, idField, textFields, input, keepField);
  }

  /** The same input, each record's number read from {@code field} (null: none). */
  public InputSpec withKeepField(String field) {
    return new InputSpec(path, format, delimiter, idField, textFields, input, field);
  }
}
