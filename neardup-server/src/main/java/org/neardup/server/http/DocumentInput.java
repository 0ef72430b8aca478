package org.neardup.server.http;

import com.fasterxml.jackson.databind.JsonNode;
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
   * Reads {@code {"id": "...", "text": "..."}}.
   *
   * @throws ApiException 400 naming what is wrong
   */
  static DocumentInput of(JsonNode node) {
    if (node == null || !node.isObject()) {
      throw ApiException.badRequest("expected a JSON object {\"id\": \"...\", \"text\": \"...\"}");
    }
    JsonNode id = node.get("id");
    if (id == null || id.isNull()) {
      throw ApiException.badRequest("missing field 'id'");
    }
    if (!id.isTextual()) {
      throw ApiException.badRequest("field 'id' must be a string");
    }
    return new DocumentInput(checkId(id.asText()), text(node));
  }

  /**
   * The string field {@code text} of {@code node} (an object), following {@link DocumentText}'s
   * rule.
   */
  static String text(JsonNode node) {
    JsonNode text = node.get("text");
    if (text == null || text.isNull()) {
      throw ApiException.badRequest("missing field 'text'");
    }
    if (!text.isTextual()) {
      throw ApiException.badRequest("field 'text' must be a string");
    }
    String value = text.asText();
    Optional<String> problem = DocumentText.problem(value);
    if (problem.isPresent()) {
      throw ApiException.badRequest("the text " + problem.get());
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
