package org.neardup.streams.topology;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.neardup.input.DocumentId;
import org.neardup.input.DocumentText;

/**
 * The record rule of every face, for a Kafka record: the key is the document id (strict UTF-8, the
 * rule of {@link DocumentId}); the value is the text (strict UTF-8, the rule of {@link
 * DocumentText}), or with text fields a JSON object whose fields hold it (strings, numbers or
 * booleans, joined by a space; a name twice is malformed); a null value is a tombstone.
 * Thread-safe.
 */
final class RecordRule {
  private static final JsonFactory JSON =
      JsonFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

  private final List<String> textFields;

  RecordRule(List<String> textFields) {
    this.textFields = List.copyOf(textFields);
  }

  /**
   * A record read by the rule: its id and text (null for a tombstone), or what is wrong with it.
   */
  record Read(String id, String text, String problem) {
    boolean valid() {
      return problem == null;
    }
  }

  Read read(byte[] key, byte[] value) {
    if (key == null) {
      return new Read(null, null, "no key: records are keyed by document id");
    }
    String id = strictUtf8(key);
    if (id == null) {
      return new Read(null, null, "the key (document id) is not UTF-8");
    }
    Optional<String> idProblem = DocumentId.problem(id);
    if (idProblem.isPresent()) {
      return new Read(id, null, "the id " + idProblem.get());
    }
    if (value == null) {
      return new Read(id, null, null);
    }
    String raw = strictUtf8(value);
    if (raw == null) {
      return new Read(id, null, "the value is not UTF-8");
    }
    String text;
    if (textFields.isEmpty()) {
      text = raw;
    } else {
      String[] found = new String[1];
      String problem = textOfJson(raw, found);
      if (problem != null) {
        return new Read(id, null, problem);
      }
      text = found[0];
    }
    Optional<String> textProblem = DocumentText.problem(text);
    if (textProblem.isPresent()) {
      return new Read(id, null, "the text " + textProblem.get());
    }
    return new Read(id, text, null);
  }

  /** Puts the text of the JSON object {@code json} in {@code text[0]}, or says what is wrong. */
  private String textOfJson(String json, String[] text) {
    String[] texts = new String[textFields.size()];
    try (JsonParser p = JSON.createParser(json)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        return "not a JSON object (--text-field reads the text from a JSON object's fields)";
      }
      for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
        String name = p.currentName();
        JsonToken value = p.nextToken();
        int field = textFields.indexOf(name);
        if (field < 0) {
          p.skipChildren();
          continue;
        }
        switch (value) {
          case VALUE_STRING, VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT, VALUE_TRUE, VALUE_FALSE ->
              texts[field] = p.getText();
          case VALUE_NULL -> {
            return "field '" + name + "' is null";
          }
          default -> {
            return "text field '" + name + "' is not a string";
          }
        }
      }
      if (p.nextToken() != null) {
        return "content after the JSON object";
      }
    } catch (JsonProcessingException e) {
      return "invalid JSON: " + e.getOriginalMessage().replaceAll("\\s+", " ");
    } catch (IOException e) {
      return "invalid JSON: " + e.getMessage();
    }
    for (int i = 0; i < texts.length; i++) {
      if (texts[i] == null) {
        return "no field '" + textFields.get(i) + "' (--text-field names the field to read)";
      }
    }
    text[0] = texts.length == 1 ? texts[0] : String.join(" ", texts);
    return null;
  }

  private static String strictUtf8(byte[] bytes) {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }
}
