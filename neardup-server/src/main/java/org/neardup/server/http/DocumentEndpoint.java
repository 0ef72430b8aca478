package org.neardup.server.http;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.neardup.index.IndexWrite;
import org.neardup.index.NearDupIndex;
import org.neardup.index.WriteResult;
import org.neardup.server.IndexWriter;

/**
 * {@code GET /documents/{id}} (the id and the text kept, 404 when not held) and {@code DELETE
 * /documents/{id}} (204, 404 when not held). Thread-safe.
 */
final class DocumentEndpoint {
  private final NearDupIndex<String> index;
  private final IndexWriter writer;

  DocumentEndpoint(NearDupIndex<String> index, IndexWriter writer) {
    this.index = index;
    this.writer = writer;
  }

  void handle(Route route, HttpCall call) throws IOException {
    String id = DocumentInput.checkId(route.id());
    if (call.method().equals("DELETE")) {
      WriteResult<String> result = writer.write(List.of(IndexWrite.remove(id))).get(0);
      if (result.status() == WriteResult.Status.NOT_FOUND) {
        throw ApiException.notFound("no document '" + id + "'");
      }
      call.sendEmpty(204);
      return;
    }
    if (!index.contains(id)) {
      throw ApiException.notFound("no document '" + id + "'");
    }
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("id", id);
    body.put("text", index.text(id).orElse(null));
    call.sendJson(200, body);
  }
}
