package org.neardup.server.http;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.neardup.index.IndexWrite;
import org.neardup.index.MatchLimits;
import org.neardup.index.NearDupIndex;
import org.neardup.index.WriteResult;
import org.neardup.server.IndexWriter;
import org.neardup.server.WriterClosedException;
import org.neardup.server.store.DiskFullException;

/**
 * {@code POST /documents:batch}: many documents in one request, a JSON array or JSON Lines, with
 * one result per item, in order. Items are sketched and committed in chunks (each chunk one group
 * commit), and the answer is sent once every chunk is committed: 200 means every valid item is
 * stored. A bad item (no id, no text, a bad id, an empty text, a malformed line) gets its own error
 * result and the others go on; in a JSON array a syntax error ends the batch there, since nothing
 * after it can be read. With {@code ?unique=true} ({@link WriteMode}) items are decided in order,
 * each against the documents held and the batch's earlier kept items. When a commit fails, none of
 * its chunk and nothing after it is stored, and the answer is a problem (507 when the disk is full,
 * else 500) that lists the results of the items committed before it ({@code committed}, {@code
 * results}), so that a client knows exactly which items to send again. The duplicates listed are
 * bounded for the whole answer ({@link BatchListing}), whatever {@code limit} asks. Thread-safe.
 */
final class BatchEndpoint {
  /** Items sketched and committed together. */
  static final int CHUNK = 1000;

  /**
   * Items a batch takes at most, refused up front beyond (413): what the service commits well
   * within the request timeout, so that a batch is not cut by it (one that still runs out of time
   * stops between chunks and says which items were stored).
   */
  static final int MAX_ITEMS = 50_000;

  private final NearDupIndex<String> index;
  private final IndexWriter writer;
  private final ObjectMapper json;
  private final Consumer<String> log;

  /**
   * @param log receives one line a commit that failed other than for a full disk
   */
  BatchEndpoint(
      NearDupIndex<String> index, IndexWriter writer, ObjectMapper json, Consumer<String> log) {
    this.index = index;
    this.writer = writer;
    this.json = json;
    this.log = log;
  }

  /**
   * Answers the batch of {@code call}, committing chunks until {@code deadlineNanos} ({@link
   * System#nanoTime}): one not begun by then is not, and the answer says which items were stored.
   */
  void handle(HttpCall call, WriteMode mode, long deadlineNanos) throws IOException {
    String type = call.requireContentType(HttpCall.JSON, HttpCall.NDJSON, "application/jsonl");
    MatchLimits limits = AnswerLimits.of(call, AnswerLimits.BATCH_LISTED);
    byte[] body = call.body();
    boolean array = type.equals(HttpCall.JSON);
    if (array) {
      JsonBody.checkUtf8(body, 0, body.length, "the body"); // JSON Lines: line by line
    }
    long count = array ? ArrayItems.count(json, body) : LineItems.count(body);
    if (count > MAX_ITEMS) {
      throw new ApiException(
          413,
          "Payload too large",
          "the batch holds "
              + count
              + " items, more than the "
              + MAX_ITEMS
              + " a batch takes (so that it is answered within the time a request may take):"
              + " send it in parts");
    }
    Items items = array ? new ArrayItems(json, body) : new LineItems(json, body);
    BatchListing listing = new BatchListing(limits);
    ByteArrayOutputStream lines = new ByteArrayOutputStream(); // one result a line, as JSON Lines
    int committed = 0;
    try (JsonGenerator generator = json.getFactory().createGenerator(lines)) {
      generator.setRootValueSeparator(null);
      List<Item> chunk = new ArrayList<>(CHUNK);
      int position = 0;
      try {
        for (Item item; (item = items.next(position)) != null; position++) {
          chunk.add(item);
          if (chunk.size() == CHUNK) {
            committed += commit(chunk, mode, listing, generator, deadlineNanos);
          }
        }
        committed += commit(chunk, mode, listing, generator, deadlineNanos);
      } catch (OutOfTime e) {
        generator.flush();
        sendFailure(
            call,
            new ApiException(
                503,
                "Service unavailable",
                "the batch did not finish in the time the server gives a request: "
                    + notStored(committed)
                    + "; send the rest again"),
            committed,
            lines.toByteArray());
        return;
      } catch (WriterClosedException e) {
        generator.flush();
        sendFailure(
            call,
            new ApiException(
                503, "Service unavailable", "the server is shutting down: " + notStored(committed)),
            committed,
            lines.toByteArray());
        return;
      } catch (DiskFullException e) {
        generator.flush();
        sendFailure(
            call,
            new ApiException(
                507,
                "Insufficient storage",
                "the index's disk is full ("
                    + e.getMessage()
                    + "): "
                    + notStored(committed)
                    + "; writes resume by themselves once space is freed"),
            committed,
            lines.toByteArray());
        return;
      } catch (RuntimeException e) {
        generator.flush();
        log.accept("neardup: a commit of POST /documents:batch failed: " + e);
        sendFailure(
            call,
            new ApiException(
                500,
                "Internal server error",
                "the server failed to commit (see its log): " + notStored(committed)),
            committed,
            lines.toByteArray());
        return;
      }
    }
    byte[] results = lines.toByteArray();
    call.sendBytes(
        200, array ? HttpCall.JSON : HttpCall.NDJSON, array ? asArray(results) : results);
  }

