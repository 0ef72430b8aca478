package org.neardup.server.http;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.neardup.index.IndexWrite;
import org.neardup.index.NearDupIndex;
import org.neardup.index.WriteResult;
import org.neardup.server.Writer;

/**
 * {@code POST /documents:batch}: many documents in one request, a JSON array or JSON Lines, with
 * one result per item, streamed back in order as chunks of items are committed (each chunk one
 * group commit). A bad item (no id, no text, a bad id, an empty text, a malformed line) gets its
 * own error result and the others go on; in a JSON array a syntax error ends the batch there,
 * since nothing after it can be read. Thread-safe.
 */
final class BatchEndpoint {
  /** Items sketched and committed together. */
  static final int CHUNK = 1000;

  private final NearDupIndex<String> index;
  private final Writer writer;
  private final ObjectMapper json;

  BatchEndpoint(NearDupIndex<String> index, Writer writer, ObjectMapper json) {
    this.index = index;
    this.writer = writer;
    this.json = json;
  }

  void handle(HttpCall call, long limit, boolean upsert) throws IOException {
    String type = call.requireContentType(HttpCall.JSON, HttpCall.NDJSON, "application/jsonl");
    byte[] body = call.body(limit);
    if (type.equals(HttpCall.JSON)) {
      JsonBody.checkUtf8(body, 0, body.length, "the body"); // JSON Lines: line by line
    }
    Items items = type.equals(HttpCall.JSON) ? new ArrayItems(json, body) : new LineItems(json, body);
    try (OutputStream out = call.stream(200, type.equals(HttpCall.JSON) ? HttpCall.JSON : HttpCall.NDJSON);
        JsonGenerator generator = json.getFactory().createGenerator(out)) {
      boolean array = type.equals(HttpCall.JSON);
      if (array) {
        generator.writeStartArray();
      }
      List<Item> chunk = new ArrayList<>(CHUNK);
      int position = 0;
      for (Item item; (item = items.next(position)) != null; position++) {
        chunk.add(item);
        if (chunk.size() == CHUNK) {
          commit(chunk, upsert, generator, array);
        }
      }
      commit(chunk, upsert, generator, array);
      if (array) {
        generator.writeEndArray();
      }
    }
  }

  /** Sketches and writes the chunk's valid items, then writes every item's result. */
  private void commit(List<Item> chunk, boolean upsert, JsonGenerator out, boolean array) throws IOException {
    List<IndexWrite<String>> writes = new ArrayList<>();
    for (Item item : chunk) {
      if (item.input != null) {
        var sketch = index.sketcher().sketch(item.input.text());
        writes.add(upsert
            ? IndexWrite.upsert(item.input.id(), sketch, item.input.text(), true)
            : IndexWrite.add(item.input.id(), sketch, item.input.text(), true));
      }
    }
    List<WriteResult<String>> results = writes.isEmpty() ? List.of() : writer.write(writes);
    int next = 0;
    for (Item item : chunk) {
      out.writeStartObject();
      out.writeNumberField("index", item.position);
      if (item.input == null) {
        if (item.id != null) {
          out.writeStringField("id", item.id);
        }
        out.writeStringField("status", "invalid");
        out.writeStringField("error", item.error);
      } else {
        WriteResult<String> result = results.get(next++);
        out.writeStringField("id", result.key());
        out.writeStringField("status", status(result.status()));
        if (result.status() == WriteResult.Status.EMPTY_DOCUMENT) {
          out.writeStringField("error", "the text is empty after normalization: nothing to compare");
        } else if (result.status() == WriteResult.Status.ALREADY_PRESENT) {
          out.writeStringField("error", "already exists; add ?upsert=true to replace it");
        }
        out.writeObjectField("duplicates", Duplicates.of(result.matches()));
      }
      out.writeEndObject();
      if (!array) {
        out.writeRaw('\n');
      }
    }
    out.flush();
    chunk.clear();
  }

  private static String status(WriteResult.Status status) {
    return switch (status) {
      case ADDED -> "added";
      case REPLACED -> "replaced";
      case ALREADY_PRESENT -> "exists";
      case EMPTY_DOCUMENT -> "empty";
      default -> throw new IllegalStateException("unexpected status " + status);
    };
  }

  /** One item of the batch: a valid document, or the reason it is not one. */
  private static final class Item {
    final int position;
    final DocumentInput input;
    final String id;
    final String error;

    private Item(int position, DocumentInput input, String id, String error) {
      this.position = position;
      this.input = input;
      this.id = id;
      this.error = error;
    }

    static Item of(int position, JsonNode node) {
      try {
        return new Item(position, DocumentInput.of(node), null, null);
      } catch (ApiException e) {
        JsonNode id = node != null && node.isObject() ? node.get("id") : null;
        return new Item(position, null, id != null && id.isTextual() ? id.asText() : null, e.getMessage());
      }
    }

    static Item invalid(int position, String error) {
      return new Item(position, null, null, error);
    }
  }

  /** The items of a body, read one at a time. */
  private interface Items {
    /** The next item (numbered {@code position}), or null at the end. */
    Item next(int position) throws IOException;
  }

  /** A JSON array of objects; a syntax error ends it with an invalid item. */
  private static final class ArrayItems implements Items {
    private final ObjectMapper json;
    private final JsonParser parser;
    private boolean done;

    ArrayItems(ObjectMapper json, byte[] body) throws IOException {
      this.json = json;
      this.parser = json.getFactory().createParser(body);
      JsonToken first = parser.nextToken();
      if (first != JsonToken.START_ARRAY) {
        throw ApiException.badRequest("expected a JSON array of {\"id\", \"text\"} objects"
            + " (or send JSON Lines as " + HttpCall.NDJSON + ")");
      }
    }

    @Override
    public Item next(int position) throws IOException {
      if (done) {
        return null;
      }
      try {
        JsonToken token = parser.nextToken();
        if (token == JsonToken.END_ARRAY || token == null) {
          done = true;
          return token == null || parser.nextToken() == null ? null
              : Item.invalid(position, "content after the JSON array");
        }
        return Item.of(position, json.readTree(parser));
      } catch (JsonProcessingException e) {
        done = true;
        return Item.invalid(position, "malformed JSON, the batch ends here: " + e.getOriginalMessage());
      }
    }
  }

  /**
   * JSON Lines: one object a line; blank lines are skipped, a bad line (not strict UTF-8, not one
   * JSON object) is one invalid item.
   */
  private static final class LineItems implements Items {
    private final ObjectMapper json;
    private final byte[] body;
    private int start;
    private int line;

    LineItems(ObjectMapper json, byte[] body) {
      this.json = json;
      this.body = body;
    }

    @Override
    public Item next(int position) throws IOException {
      while (start < body.length) {
        int end = start;
        while (end < body.length && body[end] != '\n') {
          end++;
        }
        int from = start;
        int to = end > from && body[end - 1] == '\r' ? end - 1 : end;
        start = end + 1;
        line++;
        try {
          JsonBody.checkUtf8(body, from, to, "line " + line);
        } catch (ApiException e) {
          return Item.invalid(position, e.getMessage());
        }
        String text = new String(body, from, to - from, StandardCharsets.UTF_8);
        if (text.isBlank()) {
          continue;
        }
        try {
          return Item.of(position, JsonBody.tree(json, text));
        } catch (JsonProcessingException e) {
          return Item.invalid(position, "malformed JSON on line " + line + ": " + e.getOriginalMessage());
        }
      }
      return null;
    }
  }
}
