package org.neardup.server.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.neardup.index.FoundMatches;
import org.neardup.index.Match;
import org.neardup.index.MatchLimits;
import org.neardup.index.NearDupIndex;

/**
 * {@code POST /query}: the near-duplicates at or above the threshold ({@code ?limit=N}), the K most
 * similar down to the index's top-k floor or a higher one ({@code ?top=K[&floor=F]}), or the
 * documents containing the text ({@code ?measure=containment}). Thread-safe.
 */
final class QueryEndpoint {
  private final NearDupIndex<String> index;
  private final ObjectMapper json;
  private final Duplicates duplicates;

  QueryEndpoint(NearDupIndex<String> index, ObjectMapper json, Duplicates duplicates) {
    this.index = index;
    this.json = json;
    this.duplicates = duplicates;
  }

  void handle(HttpCall call) throws IOException {
    call.requireContentType(HttpCall.JSON);
    MatchLimits limits = AnswerLimits.of(call, AnswerLimits.LISTED);
    int limit = limits.listed();
    boolean diff = call.flag("diff");
    boolean top = call.parameter("top") != null;
    int k = call.count("top", 0);
    boolean containment = containment(call);
    if (top && containment) {
      throw ApiException.badRequest(
          "top=K ranks by Jaccard similarity; with measure=containment use limit=N");
    }
    if (top && call.parameter("limit") != null) {
      throw ApiException.badRequest(
          "top=K and limit=N exclude each other: top=K answers K at most");
    }
    double floor = floor(call, top);
    if (containment && !index.searchSettings().hasContainment()) {
      throw ApiException.badRequest(
          "this index keeps no containment sample: build it with --containment-sampling M");
    }
    DocumentFields body = JsonBody.document(json, call.body());
    if (!body.object()) {
      throw ApiException.badRequest("expected a JSON object {\"text\": \"...\"}");
    }
    String text = DocumentInput.text(body);
    FoundMatches<String> found =
        containment
            ? new FoundMatches<>(index.containing(text, limit), 0, 0)
            : top
                ? index.top(
                    index.sketcher().sketch(text),
                    floor,
                    new MatchLimits(k, Math.max(AnswerLimits.COMPARED, k)))
                : index.query(index.sketcher().sketch(text), limits);
    List<Match<String>> matches = found.matches();
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("duplicates", diff ? duplicates.withDiffs(matches, text) : Duplicates.of(matches));
    Duplicates.putCounts(answer, found);
    if (top) {
      answer.put("floor", floor); // says how low an empty or short answer looked
    }
    call.sendJson(200, answer);
  }

  /**
   * {@code floor=F} of a top-k query, in [the index's top-k floor, 1]: the index's when not given.
   */
  private double floor(HttpCall call, boolean top) {
    String value = call.parameter("floor");
    if (value == null) {
      return index.topKFloor();
    }
    if (!top) {
      throw ApiException.badRequest(
          "floor=F is the lowest similarity of a top=K query; it needs top=K");
    }
    try {
      double floor = Double.parseDouble(value);
      if (floor >= index.topKFloor() && floor <= 1) {
        return floor;
      }
    } catch (NumberFormatException e) {
      // the message below
    }
    if (!index.searchSettings().hasTopKFloor()) {
      throw ApiException.badRequest(
          "floor must be a number in ["
              + index.topKFloor()
              + ", 1], got '"
              + value
              + "': this index was built without --top-k-floor, so top=K goes down to its"
              + " threshold; to go lower, rebuild it with a floor: neardup index rebuild --data DIR"
              + " --top-k-floor F");
    }
    throw ApiException.badRequest(
        "floor must be a number in ["
            + index.topKFloor()
            + ", 1] (the index's top-k floor"
            + " is its lowest), got '"
            + value
            + "'");
  }

  private static boolean containment(HttpCall call) {
    String value = call.parameter("measure");
    if (value == null || value.equals("jaccard")) {
      return false;
    }
    if (value.equals("containment")) {
      return true;
    }
    throw ApiException.badRequest("measure must be jaccard or containment, got '" + value + "'");
  }
}
