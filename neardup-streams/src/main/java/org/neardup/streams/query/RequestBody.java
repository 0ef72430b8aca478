package org.neardup.streams.query;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.neardup.input.DocumentText;
import org.neardup.streams.wire.Message.Neighbour;

/**
 * The fields of a request body the endpoints read ({@code text}, {@code shards}, {@code
 * documents}), read with Jackson's streaming parser: every other field is checked as JSON and
 * skipped, never built into a tree, so a body padded with {@code [{},{},...]} costs no more memory
 * than its bytes. Duplicate keys are refused anywhere in the body, as a tree would refuse them.
 *
 * <p>A field of the wrong shape is not refused while reading: it is remembered and refused when the
 * endpoint asks for it, so a body that is not JSON is a 400 "invalid JSON" whatever it holds, and a
 * stream that is starting answers 503 before any field is checked.
 */
final class RequestBody {
  private static final JsonFactory FACTORY =
      JsonFactory.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .disable(JsonFactory.Feature.CANONICALIZE_FIELD_NAMES)
          .disable(JsonFactory.Feature.INTERN_FIELD_NAMES)
          .build();

  private static final String NEIGHBOUR_SHAPE =
      "expected {\"id\": string, \"seq\": number, \"similarity\": number}";

  private boolean textSeen;
  private String text;
  private String textProblem;
  private List<Integer> shards;
  private String shardsProblem = "missing field 'shards' (an array of shard numbers)";
  private List<Neighbour> documents;
  private String documentsProblem = "expected an array of {\"id\", \"seq\", \"similarity\"}";

  private RequestBody() {}

