package org.neardup.io;

import java.util.List;
import java.util.Objects;

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
 */
public record InputOptions(
    InputFormat format,
    char delimiter,
    String idField,
    List<String> textFields,
    HtmlMode html,
    List<String> htmlFields) {
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
    return new InputOptions(format, delimiter, idField, textFields, html, htmlFields);
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
