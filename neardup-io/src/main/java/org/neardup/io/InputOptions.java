package org.neardup.io;

import java.util.List;
import java.util.Objects;
import org.neardup.input.Document;

/**
 * How to read input files.
 *
 * @param format the input format
 * @param delimiter the CSV field delimiter (ignored by other formats)
 * @param idField CSV column / JSON field holding the id; null means: CSV ids are the 1-based record
 *     numbers, JSONL reads field {@code "id"}
 * @param textFields CSV columns / JSON fields whose values, joined by one space, make the text;
 *     empty means {@code ["text"]}
 * @param html which texts are HTML, and what of them is compared ({@link HtmlMode#AUTO}: the {@code
 *     .html} and {@code .htm} files of a directory input)
 * @param htmlFields with {@link HtmlMode#VISIBLE} or {@link HtmlMode#MAIN}, the CSV columns / JSON
 *     fields that hold HTML (each extracted before the text fields are joined); empty means the
 *     whole text is HTML
 * @param keepField the CSV column / JSON field / Parquet column whose number each record must have,
 *     for keeping by it ({@code --keep field:NAME}: {@link Document#keepValue()}); null for none
 */
public record InputOptions(
    InputFormat format,
    char delimiter,
    String idField,
    List<String> textFields,
    HtmlMode html,
    List<String> htmlFields,
    String keepField) {
  /** The JSONL id field used when none is given. */
  public static final String DEFAULT_JSON_ID_FIELD = "id";

  /** The text field used when none is given. */
  public static final String DEFAULT_TEXT_FIELD = "text";

  public InputOptions {
    Objects.requireNonNull(format, "format");
    textFields =
        textFields == null || textFields.isEmpty()
            ? List.of(DEFAULT_TEXT_FIELD)
            : List.copyOf(textFields);
    html = html == null ? HtmlMode.AUTO : html;
    htmlFields = htmlFields == null ? List.of() : List.copyOf(htmlFields);
    if (keepField != null && keepField.isEmpty()) {
      throw new IllegalArgumentException("the keep field's name is empty");
    }
  }

  /** Options that keep by no field. */
  public InputOptions(
      InputFormat format,
      char delimiter,
      String idField,
      List<String> textFields,
      HtmlMode html,
      List<String> htmlFields) {
    this(format, delimiter, idField, textFields, html, htmlFields, null);
  }

  /** Options that take HTML as {@link HtmlMode#AUTO} does. */
  public InputOptions(InputFormat format, char delimiter, String idField, List<String> textFields) {
    this(format, delimiter, idField, textFields, HtmlMode.AUTO, List.of());
  }

  /**
   * These options with texts taken as {@code html} says, in {@code htmlFields} (empty: whole
   * texts).
   */
  public InputOptions withHtml(HtmlMode html, List<String> htmlFields) {
    return new InputOptions(format, delimiter, idField, textFields, html, htmlFields, keepField);
  }

  /**
   * These options with every record's number read from {@code keepField} (null: none).
   *
   * @throws IllegalArgumentException when the format has no fields (TSV, lines, a directory)
   */
  public InputOptions withKeepField(String keepField) {
    if (keepField != null && !format.usesFields()) {
      throw new IllegalArgumentException(
          "a "
              + format.name()
              + " input has no fields to keep by: --keep field:NAME reads a CSV column, a JSON"
              + " field or a Parquet column");
    }
    return new InputOptions(format, delimiter, idField, textFields, html, htmlFields, keepField);
  }

  /**
   * Whether the text field {@code field} holds HTML to extract, and how ({@link HtmlMode#OFF}:
   * not).
   */
  public HtmlMode htmlOf(String field) {
    return (html == HtmlMode.VISIBLE || html == HtmlMode.MAIN) && htmlFields.contains(field)
        ? html
        : HtmlMode.OFF;
  }

  /** Options for {@code format} with its defaults (comma delimiter, default fields). */
  public static InputOptions of(InputFormat format) {
    return new InputOptions(format, ',', null, List.of());
  }
}