  /**
   * Reads {@code bytes}, a JSON object.
   *
   * @throws Problem 400 when it is not JSON (or holds a duplicate key) or not an object
   */
  static RequestBody read(byte[] bytes) throws IOException {
    RequestBody body = new RequestBody();
    try (JsonParser parser = FACTORY.createParser(bytes)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        throw Problem.badRequest("expected a JSON object {\"text\": \"...\"}");
      }
      JsonToken token;
      while ((token = parser.nextToken()) == JsonToken.FIELD_NAME) {
        String name = parser.currentName();
        parser.nextToken();
        switch (name) {
          case "text" -> body.readText(parser);
          case "shards" -> body.readShards(parser);
          case "documents" -> body.readDocuments(parser);
          default -> parser.skipChildren();
        }
      }
      if (token != JsonToken.END_OBJECT) {
        throw Problem.badRequest("invalid JSON: the body ends inside its object");
      }
    } catch (JsonProcessingException e) {
      throw Problem.badRequest("invalid JSON: " + e.getOriginalMessage());
    }
    return body;
  }

  /** The field {@code text}, by the rule of every face. */
  String text() {
    if (!textSeen) {
      throw Problem.badRequest("missing field 'text'");
    }
    if (textProblem != null) {
      throw Problem.badRequest(textProblem);
    }
    return text;
  }

  /** The field {@code shards}: an array of shard numbers. */
  List<Integer> shards() {
    if (shards == null) {
      throw Problem.badRequest(shardsProblem);
    }
    return shards;
  }

  /** The field {@code documents}: what {@link ClusterQuery#array} writes. */
  List<Neighbour> documents() {
    if (documents == null) {
      throw Problem.badRequest(documentsProblem);
    }
    return documents;
  }

  private void readText(JsonParser parser) throws IOException {
    JsonToken token = parser.currentToken();
    text = null;
    textProblem = null;
    if (token == JsonToken.VALUE_NULL) {
      textSeen = false;
      return;
    }
    textSeen = true;
    if (token != JsonToken.VALUE_STRING) {
      parser.skipChildren();
      textProblem = "field 'text' must be a string";
      return;
    }
    text = parser.getText();
    Optional<String> problem = DocumentText.problem(text);
    if (problem.isPresent()) {
      textProblem = "the text " + problem.get();
      text = null;
    }
  }

  private void readShards(JsonParser parser) throws IOException {
    shards = null;
    shardsProblem = "missing field 'shards' (an array of shard numbers)";
    if (parser.currentToken() != JsonToken.START_ARRAY) {
      parser.skipChildren();
      return;
    }
    List<Integer> numbers = new ArrayList<>();
    String problem = null;
    JsonToken token;
    while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
      if (problem == null) {
        Long number = whole(parser, Integer.MIN_VALUE, Integer.MAX_VALUE);
        if (number == null) {
          problem = "'shards' holds " + shown(parser, token) + ", not a shard number";
        } else {
          numbers.add(number.intValue());
        }
      }
      parser.skipChildren();
    }
    if (problem == null) {
      shards = numbers;
    } else {
      shardsProblem = problem;
    }
  }

  private void readDocuments(JsonParser parser) throws IOException {
    documents = null;
    documentsProblem = "expected an array of {\"id\", \"seq\", \"similarity\"}";
    if (parser.currentToken() != JsonToken.START_ARRAY) {
      parser.skipChildren();
      return;
    }
    List<Neighbour> found = new ArrayList<>();
    boolean wrong = false;
    while (parser.nextToken() != JsonToken.END_ARRAY) {
      Neighbour neighbour = wrong ? null : neighbour(parser);
      if (neighbour == null) {
        wrong = true;
        parser.skipChildren();
      } else {
        found.add(neighbour);
      }
    }
    if (wrong) {
      documentsProblem = NEIGHBOUR_SHAPE;
    } else {
      documents = found;
    }
  }

  /**
   * One {@code {"id", "seq", "similarity"}} at the parser's current token, read to its end; null
   * (the parser left where it stopped, inside or at the value) when it is not one.
   */
  private static Neighbour neighbour(JsonParser parser) throws IOException {
    if (parser.currentToken() != JsonToken.START_OBJECT) {
      return null;
    }
    String id = null;
    Long seq = null;
    Double similarity = null;
    boolean wrong = false;
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      JsonToken value = parser.nextToken();
      switch (name) {
        case "id" -> {
          id = value == JsonToken.VALUE_STRING ? parser.getText() : null;
          wrong |= (id == null);
        }
        case "seq" -> {
          seq = whole(parser, Long.MIN_VALUE, Long.MAX_VALUE);
          wrong |= (seq == null);
        }
        case "similarity" -> {
          similarity = value.isNumeric() ? parser.getDoubleValue() : null;
          wrong |= (similarity == null);
        }
        default -> {}
      }
      parser.skipChildren();
    }
    if (wrong || id == null || seq == null || similarity == null) {
      return null;
    }
    return new Neighbour(id, seq, similarity);
  }

  /**
   * The number at the parser's current token when it is one in [{@code min}, {@code max}], as a
   * tree's {@code canConvertToInt}/{@code canConvertToLong} and {@code asInt}/{@code asLong} take
   * it (a fraction is cut); null otherwise.
   */
  private static Long whole(JsonParser parser, long min, long max) throws IOException {
    JsonToken token = parser.currentToken();
    if (token == JsonToken.VALUE_NUMBER_INT) {
      JsonParser.NumberType type = parser.getNumberType();
      if (type == JsonParser.NumberType.BIG_INTEGER) {
        return null;
      }
      long value = parser.getLongValue();
      return value >= min && value <= max ? value : null;
    }
    if (token == JsonToken.VALUE_NUMBER_FLOAT) {
      double value = parser.getDoubleValue();
      return value >= min && value <= max ? (long) value : null;
    }
    return null;
  }

  /** A scalar as it was written; a container by its kind, never built. */
  private static String shown(JsonParser parser, JsonToken token) throws IOException {
    return switch (token) {
      case START_OBJECT -> "an object";
      case START_ARRAY -> "an array";
      case VALUE_STRING -> '"' + shortened(parser.getText()) + '"';
      default -> shortened(parser.getText());
    };
  }

  private static String shortened(String text) {
    return text.length() <= 40 ? text : text.substring(0, 40) + "...";
  }
}
