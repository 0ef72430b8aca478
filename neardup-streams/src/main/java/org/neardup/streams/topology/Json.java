package org.neardup.streams.topology;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import org.neardup.streams.wire.Message.Neighbour;
import org.neardup.streams.wire.Message.Source;

/** The JSON of the records written to the user's topics: decisions and rejections. */
final class Json {
  private static final JsonFactory JSON = new JsonFactory();

  private Json() {}

  /**
   * {@code {"id", "kept", "duplicateOf": {"id", "similarity"}|null, "matches": [{"id",
   * "similarity"}], "seq", "partition", "offset"}}: matches best first, duplicateOf the first.
   */
  static String decision(String id, long seq, List<Neighbour> matches, Source source) {
    StringWriter out = new StringWriter(96 + 48 * matches.size());
    try (JsonGenerator g = JSON.createGenerator(out)) {
      g.writeStartObject();
      g.writeStringField("id", id);
      g.writeBooleanField("kept", matches.isEmpty());
      g.writeFieldName("duplicateOf");
      if (matches.isEmpty()) {
        g.writeNull();
      } else {
        match(g, matches.get(0));
      }
      g.writeArrayFieldStart("matches");
      for (Neighbour match : matches) {
        match(g, match);
      }
      g.writeEndArray();
      g.writeNumberField("seq", seq);
      g.writeNumberField("partition", source.partition());
      g.writeNumberField("offset", source.offset());
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  private static void match(JsonGenerator g, Neighbour match) throws IOException {
    g.writeStartObject();
    g.writeStringField("id", match.id());
    g.writeNumberField("similarity", match.similarity());
    g.writeEndObject();
  }

  /** {@code {"id", "reason", "partition", "offset"}}, the id null when the key had none. */
  static String rejection(String id, String reason, Source source) {
    StringWriter out = new StringWriter(128);
    try (JsonGenerator g = JSON.createGenerator(out)) {
      g.writeStartObject();
      g.writeStringField("id", id);
      g.writeStringField("reason", reason);
      g.writeNumberField("partition", source.partition());
      g.writeNumberField("offset", source.offset());
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }
}
