package org.neardup.io;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.neardup.input.Document;
import org.neardup.input.InputProblem;

/**
 * One JSON object read as a document, by the rules JSON Lines and JSON arrays share. The id is the
 * top-level field {@link InputOptions#idField()} (default {@code "id"}), a string or a number (its
 * JSON text, e.g. {@code 42} or {@code 1.5e3}); without {@link InputOptions#idField()}, an object
 * that has no {@code "id"} field at all gets its 1-based record number, as a CSV record does. The
 * text is the top-level fields {@link InputOptions#textFields()} (strings; numbers and booleans as
 * their JSON text), each taken as HTML when {@link InputOptions#htmlOf} says so, joined by one
 * space. With {@link InputOptions#keepField()}, the top-level field of that name holds the number
 * the record is kept by (a JSON number, or a string holding one: {@link KeepValues}). Other fields
 * are skipped.
 *
 * <p>Problems: an id or text that is an object or array, or a name given twice, is {@link
 * InputProblem#MALFORMED_RECORD}; a missing, null or empty id is {@link InputProblem#MISSING_ID}; a
 * missing or null text field is {@link InputProblem#MISSING_TEXT}; a keep field missing, null or
 * not a finite number {@link InputProblem#NO_KEEP_VALUE}. The first problem found is the one
 * reported.
 *
 * <p>Holds one object's fields at a time, reused object after object. Not thread-safe.
 */
final class JsonRecord {
  /** How a reader passes over a value the record does not take. */
  @FunctionalInterface
  interface ValueSkipper {
    /**
     * Reads past the value whose first token {@code p} has just returned, {@code first}.
     *
     * @return null, or a description of a name given twice inside it
     */
    String skip(JsonParser p, JsonToken first) throws IOException;
  }

  private final String idField;

  /**
   * Whether an object without the default id field gets its record number (1-based), as CSV records
   * do.
   */
  private final boolean numbersRecords;

  private final List<String> textFields;
  private final String[] texts;
  private final boolean[] seen;

  /** How each text field is taken: {@link HtmlMode#OFF} as it is, else as HTML. */
  private final HtmlMode[] html;

  private final String keepField; // null when the run keeps by no field
  private final Set<String> names = new LinkedHashSet<>();
  private String keepText;
  private boolean keepSeen;
  private String id;
  private boolean idSeen;
  private InputProblem problem;
  private String specifics;

  JsonRecord(InputOptions options) {
    this.idField =
        options.idField() != null ? options.idField() : InputOptions.DEFAULT_JSON_ID_FIELD;
    this.numbersRecords = options.idField() == null;
    this.textFields = options.textFields();
    this.texts = new String[textFields.size()];
    this.seen = new boolean[textFields.size()];
    this.html = textFields.stream().map(options::htmlOf).toArray(HtmlMode[]::new);
    this.keepField = options.keepField();
  }

  /**
   * Reads the fields of the object whose {@code START_OBJECT} {@code p} has just returned, up to
   * its {@code END_OBJECT}, or up to the first problem: then {@link #problem()} and {@link
   * #specifics()} say which, and {@code p} is left on the first token of the value where it was
   * found.
   *
   * @param skipper passes over the values of the fields not taken
   * @return whether the fields were read without a problem
   * @throws IOException as {@code p} or {@code skipper} throws it
   */
  boolean readFields(JsonParser p, ValueSkipper skipper) throws IOException {
    Arrays.fill(texts, null);
    Arrays.fill(seen, false);
    names.clear();
    id = null;
    idSeen = false;
    keepText = null;
    keepSeen = false;
    problem = null;
    specifics = null;
    for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
      String name = p.currentName();
      JsonToken value = p.nextToken();
      if (!names.add(name)) {
        return malformed("field '" + name + "' twice in one object");
      }
      boolean used = false;
      if (name.equals(idField)) {
        used = true;
        idSeen = true;
        if (value == JsonToken.VALUE_STRING || value.isNumeric()) {
          id = p.getText();
        } else if (value != JsonToken.VALUE_NULL) {
          return malformed("id field '" + idField + "' is not a string or number");
        }
      }
      if (name.equals(keepField)) {
        used = true;
        keepSeen = true;
        keepText =
            value == JsonToken.VALUE_NULL
                ? null
                : value == JsonToken.START_OBJECT
                    ? "{...}"
                    : value == JsonToken.START_ARRAY ? "[...]" : p.getText();
        if (value.isStructStart()) {
          String duplicate = skipper.skip(p, value); // not a number: document() says so
          if (duplicate != null) {
            return malformed(duplicate);
          }
        }
      }
      for (int i = 0; i < texts.length; i++) {
        if (name.equals(textFields.get(i))) {
          used = true;
          seen[i] = true;
          texts[i] = scalar(p, value);
          if (texts[i] == null && value != JsonToken.VALUE_NULL) {
            return malformed("text field '" + name + "' is not a string");
          }
        }
      }
      if (!used) {
        String duplicate = skipper.skip(p, value);
        if (duplicate != null) {
          return malformed(duplicate);
        }
      }
    }
    return true;
  }

  /**
   * The document of the fields {@link #readFields read} without a problem, or null when its id or
   * text is missing: then {@link #problem()} and {@link #specifics()} say which.
   */
  Document document(String source, long line, long recordIndex) {
    if (!idSeen && numbersRecords) {
      id = Long.toString(recordIndex + 1);
    }
    if (id == null || id.isEmpty()) {
      return reject(
          InputProblem.MISSING_ID,
          idSeen
              ? "id field '" + idField + "' is null or empty"
              : InputErrors.noField(idField, names, "--id-field"));
    }
    for (int i = 0; i < texts.length; i++) {
      if (texts[i] == null) {
        String field = textFields.get(i);
        return reject(
            InputProblem.MISSING_TEXT,
            seen[i]
                ? "field '" + field + "' is null"
                : InputErrors.noField(field, names, "--text-field"));
      }
    }
    double keepValue = Double.NaN;
    if (keepField != null) {
      keepValue = KeepValues.parse(keepText);
      if (Double.isNaN(keepValue)) {
        return reject(
            InputProblem.NO_KEEP_VALUE,
            keepSeen
                ? KeepValues.notANumber(keepField, keepText)
                : InputErrors.noField(keepField, names, "--keep field:NAME"));
      }
    }
    for (int i = 0; i < texts.length; i++) {
      if (html[i] != HtmlMode.OFF) {
        texts[i] = HtmlText.extract(texts[i], html[i]);
      }
    }
    String text = texts.length == 1 ? texts[0] : String.join(" ", texts);
    return new Document(id, text, source, line, recordIndex, keepValue);
  }

  /** The problem of the last object read, or null. */
  InputProblem problem() {
    return problem;
  }

  /** What was wrong with the last object read, for the problem's message, or null. */
  String specifics() {
    return specifics;
  }

  private boolean malformed(String what) {
    reject(InputProblem.MALFORMED_RECORD, what);
    return false;
  }

  private Document reject(InputProblem problem, String specifics) {
    this.problem = problem;
    this.specifics = specifics;
    return null;
  }

  /** The text of a scalar value (string, number, boolean), or null for null, objects and arrays. */
  private static String scalar(JsonParser p, JsonToken value) throws IOException {
    return switch (value) {
      case VALUE_STRING, VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT, VALUE_TRUE, VALUE_FALSE ->
          p.getText();
      default -> null;
    };
  }
}
