package org.neardup.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.IOException;
import java.nio.CharBuffer;
import java.util.Arrays;
import java.util.List;
import org.neardup.input.Document;
import org.neardup.input.InputProblem;
import org.neardup.input.InputProblems;

/**
 * Reads {@link InputFormat#JSONL}: one JSON object a line, parsed with jackson-core's streaming
 * parser. The id is the top-level field {@link InputOptions#idField()} (default {@code "id"}), a
 * string or a number (its JSON text, e.g. {@code 42} or {@code 1.5e3}); the text is the top-level
 * fields {@link InputOptions#textFields()} (strings; numbers and booleans as their JSON text)
 * (without {@link InputOptions#idField()}, a record that has no {@code "id"} field at all gets its
 * 1-based record number, as a CSV record does)
 * joined by one space. Other fields are skipped. A missing, null or empty id is {@link
 * InputProblem#MISSING_ID}; a missing or null text field is {@link InputProblem#MISSING_TEXT}; a
 * line that is not one JSON object, or an id or text that is an object or array, is {@link
 * InputProblem#MALFORMED_RECORD}, and so is an object with a field name twice, at any depth (which
 * one would count is anybody's guess), and content after the object. The id and text rules of
 * {@link org.neardup.input.DocumentId} and {@link org.neardup.input.DocumentText} are applied by
 * the base class. Not thread-safe.
 */
final class JsonlDocumentReader extends LineDocumentReader {
  /**
   * Strict: a name twice in one object is an error (at any depth). The lines are decoded from UTF-8
   * strictly before they are parsed. Thread-safe once configured; shared by all readers.
   */
  private static final JsonFactory JSON =
      JsonFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

  private final String idField;
  /** Whether a record without the default id field gets its record number (1-based), as CSV records do. */
  private final boolean numbersRecords;
  private final List<String> textFields;
  private final String[] texts;
  private final boolean[] seen;
  private final List<String> names = new java.util.ArrayList<>();
  /** How each text field is taken: {@link HtmlMode#OFF} as it is, else as HTML. */
  private final HtmlMode[] html;

  JsonlDocumentReader(String source, Decompression.Opened input, InputProblems problems, InputOptions options) {
    super(source, input, problems);
    this.idField = options.idField() != null ? options.idField() : InputOptions.DEFAULT_JSON_ID_FIELD;
    this.numbersRecords = options.idField() == null;
    this.textFields = options.textFields();
    this.texts = new String[textFields.size()];
    this.seen = new boolean[textFields.size()];
    this.html = textFields.stream().map(options::htmlOf).toArray(HtmlMode[]::new);
  }

  @Override
  protected Document parse(CharBuffer chars, long line, long recordIndex) {
    Arrays.fill(texts, null);
    Arrays.fill(seen, false);
    names.clear();
    String id = null;
    boolean idSeen = false;
    try (JsonParser p =
        JSON.createParser(chars.array(), chars.arrayOffset() + chars.position(), chars.remaining())) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        report(line, InputProblem.MALFORMED_RECORD, "not a JSON object");
        return null;
      }
      for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
        String name = p.currentName();
        names.add(name);
        JsonToken value = p.nextToken();
        boolean used = false;
        if (name.equals(idField)) {
          used = true;
          idSeen = true;
          if (value == JsonToken.VALUE_STRING || value.isNumeric()) {
            id = p.getText();
          } else if (value == JsonToken.VALUE_NULL) {
            id = null;
          } else {
            report(line, InputProblem.MALFORMED_RECORD, "id field '" + idField + "' is not a string or number");
            return null;
          }
        }
        for (int i = 0; i < texts.length; i++) {
          if (name.equals(textFields.get(i))) {
            used = true;
            seen[i] = true;
            texts[i] = scalar(p, value);
            if (texts[i] == null && value != JsonToken.VALUE_NULL) {
              report(line, InputProblem.MALFORMED_RECORD, "text field '" + name + "' is not a string");
              return null;
            }
          }
        }
        if (!used) {
          p.skipChildren();
        }
      }
      if (p.nextToken() != null) {
        report(line, InputProblem.MALFORMED_RECORD, "content after the JSON object");
        return null;
      }
    } catch (JsonProcessingException e) {
      report(line, InputProblem.MALFORMED_RECORD, "invalid JSON: " + InputErrors.oneLine(e.getOriginalMessage()));
      return null;
    } catch (IOException e) {
      // Parsing a char array does no I/O; anything else is a parse error too.
      report(line, InputProblem.MALFORMED_RECORD, "invalid JSON: " + InputErrors.message(e));
      return null;
    }
    if (!idSeen && numbersRecords) {
      id = Long.toString(recordIndex + 1);
    }
    if (id == null || id.isEmpty()) {
      report(line, InputProblem.MISSING_ID, idSeen ? "id field '" + idField + "' is null or empty"
          : InputErrors.noField(idField, names, "--id-field"));
      return null;
    }
    for (int i = 0; i < texts.length; i++) {
      if (texts[i] == null) {
        String field = textFields.get(i);
        report(line, InputProblem.MISSING_TEXT, seen[i] ? "field '" + field + "' is null"
            : InputErrors.noField(field, names, "--text-field"));
        return null;
      }
    }
    for (int i = 0; i < texts.length; i++) {
      if (html[i] != HtmlMode.OFF) {
        texts[i] = HtmlText.extract(texts[i], html[i]);
      }
    }
    String text = texts.length == 1 ? texts[0] : String.join(" ", texts);
    return new Document(id, text, source, line, recordIndex);
  }

  /** The text of a scalar value (string, number, boolean), or null for null, objects and arrays. */
  private static String scalar(JsonParser p, JsonToken value) throws IOException {
    switch (value) {
      case VALUE_STRING, VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT, VALUE_TRUE, VALUE_FALSE -> {
        return p.getText();
      }
      case START_OBJECT, START_ARRAY -> {
        p.skipChildren();
        return null;
      }
      default -> {
        return null;
      }
    }
  }
}
