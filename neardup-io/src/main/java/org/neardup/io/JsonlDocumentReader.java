package org.neardup.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.IOException;
import java.nio.CharBuffer;
import org.neardup.input.Document;
import org.neardup.input.InputProblem;
import org.neardup.input.InputProblems;

/**
 * Reads {@link InputFormat#JSONL}: one JSON object a line, parsed with jackson-core's streaming
 * parser, its id and text read by the rules of {@link JsonRecord}, as JSON array elements are. A
 * line that is not one JSON object is {@link InputProblem#MALFORMED_RECORD}, and so is an object
 * with a field name twice, at any depth (which one would count is anybody's guess), and content
 * after the object. The id and text rules of {@link org.neardup.input.DocumentId} and {@link
 * org.neardup.input.DocumentText} are applied by the base class. Not thread-safe.
 */
final class JsonlDocumentReader extends LineDocumentReader {
  /**
   * Strict: a name twice in one object is an error (at any depth). The lines are decoded from UTF-8
   * strictly before they are parsed. Thread-safe once configured; shared by all readers.
   */
  private static final JsonFactory JSON =
      JsonFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

  /** Passes over a value; the strict parser finds a name given twice in it. */
  private static final JsonRecord.ValueSkipper SKIP_CHILDREN =
      (p, first) -> {
        p.skipChildren();
        return null;
      };

  private final JsonRecord record;

  JsonlDocumentReader(
      String source, Decompression.Opened input, InputProblems problems, InputOptions options) {
    super(source, input, problems);
    this.record = new JsonRecord(options);
  }

  @Override
  protected Document parse(CharBuffer chars, long line, long recordIndex) {
    try (JsonParser p =
        JSON.createParser(
            chars.array(), chars.arrayOffset() + chars.position(), chars.remaining())) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        report(line, InputProblem.MALFORMED_RECORD, "not a JSON object");
        return null;
      }
      if (!record.readFields(p, SKIP_CHILDREN)) {
        report(line, record.problem(), record.specifics());
        return null;
      }
      if (p.nextToken() != null) {
        report(line, InputProblem.MALFORMED_RECORD, "content after the JSON object");
        return null;
      }
    } catch (JsonProcessingException e) {
      report(
          line,
          InputProblem.MALFORMED_RECORD,
          "invalid JSON: " + InputErrors.oneLine(e.getOriginalMessage()));
      return null;
    } catch (IOException e) {
      // Parsing a char array does no I/O; anything else is a parse error too.
      report(line, InputProblem.MALFORMED_RECORD, "invalid JSON: " + InputErrors.message(e));
      return null;
    }
    Document document = record.document(source, line, recordIndex);
    if (document == null) {
      report(line, record.problem(), record.specifics());
    }
    return document;
  }
}
