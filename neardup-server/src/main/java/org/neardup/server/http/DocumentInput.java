package org.neardup.server.http;

import com.fasterxml.jackson.core.JsonToken;
import java.util.Optional;
import org.neardup.input.DocumentId;
import org.neardup.input.DocumentText;

/**
 * A document as a request gives it, validated by the rules every face applies: an id that follows
 * {@link DocumentId}'s (1 to {@value DocumentId#MAX_UTF8_BYTES} UTF-8 bytes, well-formed, no
 * control characters) and a text that follows {@link DocumentText}'s. The error messages name the
 * field.
 *
 * @param id the document's id
 * @param text its raw text
 */
record DocumentInput(String id, String text) {
  /**
   * The document of {@code {"id": "...", "text": "..."}}.
   *
   * @throws ApiException 400 naming what is wrong
   */
  static DocumentInput of(DocumentFields fields) {
    if (!fields.object()) {
      throw ApiException.badRequest("expected a JSON object {\"id\": \"...\", \"text\": \"...\"}");
    }
    String id = string("id", fields.id(), fields.idString());
    return new DocumentInput(checkId(id), text(fields));
  }

  /**
   * The field {@code text} of {@code fields} (an object), following {@link DocumentText}'s rule.
   *
   * @throws ApiException 400 naming what is wrong
   */
  static String text(DocumentFields fields) {
    String value = string("text", fields.text(), fields.textString());
    Optional<String> problem = DocumentText.problem(value);
    if (problem.isPresent()) {
      throw ApiException.badRequest("the text " + problem.get());
    }
    return value;
  }

  /** The string of field {@code name}, whose value was {@code token}. */
  private static String string(String name, JsonToken token, String value) {
    if (token == null || token == JsonToken.VALUE_NULL) {
      throw ApiException.badRequest("missing field '" + name + "'");
    }
    if (token != JsonToken.VALUE_STRING) {
      throw ApiException.badRequest("field '" + name + "' must be a string");
    }
    return value;
  }

  /**
   * {@code id} if it follows {@link DocumentId}'s rule.
   *
   * @throws ApiException 400 saying what is wrong
   */
  static String checkId(String id) {
    Optional<String> problem = DocumentId.problem(id);
    if (problem.isPresent()) {
      throw ApiException.badRequest("the id " + problem.get());
    }
    return id;
  }
}
