package org.neardup.streams.wire;

import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;

/**
 * The ids of the documents in one bucket, in the order they came. {@link #SERDE} owns the bytes of
 * a bucket in the shard's store: a count, then each id as UTF-8 with its length.
 */
public final class IdList {
  private IdList() {}

  /** The bytes of a bucket's member list. */
  public static final Serde<List<String>> SERDE = Serdes.serdeFrom(IdList::write, IdList::read);

  private static byte[] write(String topic, List<String> ids) {
    if (ids == null) {
      return null;
    }
    ByteWriter out = new ByteWriter(8 + 16 * ids.size()).writeInt(ids.size());
    for (String id : ids) {
      out.writeString(id);
    }
    return out.toByteArray();
  }

  private static List<String> read(String topic, byte[] bytes) {
    if (bytes == null) {
      return null;
    }
    ByteReader in = new ByteReader(bytes);
    int count = in.readInt();
    List<String> ids = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      ids.add(in.readString());
    }
    return ids;
  }
}
