package org.neardup.spark.corpus;

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
import org.neardup.spark.input.InputIssue;
import org.neardup.spark.input.InputSpec;
import org.neardup.spark.input.Ordinals;
import org.neardup.spark.input.ReadItem;
import org.neardup.spark.input.SourceRecord;
import org.neardup.spark.input.SplitPlanner.InputFile;

/**
 * Parquet input, read by Spark's Parquet reader one file at a time (so that rows keep the order of
 * files and of rows within a file): the id column ({@code --id-field}, default {@code id}, any
 * type, as its string form) and the text columns ({@code --text-field}, joined by one space). A
 * null id or text is a bad record (record without id / text), and so is an id or text that breaks
 * the rules of {@link DocumentId} and {@link DocumentText} (invalid id / text), as in every other
 * input. Stateless.
 */
public final class ParquetInputs {
  private ParquetInputs() {}

  /**
   * The rows of Parquet files, one RDD partition per Spark split, in input order.
   *
   * @param partitionSources the file each partition reads, by partition index
   */
  public record Rows(JavaRDD<Row> rows, List<String> partitionSources) {}

  /** The rows of {@code files} (all Parquet). */
  public static Rows rows(SparkSession spark, List<InputFile> files) {
    List<JavaRDD<Row>> parts = new ArrayList<>();
    List<String> sources = new ArrayList<>();
    for (InputFile file : files) {
      Dataset<Row> frame = spark.read().parquet(file.file());
      List<String> columns = Arrays.asList(frame.columns());
      InputSpec spec = file.spec();
      List<String> wanted = new ArrayList<>(spec.textFields());
      wanted.add(0, spec.parquetIdField());
      for (String column : wanted) {
        if (!columns.contains(column)) {
          throw new InputException(
              file.source(),
              0,
              null,
              "unknown column '" + column + "' (columns: " + String.join(", ", columns) + ")");
        }
      }
      JavaRDD<Row> part = frame.javaRDD();
      parts.add(part);
      for (int i = 0; i < part.getNumPartitions(); i++) {
        sources.add(file.source());
      }
    }
    JavaSparkContext context = JavaSparkContext.fromSparkContext(spark.sparkContext());
    @SuppressWarnings("unchecked")
    JavaRDD<Row> all =
        parts.size() == 1 ? parts.get(0) : context.union(parts.toArray(JavaRDD[]::new));
    return new Rows(all, sources);
  }

  /** The records of {@link #rows}: ordinal = (partition, row within partition). */
  public static JavaRDD<ReadItem> read(Rows parquet, List<InputFile> files) {
    JavaRDD<Row> rows = parquet.rows();
    InputSpec spec = files.get(0).spec();
    String idField = spec.parquetIdField();
    List<String> textFields = spec.textFields();
    return rows.mapPartitionsWithIndex(
        (partition, iterator) -> records(partition, iterator, idField, textFields), true);
  }

  private static Iterator<ReadItem> records(
      int partition, Iterator<Row> rows, String idField, List<String> textFields) {
    return new Iterator<>() {
      long index;

      @Override
      public boolean hasNext() {
        return rows.hasNext();
      }

      @Override
      public ReadItem next() {
        Row row = rows.next();
        long recordIndex = index++;
        Object id = row.get(row.fieldIndex(idField));
        if (id == null || id.toString().isEmpty()) {
          return ReadItem.of(
              new InputIssue(
                  partition,
                  0,
                  recordIndex,
                  InputProblem.MISSING_ID.name(),
                  InputProblem.MISSING_ID.description()
                      + " (column '"
                      + idField
                      + "' is null or empty)"));
        }
        String idText = id.toString();
        Optional<String> badId = DocumentId.recordDetail(idText);
        if (badId.isPresent()) { // before any message quotes the id
          return ReadItem.of(
              new InputIssue(
                  partition, 0, recordIndex, InputProblem.INVALID_ID.name(), badId.get()));
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < textFields.size(); i++) {
          Object value = row.get(row.fieldIndex(textFields.get(i)));
          if (value == null) {
            return ReadItem.of(
                new InputIssue(
                    partition,
                    0,
                    recordIndex,
                    InputProblem.MISSING_TEXT.name(),
                    InputProblem.MISSING_TEXT.description()
                        + " (column '"
                        + textFields.get(i)
                        + "' is null, id '"
                        + id
                        + "')"));
          }
          if (i > 0) {
            text.append(' ');
          }
          text.append(value);
        }
        String joined = text.toString();
        Optional<String> badText = DocumentText.recordDetail(joined);
        if (badText.isPresent()) {
          return ReadItem.of(
              new InputIssue(
                  partition, 0, recordIndex, InputProblem.INVALID_TEXT.name(), badText.get()));
        }
        return ReadItem.of(
            new SourceRecord(Ordinals.of(partition, recordIndex), idText, joined, 0));
      }
    };
  }
}
