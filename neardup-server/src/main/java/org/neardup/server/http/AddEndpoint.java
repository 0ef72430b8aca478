package org.neardup.server.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.neardup.index.IndexWrite;
import org.neardup.index.Match;
import org.neardup.index.MatchLimits;
import org.neardup.index.NearDupIndex;
import org.neardup.index.WriteResult;
import org.neardup.server.IndexWriter;

/**
 * {@code POST /documents}: one document stored as its {@link WriteMode} says, answered with the
 * near-duplicates held ({@code ?diff=true}: with what differs). 201 with {@code Location} when it
 * is new, 200 when it replaced one or was refused as a duplicate ({@code ?unique=true}), 409 for an
 * id held without {@code ?upsert=true}, 400 for a text empty after normalization. Thread-safe.
 */
final class AddEndpoint {
  private final NearDupIndex<String> index;
  private final IndexWriter writer;
  private final ObjectMapper json;
  private final Duplicates duplicates;

  AddEndpoint(
      NearDupIndex<String> index, IndexWriter writer, ObjectMapper json, Duplicates duplicates) {
    this.index = index;
    this.writer = writer;
    this.json = json;
    this.duplicates = duplicates;
  }

  void handle(HttpCall call) throws IOException {
    call.requireContentType(HttpCall.JSON);
    WriteMode mode = WriteMode.of(call);
    boolean diff = call.flag("diff");
    MatchLimits limits = AnswerLimits.of(call, AnswerLimits.LISTED);
    DocumentInput input = DocumentInput.of(JsonBody.document(json, call.body()));
    var sketch = index.sketcher().sketch(input.text());
    IndexWrite<String> write = mode.write(input, sketch).withLimits(limits);
    WriteResult<String> result = writer.write(List.of(write)).get(0);
    switch (result.status()) {
      case ALREADY_PRESENT ->
          throw new ApiException(
              409,
              "Conflict",
              "document '" + input.id() + "' already exists; add ?upsert=true to replace it");
      case EMPTY_DOCUMENT ->
          throw ApiException.badRequest(
              "the text is empty after normalization: nothing to compare");
      case ADDED -> {
        call.setHeader("Location", "/documents/" + Route.encode(input.id()));
        call.sendJson(201, added(input, result, mode, diff));
      }
      default -> call.sendJson(200, added(input, result, mode, diff));
    }
  }

  private Map<String, Object> added(
      DocumentInput input, WriteResult<String> result, WriteMode mode, boolean diff) {
    List<Match<String>> matches = result.matches();
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("id", input.id());
    if (mode.unique()) {
      body.put("kept", result.status() != WriteResult.Status.DUPLICATE);
      result
          .duplicateOf()
          .ifPresent(match -> body.put("duplicateOf", WriteMode.duplicateOf(match)));
    }
    body.put(
        "duplicates", diff ? duplicates.withDiffs(matches, input.text()) : Duplicates.of(matches));
    Duplicates.putCounts(body, result.found());
    return body;
  }
}
