package org.neardup.io;

import java.util.List;
import java.util.Objects;

/**
 * How to read input files.
 *
 * @param format the input format
 * @param delimiter the CSV field delimiter (ignored by other formats)
 * @param idField CSV column / JSON field holding the id; null means: CSV ids are the 1-based
 *     record numbers, JSONL reads field {@code "id"}
 * @param textFields CSV columns / JSON fields whose values, joined by one space, make the text;
 *     empty means {@code ["text"]}
 */
public record InputOptions(InputFormat format, char delimiter, String idField, List<String> textFields) {
  /** The JSONL id field used when none is given. */
  public static final String DEFAULT_JSON_ID_FIELD = "id";
  /** The text field used when none is given. */
  public static final String DEFAULT_TEXT_FIELD = "text";

  public InputOptions {
    Objects.requireNonNull(format, "format");
    textFields = textFields == null || textFields.isEmpty() ? List.of(DEFAULT_TEXT_FIELD) : List.copyOf(textFields);
  }

  /** Options for {@code format} with its defaults (comma delimiter, default fields). */
  public static InputOptions of(InputFormat format) {
    return new InputOptions(format, ',', null, List.of());
  }
}
