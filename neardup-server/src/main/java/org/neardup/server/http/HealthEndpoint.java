package org.neardup.server.http;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.neardup.server.store.IndexDirectory;

/**
 * {@code GET /health}: 200 while writes go through, 503 while the disk is full (reads are served).
 * Thread-safe.
 */
final class HealthEndpoint {
  private final IndexDirectory directory;

  HealthEndpoint(IndexDirectory directory) {
    this.directory = directory;
  }

  void handle(HttpCall call) throws IOException {
    if (directory.diskFull() == null) {
      call.sendJson(200, Map.of("status", "ok"));
      return;
    }
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("status", "disk full");
    body.put(
        "detail",
        "the index's disk is full: writes get 507 until space is freed, then go through by"
            + " themselves; reads are served");
    call.sendJson(503, body);
  }
}
