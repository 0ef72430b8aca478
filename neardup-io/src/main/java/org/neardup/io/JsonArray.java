package org.neardup.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashSet;
import java.util.Set;
import org.neardup.input.InputException;

/**
 * Walks the elements of one JSON array that makes a whole input, with jackson-core's streaming
 * parser: one element in memory at a time. Knows each element's line and byte range in the
 * (decompressed) input, so that readers and copiers agree on what a record is. Anything that is not
 * one array of values (another top-level value, invalid JSON, content after the array) is an {@link
 * InputException} with a null problem: after invalid JSON no next record can be found. Not
 * thread-safe.
 */
final class JsonArray implements Closeable {
  /**
   * Duplicate names are found by {@link #skip}, per record, so that one bad record can be skipped.
   */
  private static final JsonFactory JSON = new JsonFactory();

  private final String source;
  private final boolean gzip;
  private final JsonParser parser;
  private boolean started;
  private boolean ended;
  private long elementLine;
  private long elementStart;

  JsonArray(String source, Decompression.Opened input) {
    this.source = source;
    this.gzip = input.gzip();
    try {
      this.parser = JSON.createParser(input.stream());
    } catch (IOException e) {
      closeQuietly(input.stream());
      throw InputErrors.readFailure(source, 1, e, gzip);
    }
  }

  /** The parser, positioned on the current element's first token. */
  JsonParser parser() {
    return parser;
  }

  /**
   * Moves to the next element and returns its first token, or null after the last element.
   *
   * @throws InputException when the input is not a JSON array, is invalid JSON or cannot be read
   */
  JsonToken next() {
    if (ended) {
      return null;
    }
    try {
      if (!started) {
        started = true;
        JsonToken first = parser.nextToken();
        if (first == null) {
          throw new InputException(source, 1, null, "empty input: not a JSON array");
        }
        if (first != JsonToken.START_ARRAY) {
          throw new InputException(
              source,
              line(),
              null,
              "not a JSON array"
                  + (first == JsonToken.START_OBJECT
                      ? " (use --format jsonl for JSON Lines, one object a line)"
                      : ""));
        }
      }
      JsonToken token = parser.nextToken();
      if (token == null) {
        throw new InputException(
            source, line(), null, "unexpected end of input: the JSON array is not closed");
      }
      if (token == JsonToken.END_ARRAY) {
        ended = true;
        if (parser.nextToken() != null) {
          throw new InputException(source, line(), null, "content after the JSON array");
        }
        return null;
      }
      elementLine = line();
      elementStart = parser.currentTokenLocation().getByteOffset();
      return token;
    } catch (JsonProcessingException e) {
      throw invalid(e);
    } catch (IOException e) {
      throw InputErrors.readFailure(source, line(), e, gzip);
    }
  }

  /** The line (1-based) the current element starts on. */
  long elementLine() {
    return elementLine;
  }

  /** The byte offset of the current element's first byte in the decompressed input. */
  long elementStart() {
    return elementStart;
  }

  /**
   * The byte offset just after the token last read (after an element's last byte once it is read).
   */
  long position() {
    return parser.currentLocation().getByteOffset();
  }

  /**
   * Reads past the value whose first token is {@code token}, checking its objects for a name given
   * twice.
   *
   * @return null, or a description of the first name given twice
   */
  String skip(JsonToken token) {
    try {
      return skipValue(token);
    } catch (JsonProcessingException e) {
      throw invalid(e);
    } catch (IOException e) {
      throw InputErrors.readFailure(source, line(), e, gzip);
    }
  }

  /**
   * Reads past the rest of the current element, an object whose fields were read up to the first
   * token of a value (or the last token of one).
   */
  void skipRestOfObject() {
    try {
      parser.skipChildren();
      for (JsonToken t = parser.nextToken(); t == JsonToken.FIELD_NAME; t = parser.nextToken()) {
        parser.nextToken();
        parser.skipChildren();
      }
    } catch (JsonProcessingException e) {
      throw invalid(e);
    } catch (IOException e) {
      throw InputErrors.readFailure(source, line(), e, gzip);
    }
  }

  private String skipValue(JsonToken token) throws IOException {
    String duplicate = null;
    if (token == JsonToken.START_OBJECT) {
      Set<String> names = new HashSet<>();
      for (JsonToken t = parser.nextToken(); t == JsonToken.FIELD_NAME; t = parser.nextToken()) {
        String name = parser.currentName();
        if (!names.add(name) && duplicate == null) {
          duplicate = "field '" + name + "' twice in one object";
        }
        String inner = skipValue(parser.nextToken());
        duplicate = duplicate == null ? inner : duplicate;
      }
    } else if (token == JsonToken.START_ARRAY) {
      for (JsonToken t = parser.nextToken(); t != JsonToken.END_ARRAY; t = parser.nextToken()) {
        String inner = skipValue(t);
        duplicate = duplicate == null ? inner : duplicate;
      }
    }
    return duplicate;
  }

  /** The fatal error for invalid JSON, at the line where the parser stopped. */
  InputException invalid(JsonProcessingException e) {
    long line =
        e.getLocation() != null && e.getLocation().getLineNr() > 0
            ? e.getLocation().getLineNr()
            : line();
    return new InputException(
        source, line, null, "invalid JSON: " + InputErrors.oneLine(e.getOriginalMessage()), e);
  }

  private long line() {
    int line = parser.currentLocation().getLineNr();
    return line > 0 ? line : 1;
  }

  @Override
  public void close() {
    try {
      parser.close();
    } catch (IOException e) {
      // Nothing was lost: we only read.
    }
  }

  private static void closeQuietly(InputStream in) {
    try {
      in.close();
    } catch (IOException e) {
      // already failing
    }
  }
}
