package org.neardup.streams.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;
import org.neardup.streams.wire.Message.Entry;
import org.neardup.streams.wire.Message.Kind;
import org.neardup.streams.wire.Message.Neighbour;
import org.neardup.streams.wire.Message.Report;
import org.neardup.streams.wire.Message.Source;

class MessageSerdeTest {
  private static final String TOPIC = "t";

  /** The byte of each kind is part of the format the changelogs and internal topics hold. */
  @Test
  void eachKindHasItsFixedByteAndComesBack() {
    Kind[] kinds = {Kind.DOCUMENT, Kind.EMPTY, Kind.TOMBSTONE, Kind.LOADED};
    assertThat(kinds).containsExactlyInAnyOrder(Kind.values());
    for (int code = 0; code < kinds.length; code++) {
      Entry entry = new Entry(kinds[code], "text " + code, new Source(3, 17L + code));
      byte[] bytes = MessageSerde.serialize(TOPIC, entry);
      assertThat(bytes[2]).as("%s", kinds[code]).isEqualTo((byte) code); // version, tag, kind
      assertThat(MessageSerde.deserialize(TOPIC, bytes)).isEqualTo(entry);
    }
  }

  @Test
  void aReportComesBackWithItsNeighbours() {
    Report report =
        new Report(
            42,
            "doc-42",
            3,
            Kind.LOADED,
            List.of(new Neighbour("doc-7", 7, 0.875), new Neighbour("doc-9", 9, 1.0)),
            new Source(0, 99));
    assertThat(MessageSerde.deserialize(TOPIC, MessageSerde.serialize(TOPIC, report)))
        .isEqualTo(report);
  }

  @Test
  void anUnknownKindIsASerializationError() {
    byte[] bytes =
        MessageSerde.serialize(TOPIC, new Entry(Kind.DOCUMENT, "text", new Source(0, 0)));
    bytes[2] = 9;
    assertThatThrownBy(() -> MessageSerde.deserialize(TOPIC, bytes))
        .isInstanceOf(SerializationException.class)
        .hasMessageContaining("kind 9");
  }
}
