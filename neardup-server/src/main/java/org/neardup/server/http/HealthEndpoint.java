package org.neardup.server.http;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.neardup.server.IndexWriter;
import org.neardup.server.store.DiskFullException;
import org.neardup.server.store.IndexDirectory;

/**
 * {@code GET /health}: 200 while writes go through; 503 while the disk is full, or since the last
 * commit failed for another reason until one succeeds (reads are served). Thread-safe.
 */
final class HealthEndpoint {
  private final IndexDirectory directory;
  private final IndexWriter writer;

  HealthEndpoint(IndexDirectory directory, IndexWriter writer) {
    this.directory = directory;
    this.writer = writer;
  }

  void handle(HttpCall call) throws IOException {
    Map<String, Object> body = new LinkedHashMap<>();
    Throwable failure = writer.lastFailure();
    if (directory.diskFull().isPresent()) {
      body.put("status", "disk full");
      body.put(
          "detail",
          "the index's disk is full: writes get 507 until space is freed, then go through by"
              + " themselves; reads are served");
    } else if (failure != null && !(failure instanceof DiskFullException)) {
      body.put("status", "write failing");
      body.put(
          "detail",
          "the last write could not be committed, and nothing of it was stored (the server's"
              + " log says why): "
              + failure.getMessage());
    } else {
      call.sendJson(200, Map.of("status", "ok"));
      return;
    }
    call.sendJson(503, body);
  }
}
