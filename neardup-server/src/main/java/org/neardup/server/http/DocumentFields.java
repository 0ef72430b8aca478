package org.neardup.server.http;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/**
 * The fields of a request's document as the parser streams them: the {@code id} and {@code text}
 * strings, or what else they were, and nothing of any other field, which is skipped as it is read.
 * So a body costs its bytes and two strings, whatever it holds: a few MB of {@code [{},{},...]}
 * beside the text would be a tree of hundreds of MB. The parser still checks every token (a name
 * twice in an object at any depth, nesting within Jackson's limit). {@link DocumentInput} applies
 * the rules to the two fields.
 *
 * @param object whether the value was a JSON object
 * @param id the {@code id} field's token (null when absent) and {@link #idString}, its string
 * @param text the {@code text} field's token (null when absent) and {@link #textString}
 */
record DocumentFields(
    boolean object, JsonToken id, String idString, JsonToken text, String textString) {
  /** A value that is not an object. */
  static final DocumentFields NOT_AN_OBJECT = new DocumentFields(false, null, null, null, null);

  /**
   * Reads the value at the parser's current token (its first), leaving the parser on its last.
   *
   * @throws com.fasterxml.jackson.core.JsonProcessingException for malformed JSON
   */
  static DocumentFields read(JsonParser parser) throws IOException {
    if (parser.currentToken() != JsonToken.START_OBJECT) {
      parser.skipChildren();
      return NOT_AN_OBJECT;
    }
    JsonToken id = null;
    String idString = null;
    JsonToken text = null;
    String textString = null;
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      JsonToken value = parser.nextToken();
      String string = value == JsonToken.VALUE_STRING ? parser.getText() : null;
      parser.skipChildren(); // an object or array: read to its end, and kept nowhere
      if (name.equals("id")) {
        id = value;
        idString = string;
      } else if (name.equals("text")) {
        text = value;
        textString = string;
      }
    }
    return new DocumentFields(true, id, idString, text, textString);
  }

  /** The id when it is a string, whether or not it follows the rules: what an error names. */
  String idIfString() {
    return idString;
  }
}
