package org.neardup.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import org.neardup.input.Document;
import org.neardup.input.InputException;
import org.neardup.input.InputProblem;
import org.neardup.input.InputProblems;

/**
 * Reads {@link InputFormat#JSON}: one JSON array of objects, streamed ({@link JsonArray}). Each
 * element is a record, its {@link Document#recordIndex()} its position in the array and its line
 * the one it starts on; its id and text are read by the rules of {@link JsonRecord}, as JSON Lines
 * records are, and so are its problems: an element that is not an object, or has a name twice at
 * any depth, is {@link InputProblem#MALFORMED_RECORD}. Invalid JSON stops the read. Not
 * thread-safe.
 */
final class JsonArrayDocumentReader implements DocumentReader {
  private final String source;
  private final JsonArray array;
  private final InputProblems problems;
  private final JsonRecord record;
  private final JsonRecord.ValueSkipper skipper;
  private long recordIndex;
  private boolean closed;

  JsonArrayDocumentReader(
      String source, Decompression.Opened input, InputProblems problems, InputOptions options) {
    this.source = source;
    this.array = new JsonArray(source, input);
    this.problems = problems;
    this.record = new JsonRecord(options);
    this.skipper = (p, first) -> array.skip(first);
  }

  @Override
  public Document next() {
    if (closed) {
      throw new IllegalStateException("reader is closed");
    }
    for (JsonToken token; (token = array.next()) != null; ) {
      long index = recordIndex++;
      Document document = parse(token, array.elementLine(), index);
      if (document != null && problems.admit(document)) {
        return document;
      }
    }
    return null;
  }

  /**
   * The element starting with {@code token} as a document, or null when it was reported (and
   * skipped).
   */
  private Document parse(JsonToken token, long line, long index) {
    if (token != JsonToken.START_OBJECT) {
      array.skip(token);
      return report(line, index, InputProblem.MALFORMED_RECORD, "not a JSON object");
    }
    try {
      if (!record.readFields(array.parser(), skipper)) {
        array.skipRestOfObject();
        return report(line, index, record.problem(), record.specifics());
      }
    } catch (JsonProcessingException e) {
      throw array.invalid(e);
    } catch (IOException e) {
      throw InputErrors.readFailure(source, line, e, false);
    }
    Document document = record.document(source, line, index);
    return document != null ? document : report(line, index, record.problem(), record.specifics());
  }

  private Document report(long line, long index, InputProblem problem, String specifics) {
    problems.report(
        new InputException(
            source, line, index, problem, problem.description() + " (" + specifics + ")"));
    return null;
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      array.close();
    }
  }
}