  /** Which items were stored, for a problem's detail. */
  private static String notStored(int committed) {
    return committed == 0
        ? "nothing of the batch was stored"
        : "items "
            + committed
            + " on were not stored; the "
            + committed
            + " before are committed, their results in 'results'";
  }

  /** The problem, with the number of items committed and their results (a JSON array). */
  private void sendFailure(HttpCall call, ApiException problem, int committed, byte[] lines)
      throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator generator = json.getFactory().createGenerator(out)) {
      generator.writeStartObject();
      generator.writeStringField("type", "about:blank");
      generator.writeStringField("title", problem.title());
      generator.writeNumberField("status", problem.status());
      generator.writeStringField("detail", problem.getMessage());
      generator.writeNumberField("committed", committed);
      generator.writeFieldName("results");
      generator.writeRawValue(new String(asArray(lines), StandardCharsets.UTF_8));
      generator.writeEndObject();
    }
    call.sendBytes(problem.status(), HttpCall.PROBLEM, out.toByteArray());
  }

  /** JSON Lines of objects (each line ending with a newline) as one JSON array. */
  private static byte[] asArray(byte[] lines) {
    byte[] array = new byte[lines.length + (lines.length == 0 ? 2 : 1)];
    array[0] = '[';
    for (int i = 0; i < lines.length; i++) {
      array[i + 1] =
          lines[i] == '\n'
              ? (byte) ','
              : lines[i]; // a newline in a value is escaped: only separators
    }
    array[array.length - 1] = ']';
    return array;
  }

  /**
   * Sketches and writes the chunk's valid items, then writes every item's result, a line each;
   * returns the number of items. When the write fails, nothing of the chunk was stored and no
   * result is written.
   */
  private int commit(
      List<Item> chunk, WriteMode mode, BatchListing listing, JsonGenerator out, long deadlineNanos)
      throws IOException {
    if (System.nanoTime() - deadlineNanos > 0 && !chunk.isEmpty()) {
      throw new OutOfTime();
    }
    MatchLimits limits = listing.next(chunk.size());
    List<IndexWrite<String>> writes = new ArrayList<>();
    for (Item item : chunk) {
      if (item.input != null) {
        writes.add(
            mode.write(item.input, index.sketcher().sketch(item.input.text())).withLimits(limits));
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
          out.writeStringField(
              "error", "the text is empty after normalization: nothing to compare");
        } else if (result.status() == WriteResult.Status.ALREADY_PRESENT) {
          out.writeStringField("error", "already exists; add ?upsert=true to replace it");
        }
        if (result.status() == WriteResult.Status.DUPLICATE) {
          out.writeObjectField(
              "duplicateOf", WriteMode.duplicateOf(result.duplicateOf().orElseThrow()));
        }
        out.writeObjectField("duplicates", Duplicates.of(result.matches()));
        listing.listed(result.matches().size());
        if (result.moreMatches() > 0) {
          out.writeNumberField("moreDuplicates", result.moreMatches());
        }
        if (result.notCompared() > 0) {
          out.writeNumberField("notCompared", result.notCompared());
        }
      }
      out.writeEndObject();
      out.writeRaw('\n');
    }
    int size = chunk.size();
    chunk.clear();
    return size;
  }

  /** The batch's time is up before a chunk: it is not committed. */
  private static final class OutOfTime extends RuntimeException {
    private static final long serialVersionUID = 1L;

    OutOfTime() {
      super(null, null, false, false);
    }
  }

  private static String status(WriteResult.Status status) {
    return switch (status) {
      case ADDED -> "added";
      case REPLACED -> "replaced";
      case ALREADY_PRESENT -> "exists";
      case EMPTY_DOCUMENT -> "empty";
      case DUPLICATE -> "duplicate";
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

    static Item of(int position, DocumentFields fields) {
      try {
        return new Item(position, DocumentInput.of(fields), null, null);
      } catch (ApiException e) {
        return new Item(position, null, fields.idIfString(), e.getMessage());
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
    private final JsonParser parser;
    private boolean done;

    /**
     * The items of the array {@code body}, counted by a pass of the parser that keeps nothing; what
     * follows a syntax error (which ends the batch) is not counted.
     */
    static long count(ObjectMapper json, byte[] body) throws IOException {
      long count = 0;
      try (JsonParser parser = json.getFactory().createParser(body)) {
        if (parser.nextToken() != JsonToken.START_ARRAY) {
          return 0;
        }
        for (JsonToken token;
            (token = parser.nextToken()) != JsonToken.END_ARRAY && token != null; ) {
          count++;
          parser.skipChildren();
        }
      } catch (JsonProcessingException e) {
        return count + 1; // the bad item
      }
      return count;
    }

    ArrayItems(ObjectMapper json, byte[] body) throws IOException {
      this.parser = json.getFactory().createParser(body);
      JsonToken first = parser.nextToken();
      if (first != JsonToken.START_ARRAY) {
        throw ApiException.badRequest(
            "expected a JSON array of {\"id\", \"text\"} objects"
                + " (or send JSON Lines as "
                + HttpCall.NDJSON
                + ")");
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
          return token == null || parser.nextToken() == null
              ? null
              : Item.invalid(position, "content after the JSON array");
        }
        return Item.of(position, DocumentFields.read(parser));
      } catch (JsonProcessingException e) {
        done = true;
        return Item.invalid(
            position, "malformed JSON, the batch ends here: " + e.getOriginalMessage());
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

    /** The items of the JSON Lines {@code body}: its lines that are not blank. */
    static long count(byte[] body) {
      long count = 0;
      for (int start = 0; start < body.length; ) {
        int end = start;
        boolean ascii = true;
        boolean blank = true;
        for (; end < body.length && body[end] != '\n'; end++) {
          if (body[end] < 0) {
            ascii = false;
          } else if (body[end] > ' ') {
            blank = false;
          }
        }
        if (!blank
            || (!ascii
                && !new String(body, start, end - start, StandardCharsets.UTF_8).isBlank())) {
          count++;
        }
        start = end + 1;
      }
      return count;
    }

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
          return Item.of(position, JsonBody.document(json, text));
        } catch (JsonProcessingException e) {
          return Item.invalid(
              position, "malformed JSON on line " + line + ": " + e.getOriginalMessage());
        }
      }
      return null;
    }
  }
}
