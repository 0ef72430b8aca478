package org.neardup.streams.wire;

import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.neardup.streams.wire.Message.Entry;
import org.neardup.streams.wire.Message.Kind;
import org.neardup.streams.wire.Message.Loaded;
import org.neardup.streams.wire.Message.Neighbour;
import org.neardup.streams.wire.Message.Notice;
import org.neardup.streams.wire.Message.Parked;
import org.neardup.streams.wire.Message.Report;
import org.neardup.streams.wire.Message.Seal;
import org.neardup.streams.wire.Message.Sequenced;
import org.neardup.streams.wire.Message.ShardCopy;
import org.neardup.streams.wire.Message.Source;

/**
 * The bytes of a {@link Message} on the internal topics (and in the decider's store of reports): a
 * format version (2), a tag for the type, then its fields big-endian, strings as UTF-8 with their
 * length, arrays with theirs (-1 for null).
 */
public final class MessageSerde {
  /** The serde of the internal topics' values. */
  public static final Serde<Message> SERDE =
      Serdes.serdeFrom(MessageSerde::serialize, MessageSerde::deserialize);

  private static final int VERSION = 2;
  private static final int ENTRY = 1;
  private static final int SEQUENCED = 2;
  private static final int SHARD_COPY = 3;
  private static final int REPORT = 4;
  private static final int NOTICE = 5;
  private static final int PARKED = 6;
  private static final int LOADED = 7;
  private static final int SEAL = 8;

  private MessageSerde() {}

  static byte[] serialize(String topic, Message message) {
    if (message == null) {
      return null;
    }
    ByteWriter out = new ByteWriter(64).writeByte(VERSION);
    if (message instanceof Entry e) {
      out.writeByte(ENTRY);
      writeEntry(out, e);
    } else if (message instanceof Parked p) {
      out.writeByte(PARKED).writeString(p.id());
      writeEntry(out, p.entry());
    } else if (message instanceof Loaded l) {
      out.writeByte(LOADED).writeLong(l.fingerprint()).writeLong(l.index());
      out.writeInts(l.signature()).writeLongs(l.set());
    } else if (message instanceof Seal s) {
      out.writeByte(SEAL).writeLong(s.fingerprint()).writeLong(s.entries()).writeString(s.files());
    } else if (message instanceof Sequenced s) {
      out.writeByte(SEQUENCED).writeLong(s.seq()).writeByte(code(s.kind()));
      out.writeString(s.text()).writeInts(s.signature()).writeLongs(s.set());
      writeSource(out, s.source());
    } else if (message instanceof ShardCopy c) {
      out.writeByte(SHARD_COPY).writeLong(c.seq()).writeString(c.id()).writeInt(c.shard());
      out.writeByte(code(c.kind())).writeInts(c.signature()).writeLongs(c.set());
      out.writeString(c.text());
      writeSource(out, c.source());
    } else if (message instanceof Report r) {
      out.writeByte(REPORT).writeLong(r.seq()).writeString(r.id()).writeInt(r.shards());
      out.writeByte(code(r.kind()));
      out.writeInt(r.neighbours().size());
      for (Neighbour n : r.neighbours()) {
        out.writeString(n.id()).writeLong(n.seq()).writeDouble(n.similarity());
      }
      writeSource(out, r.source());
    } else {
      Notice n = (Notice) message;
      out.writeByte(NOTICE).writeLong(n.seq()).writeByte(n.kept() ? 1 : 0);
    }
    return out.toByteArray();
  }

  static Message deserialize(String topic, byte[] bytes) {
    if (bytes == null) {
      return null;
    }
    try {
      ByteReader in = new ByteReader(bytes);
      int version = in.readByte();
      if (version != VERSION) {
        throw new SerializationException(
            "neardup-streams message of format version "
                + version
                + " (this build reads "
                + VERSION
                + ")");
      }
      int tag = in.readByte();
      return switch (tag) {
        case ENTRY -> readEntry(in);
        case PARKED -> new Parked(in.readString(), readEntry(in));
        case LOADED -> new Loaded(in.readLong(), in.readLong(), in.readInts(), in.readLongs());
        case SEAL -> new Seal(in.readLong(), in.readLong(), in.readString());
        case SEQUENCED ->
            new Sequenced(
                in.readLong(),
                kind(in),
                in.readString(),
                in.readInts(),
                in.readLongs(),
                readSource(in));
        case SHARD_COPY ->
            new ShardCopy(
                in.readLong(),
                in.readString(),
                in.readInt(),
                kind(in),
                in.readInts(),
                in.readLongs(),
                in.readString(),
                readSource(in));
        case REPORT -> {
          long seq = in.readLong();
          String id = in.readString();
          int shards = in.readInt();
          Kind kind = kind(in);
          int count = in.readInt();
          List<Neighbour> neighbours = new ArrayList<>(count);
          for (int i = 0; i < count; i++) {
            neighbours.add(new Neighbour(in.readString(), in.readLong(), in.readDouble()));
          }
          yield new Report(seq, id, shards, kind, neighbours, readSource(in));
        }
        case NOTICE -> new Notice(in.readLong(), in.readByte() == 1);
        default -> throw new SerializationException("unknown neardup-streams message tag " + tag);
      };
    } catch (RuntimeException e) {
      if (e instanceof SerializationException) {
        throw e;
      }
      throw new SerializationException("malformed neardup-streams message", e);
    }
  }

  /** A kind's byte on the wire: fixed here, whatever the order of {@link Kind}'s constants. */
  private static int code(Kind kind) {
    return switch (kind) {
      case DOCUMENT -> 0;
      case EMPTY -> 1;
      case TOMBSTONE -> 2;
      case LOADED -> 3;
    };
  }

  private static Kind kind(ByteReader in) {
    int code = in.readByte();
    return switch (code) {
      case 0 -> Kind.DOCUMENT;
      case 1 -> Kind.EMPTY;
      case 2 -> Kind.TOMBSTONE;
      case 3 -> Kind.LOADED;
      default -> throw new SerializationException("unknown record kind " + code);
    };
  }

  private static void writeEntry(ByteWriter out, Entry entry) {
    out.writeByte(code(entry.kind())).writeString(entry.text());
    writeSource(out, entry.source());
  }

  private static Entry readEntry(ByteReader in) {
    return new Entry(kind(in), in.readString(), readSource(in));
  }

  private static void writeSource(ByteWriter out, Source source) {
    out.writeInt(source.partition()).writeLong(source.offset());
  }

  private static Source readSource(ByteReader in) {
    return new Source(in.readInt(), in.readLong());
  }
}
