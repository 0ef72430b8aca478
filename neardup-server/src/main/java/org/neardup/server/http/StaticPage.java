package org.neardup.server.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The web page {@code GET /} and its assets under {@code /assets/}: files inside the jar, read
 * once, served with their content type, a content hash as {@code ETag} ({@code 304} when the
 * browser holds it), {@code Cache-Control: no-cache} (so a new version of the server is never
 * hidden by a cached old page), and a {@code Content-Security-Policy} that lets the page load only
 * its own script and style sheet and talk only to this server. Immutable, thread-safe.
 */
final class StaticPage {
  /** The page's own name. */
  private static final String INDEX = "index.html";

  /** Nothing from elsewhere, no inline script or style, no framing, no form posts. */
  static final String CONTENT_SECURITY_POLICY =
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self';"
          + " base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

  private static final String FOLDER = "/org/neardup/server/http/page/";
  private static final Map<String, String> TYPES =
      Map.of(
          INDEX,
          "text/html; charset=utf-8",
          "neardup.css",
          "text/css; charset=utf-8",
          "neardup.js",
          "text/javascript; charset=utf-8",
          "icon.svg",
          "image/svg+xml");

  private final Map<String, File> files;

  // Shares its arrays (no copy: a carrier inside this class); equals and hashCode compare them
  // by identity, which nothing here relies on.
  @SuppressWarnings("ArrayRecordComponent")
  private record File(String contentType, byte[] bytes, String etag) {}

  private StaticPage(Map<String, File> files) {
    this.files = files;
  }

  /** Reads the page and its assets from the class path. */
  static StaticPage load() {
    Map<String, File> files = new LinkedHashMap<>();
    for (Map.Entry<String, String> type : TYPES.entrySet()) {
      try (InputStream in = StaticPage.class.getResourceAsStream(FOLDER + type.getKey())) {
        if (in == null) {
          throw new IllegalStateException(
              "the page's file " + type.getKey() + " is missing from the jar");
        }
        byte[] bytes = in.readAllBytes();
        files.put(type.getKey(), new File(type.getValue(), bytes, "\"" + hash(bytes) + "\""));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the page's file " + type.getKey(), e);
      }
    }
    return new StaticPage(Map.copyOf(files));
  }

  /** Sends the page. */
  void sendPage(HttpCall call) throws IOException {
    send(call, files.get(INDEX));
  }

  /** Sends the asset {@code name}; 404 when there is none of that name. */
  void sendAsset(HttpCall call, String name) throws IOException {
    File file = name.equals(INDEX) ? null : files.get(name);
    if (file == null) {
      throw ApiException.notFound("no such asset: " + name);
    }
    send(call, file);
  }

  private static void send(HttpCall call, File file) throws IOException {
    call.setHeader("Cache-Control", "no-cache");
    call.setHeader("ETag", file.etag());
    call.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    call.setHeader("Referrer-Policy", "no-referrer");
    String held = call.header("If-None-Match");
    if (held != null && held.contains(file.etag())) {
      call.sendEmpty(304);
      return;
    }
    call.sendBytes(200, file.contentType(), file.bytes());
  }

  private static String hash(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes), 0, 12);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JDK", e);
    }
  }
}
