package org.neardup.server.http;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Request bodies read as JSON under the rules of the CLI's JSON Lines reader: strict UTF-8 (no
 * overlong form, no encoded surrogate, no truncated sequence), no name twice in one object (at any
 * depth), nothing after the value; streamed, never built into a tree ({@link DocumentFields}). The
 * ids and texts in them then follow {@link org.neardup.input.DocumentId} and {@link
 * org.neardup.input.DocumentText} ({@link DocumentInput}). Stateless and thread-safe.
 */
final class JsonBody {
  private JsonBody() {}

  /**
   * The service's mapper: a name twice in an object is an error when it reads; writes as Jackson's
   * default.
   */
  static ObjectMapper mapper() {
    return JsonMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
  }

  /**
   * The body as one JSON value, read as a document's fields ({@link DocumentFields}: nothing but
   * the id and text strings is kept); nothing may follow it.
   *
   * @throws ApiException 400 for a body that is not UTF-8
   * @throws com.fasterxml.jackson.core.JsonProcessingException for one that is not one JSON value
   */
  static DocumentFields document(ObjectMapper json, byte[] body) throws IOException {
    checkUtf8(body, 0, body.length, "the body");
    try (JsonParser parser = json.createParser(body)) {
      return document(parser);
    }
  }

  /**
   * A line of JSON Lines (already decoded) as {@link #document(ObjectMapper, byte[])}.
   *
   * @throws com.fasterxml.jackson.core.JsonProcessingException for one that is not one JSON value
   */
  static DocumentFields document(ObjectMapper json, String line) throws IOException {
    try (JsonParser parser = json.createParser(line)) {
      return document(parser);
    }
  }

  /** The parser's one value (not an object when there is none), and nothing after it. */
  private static DocumentFields document(JsonParser parser) throws IOException {
    if (parser.nextToken() == null) {
      return DocumentFields.NOT_AN_OBJECT;
    }
    DocumentFields fields = DocumentFields.read(parser);
    if (parser.nextToken() != null) {
      throw new JsonParseException(parser, "content after the JSON value");
    }
    return fields;
  }

  /**
   * Checks that {@code bytes[from, to)} is strict UTF-8.
   *
   * @param what names the bytes in the message, e.g. {@code "the body"} or {@code "line 3"}
   * @throws ApiException 400 naming the first bad byte
   */
  static void checkUtf8(byte[] bytes, int from, int to, String what) {
    CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder(); // reports malformed input
    ByteBuffer in = ByteBuffer.wrap(bytes, from, to - from);
    CharBuffer out = CharBuffer.allocate(Math.min(to - from, 8192) + 2);
    while (true) {
      out.clear();
      CoderResult result = decoder.decode(in, out, true);
      if (result.isError()) {
        int at = in.position();
        throw ApiException.badRequest(
            String.format(
                Locale.ROOT,
                "%s is not valid UTF-8 (byte 0x%02X at byte %d%s)",
                what,
                bytes[at] & 0xff,
                at - from + 1,
                from == 0 ? "" : " of the line"));
      }
      if (result.isUnderflow()) {
        return;
      }
    }
  }
}
