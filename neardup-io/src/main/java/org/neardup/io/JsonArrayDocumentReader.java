package org.neardup.io;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.neardup.input.Document;
import org.neardup.input.InputException;
import org.neardup.input.InputProblem;
import org.neardup.input.InputProblems;

/**
 * Reads {@link InputFormat#JSON}: one JSON array of objects, streamed ({@link JsonArray}). Each
 * element is a record, its {@link Document#recordIndex()} its position in the array and its line
 * the one it starts on; its id and text are read by the rules of {@link JsonlDocumentReader} (the
 * id field, or the 1-based record number when no id field is named and a record has no {@code
 * "id"}; the text fields joined by one space), and so are its problems: an element that is not an
 * object, or has a name twice at any depth, is {@link InputProblem#MALFORMED_RECORD}. Invalid
 * JSON stops the read. Not thread-safe.
 */
final class JsonArrayDocumentReader implements DocumentReader {
  private final String source;
  private final JsonArray array;
  private final InputProblems problems;
  private final String idField;
  private final boolean numbersRecords;
  private final List<String> textFields;
  private final String[] texts;
  private final boolean[] seen;
  private final HtmlMode[] html;
  private long recordIndex;
  private boolean closed;

  JsonArrayDocumentReader(String source, Decompression.Opened input, InputProblems problems, InputOptions options) {
    this.source = source;
    this.array = new JsonArray(source, input);
    this.problems = problems;
    this.idField = options.idField() != null ? options.idField() : InputOptions.DEFAULT_JSON_ID_FIELD;
    this.numbersRecords = options.idField() == null;
    this.textFields = options.textFields();
    this.texts = new String[textFields.size()];
    this.seen = new boolean[textFields.size()];
    this.html = textFields.stream().map(options::htmlOf).toArray(HtmlMode[]::new);
  }

  @Override
  public Document next() {
    if (closed) {
      throw new IllegalStateException("reader is closed");
    }
    for (JsonToken token; (token = array.next()) != null; ) {
      long index = recordIndex++;
      Document document = parse(token, array.elementLine(), index);
      if (document != null && problems.admit(document)) {
        return document;
      }
    }
    return null;
  }

  /** The element starting with {@code token} as a document, or null when it was reported (and skipped). */
  private Document parse(JsonToken token, long line, long index) {
    if (token != JsonToken.START_OBJECT) {
      array.skip(token);
      return report(line, index, InputProblem.MALFORMED_RECORD, "not a JSON object");
    }
    Arrays.fill(texts, null);
    Arrays.fill(seen, false);
    String id = null;
    boolean idSeen = false;
    String malformed = null;
    Set<String> names = new LinkedHashSet<>();
    JsonParser p = array.parser();
    try {
      for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
        String name = p.currentName();
        JsonToken value = p.nextToken();
        if (!names.add(name) && malformed == null) {
          malformed = "field '" + name + "' twice in one object";
        }
        if (malformed != null || !(name.equals(idField) || textFields.contains(name))) {
          String duplicate = array.skip(value);
          malformed = malformed == null ? duplicate : malformed;
          continue;
        }
        if (name.equals(idField)) {
          idSeen = true;
          if (value == JsonToken.VALUE_STRING || value.isNumeric()) {
            id = p.getText();
          } else if (value != JsonToken.VALUE_NULL) {
            malformed = "id field '" + idField + "' is not a string or number";
          }
        }
        for (int i = 0; i < texts.length; i++) {
          if (name.equals(textFields.get(i))) {
            seen[i] = true;
            texts[i] = scalar(p, value);
            if (texts[i] == null && value != JsonToken.VALUE_NULL && malformed == null) {
              malformed = "text field '" + name + "' is not a string";
            }
          }
        }
        if (value.isStructStart()) {
          array.skip(value);
        }
      }
    } catch (JsonProcessingException e) {
      throw array.invalid(e);
    } catch (IOException e) {
      throw InputErrors.readFailure(source, line, e, false);
    }
    if (malformed != null) {
      return report(line, index, InputProblem.MALFORMED_RECORD, malformed);
    }
    if (!idSeen && numbersRecords) {
      id = Long.toString(index + 1);
    }
    if (id == null || id.isEmpty()) {
      return report(line, index, InputProblem.MISSING_ID,
          idSeen ? "id field '" + idField + "' is null or empty" : InputErrors.noField(idField, names, "--id-field"));
    }
    for (int i = 0; i < texts.length; i++) {
      if (texts[i] == null) {
        String field = textFields.get(i);
        return report(line, index, InputProblem.MISSING_TEXT, seen[i] ? "field '" + field + "' is null"
            : InputErrors.noField(field, names, "--text-field"));
      }
    }
    for (int i = 0; i < texts.length; i++) {
      if (html[i] != HtmlMode.OFF) {
        texts[i] = HtmlText.extract(texts[i], html[i]);
      }
    }
    String text = texts.length == 1 ? texts[0] : String.join(" ", texts);
    return new Document(id, text, source, line, index);
  }

  private Document report(long line, long index, InputProblem problem, String specifics) {
    problems.report(new InputException(source, line, index, problem, problem.description() + " (" + specifics + ")"));
    return null;
  }

  /** The text of a scalar value (string, number, boolean), or null for null, objects and arrays. */
  private static String scalar(JsonParser p, JsonToken value) throws IOException {
    return switch (value) {
      case VALUE_STRING, VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT, VALUE_TRUE, VALUE_FALSE -> p.getText();
      default -> null;
    };
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      array.close();
    }
  }
}
