package org.neardup.server.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.Map;

/** The body of an {@code application/problem+json} answer (RFC 9457). */
final class Problems {
  private Problems() {}

  static byte[] body(ObjectMapper json, int status, String title, String detail) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("type", "about:blank");
    body.put("title", title);
    body.put("status", status);
    body.put("detail", detail);
    try {
      return json.writeValueAsBytes(body);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a map of strings did not serialize", e);
    }
  }
}
