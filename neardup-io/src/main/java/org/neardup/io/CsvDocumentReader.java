package org.neardup.io;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVRecord;
import org.neardup.input.Document;
import org.neardup.input.InputException;
import org.neardup.input.InputProblem;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;

/**
 * Reads {@link InputFormat#CSV}: a header row, then one record per row, parsed by {@link CsvRows}
 * (RFC 4180 quotes, lenient about text after a closing quote; see there). Columns are chosen by
 * their exact header name. The id is column {@link InputOptions#idField()} or, when that is null,
 * column {@code id} when the header has one (as for JSON records), else the 1-based data record
 * number ({@code "1"} for the first row after the header); the text is the columns {@link
 * InputOptions#textFields()} joined by one space. Empty and blank rows (every field empty or only
 * spaces and tabs) are not records.
 *
 * <p>A record with fewer or more fields than the header is {@link InputProblem#MALFORMED_RECORD}
 * (more fields usually mean a delimiter inside an unquoted field, which would cut the text), an
 * empty id is {@link InputProblem#MISSING_ID}, an id or text that breaks the rules of {@link
 * org.neardup.input.DocumentId} and {@link org.neardup.input.DocumentText} {@link
 * InputProblem#INVALID_ID} or {@link InputProblem#INVALID_TEXT}, a {@linkplain
 * InputOptions#keepField() keep column} that holds no finite number {@link
 * InputProblem#NO_KEEP_VALUE}. A requested column that appears twice in the header is ambiguous:
 * the reader fails to open. Invalid UTF-8 and unparseable quoting always stop the read (problem
 * null), even under {@link OnError#SKIP}: once the parser has met them it cannot reliably find
 * where the next record starts. An input without any row yields no documents. Not thread-safe.
 */
final class CsvDocumentReader implements DocumentReader {
  private final String source;
  private final CsvRows rows;
  private final InputProblems problems;
  private final int columnCount;
  private final String idField;
  private final int idColumn;
  private final List<String> textFields;

  /** How each text column is taken: {@link HtmlMode#OFF} as it is, else as HTML. */
  private final HtmlMode[] html;

  private final int[] textColumns;
  private final String keepField; // null when the run keeps by no field
  private final int keepColumn;
  private boolean closed;

  /**
   * Reads the header and resolves the columns.
   *
   * @throws InputException (problem null) when a requested column is not in the header
   */
  CsvDocumentReader(
      String source, Decompression.Opened input, InputProblems problems, InputOptions options) {
    this.source = source;
    this.problems = problems;
    this.rows = new CsvRows(source, input, options.delimiter(), true);
    List<String> header = rows.header();
    this.idField =
        options.idField() != null ? options.idField() : InputOptions.DEFAULT_JSON_ID_FIELD;
    this.textFields = options.textFields();
    this.textColumns = new int[textFields.size()];
    this.html = textFields.stream().map(options::htmlOf).toArray(HtmlMode[]::new);
    this.keepField = options.keepField();
    if (header == null) {
      columnCount = 0;
      idColumn = -1;
      keepColumn = -1;
      return;
    }
    columnCount = header.size();
    try {
      idColumn =
          options.idField() != null || header.contains(idField)
              ? column(header, idField, "--id-field")
              : -1;
      for (int i = 0; i < textColumns.length; i++) {
        textColumns[i] = column(header, textFields.get(i), "--text-field");
      }
      keepColumn = keepField == null ? -1 : column(header, keepField, "--keep field:NAME");
    } catch (InputException e) {
      rows.close();
      throw e;
    }
  }

  private int column(List<String> header, String name, String option) {
    int index = header.indexOf(name);
    if (index < 0) {
      List<String> quoted = new ArrayList<>(header.size());
      header.forEach(h -> quoted.add(InputErrors.oneLine(h)));
      throw new InputException(
          source,
          0,
          null,
          "unknown column '"
              + name
              + "' (columns: "
              + String.join(", ", quoted)
              + "): "
              + option
              + " names the column to read");
    }
    int again = header.lastIndexOf(name);
    if (again != index) {
      throw new InputException(
          source,
          0,
          null,
          "column '"
              + InputErrors.oneLine(name)
              + "' appears twice in the header (columns "
              + (index + 1)
              + " and "
              + (again + 1)
              + ")");
    }
    return index;
  }

  @Override
  public Document next() {
    if (closed) {
      throw new IllegalStateException("reader is closed");
    }
    if (rows.header() == null) {
      return null;
    }
    while (rows.next()) {
      if (rows.kind() == CsvRows.Kind.EMPTY) {
        continue;
      }
      Document document = toDocument(rows.record(), rows.line(), rows.recordIndex());
      if (document != null && problems.admit(document)) {
        return document;
      }
    }
    return null;
  }

  private Document toDocument(CSVRecord record, long line, long index) {
    if (record.size() != columnCount) {
      report(
          line,
          index,
          InputProblem.MALFORMED_RECORD,
          record.size()
              + " fields, the header has "
              + columnCount
              + (record.size() > columnCount ? ": a delimiter inside an unquoted field?" : ""));
      return null;
    }
    String id;
    if (idColumn < 0) {
      id = Long.toString(index + 1);
    } else {
      id = record.get(idColumn);
      if (id.isEmpty()) {
        report(line, index, InputProblem.MISSING_ID, "column '" + idField + "' is empty");
        return null;
      }
    }
    String text;
    if (textColumns.length == 1) {
      text = field(record.get(textColumns[0]), 0);
    } else {
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < textColumns.length; i++) {
        if (i > 0) {
          b.append(' ');
        }
        b.append(field(record.get(textColumns[i]), i));
      }
      text = b.toString();
    }
    double keepValue = Double.NaN;
    if (keepColumn >= 0) {
      String value = record.get(keepColumn);
      keepValue = KeepValues.parse(value);
      if (Double.isNaN(keepValue)) {
        report(line, index, InputProblem.NO_KEEP_VALUE, KeepValues.notANumber(keepField, value));
        return null;
      }
    }
    return new Document(id, text, source, line, index, keepValue);
  }

  /** Text column {@code i}'s value, its text extracted when it holds HTML. */
  private String field(String value, int i) {
    return html[i] == HtmlMode.OFF ? value : HtmlText.extract(value, html[i]);
  }

  private void report(long line, long index, InputProblem problem, String specifics) {
    problems.report(
        new InputException(
            source, line, index, problem, problem.description() + " (" + specifics + ")"));
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      rows.close();
    }
  }
}
