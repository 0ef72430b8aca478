package org.neardup.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import org.neardup.server.ServerConfig;

/**
 * A document as a request gives it, validated: an id of 1 to {@value ServerConfig#MAX_ID_BYTES}
 * UTF-8 bytes without control characters (so it can be logged, put in a path and written to TSV),
 * and a text. The error messages name the field.
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

  /** The string field {@code text} of {@code node} (an object). */
  static String text(JsonNode node) {
    JsonNode text = node.get("text");
    if (text == null || text.isNull()) {
      throw ApiException.badRequest("missing field 'text'");
    }
    if (!text.isTextual()) {
      throw ApiException.badRequest("field 'text' must be a string");
    }
    return text.asText();
  }

  /** {@code id} if it is a valid document id. */
  static String checkId(String id) {
    if (id.isEmpty()) {
      throw ApiException.badRequest("the id is empty");
    }
    if (id.getBytes(StandardCharsets.UTF_8).length > ServerConfig.MAX_ID_BYTES) {
      throw ApiException.badRequest("the id is longer than " + ServerConfig.MAX_ID_BYTES + " bytes");
    }
    for (int i = 0; i < id.length(); i++) {
      char c = id.charAt(i);
      if (Character.isISOControl(c) || Character.getType(c) == Character.LINE_SEPARATOR
          || Character.getType(c) == Character.PARAGRAPH_SEPARATOR) {
        throw ApiException.badRequest("the id holds a control character (U+" + String.format("%04X", (int) c) + ")");
      }
      if (Character.isSurrogate(c) && !(Character.isHighSurrogate(c) && i + 1 < id.length()
          && Character.isLowSurrogate(id.charAt(i + 1)))) {
        if (!(Character.isLowSurrogate(c) && i > 0 && Character.isHighSurrogate(id.charAt(i - 1)))) {
          throw ApiException.badRequest("the id holds an unpaired surrogate");
        }
      }
    }
    return id;
  }
}
