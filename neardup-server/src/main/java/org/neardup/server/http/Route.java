package org.neardup.server.http;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * Where a request goes: its endpoint (the metrics' label) and, for {@code /documents/{id}}, the
 * decoded id (for {@code /assets/{name}}, the name). Unknown paths are 404, known paths with
 * another method 405 with {@code Allow}. {@code HEAD} is served wherever {@code GET} is (the same
 * headers, no body).
 *
 * @param endpoint one of the constants
 * @param id the document id of {@link #DOCUMENT}, the asset name of {@link #ASSET}, else null
 */
record Route(String endpoint, String id) {
  static final String HEALTH = "/health";
  static final String STATS = "/stats";
  static final String METRICS = "/metrics";
  static final String DOCUMENTS = "/documents";
  static final String BATCH = "/documents:batch";
  static final String DOCUMENT = "/documents/{id}";
  static final String QUERY = "/query";

  /** The web page. */
  static final String PAGE = "/";

  /** Its style sheet, script and icon. */
  static final String ASSET = "/assets/{name}";

  /** Every endpoint, and "unknown" for a request refused before it is routed. */
  static final Set<String> ALL =
      Set.of(HEALTH, STATS, METRICS, DOCUMENTS, BATCH, DOCUMENT, QUERY, PAGE, ASSET, "unknown");

  private static final String DOCUMENT_PREFIX = "/documents/";
  private static final String ASSET_PREFIX = "/assets/";

  static Route of(String method, String rawPath) {
    String path = rawPath == null || rawPath.isEmpty() ? "/" : rawPath;
    if (path.startsWith(DOCUMENT_PREFIX) && path.length() > DOCUMENT_PREFIX.length()) {
      String rawId = path.substring(DOCUMENT_PREFIX.length());
      if (rawId.contains("/")) {
        throw ApiException.notFound(
            "no such endpoint: " + path + " (an id with '/' is written %2F)");
      }
      allow(method, path, Set.of("GET", "DELETE"));
      return new Route(DOCUMENT, HttpCall.decode(rawId));
    }
    if (path.startsWith(ASSET_PREFIX) && path.length() > ASSET_PREFIX.length()) {
      allow(method, path, Set.of("GET"));
      return new Route(ASSET, path.substring(ASSET_PREFIX.length()));
    }
    String endpoint =
        switch (path) {
          case PAGE, HEALTH, STATS, METRICS -> {
            allow(method, path, Set.of("GET"));
            yield path;
          }
          case DOCUMENTS, BATCH, QUERY -> {
            allow(method, path, Set.of("POST"));
            yield path;
          }
          default -> throw ApiException.notFound("no such endpoint: " + path);
        };
    return new Route(endpoint, null);
  }

  private static void allow(String method, String path, Set<String> allowed) {
    if (allowed.contains(method) || (method.equals("HEAD") && allowed.contains("GET"))) {
      return;
    }
    List<String> methods = new ArrayList<>(allowed);
    if (allowed.contains("GET")) {
      methods.add("HEAD");
    }
    Collections.sort(methods);
    String allow = String.join(", ", methods);
    String shown =
        method.length() > 32 || !method.chars().allMatch(c -> c > 32 && c < 127)
            ? "this method"
            : method;
    throw ApiException.methodNotAllowed(
        shown + " is not allowed on " + path + " (allowed: " + allow + ")", allow);
  }

  /**
   * Whether the endpoint needs the bearer token: all but health and the page with its assets
   * (static files that hold no data; every API call the page makes sends the token).
   */
  boolean needsToken() {
    return !endpoint.equals(HEALTH) && !endpoint.equals(PAGE) && !endpoint.equals(ASSET);
  }

  /** Whether the endpoint reads a request body: the ones that add and query. */
  boolean readsBody() {
    return endpoint.equals(DOCUMENTS) || endpoint.equals(BATCH) || endpoint.equals(QUERY);
  }

  /** {@code id} encoded as one path segment. */
  static String encode(String id) {
    return URLEncoder.encode(id, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
