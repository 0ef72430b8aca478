package org.neardup.streams.topology;

import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.neardup.streams.wire.Message;
import org.neardup.streams.wire.Message.Entry;
import org.neardup.streams.wire.Message.Kind;
import org.neardup.streams.wire.Message.Loaded;
import org.neardup.streams.wire.Message.Parked;
import org.neardup.streams.wire.Message.Seal;
import org.neardup.streams.wire.Message.Sequenced;
import org.neardup.streams.wire.Message.Source;

/**
 * The one step that runs in a single task: gives each valid record its position {@code seq} in the
 * total order (0, 1, 2, ... in the order the records reach it), and refuses a document whose id is
 * held (decided and not deleted since), as {@code dedup} refuses an id twice. Its work a record is
 * two store operations: the ids held, and the next position.
 *
 * <p>It reads the bootstrap topic too. The bootstrap's documents come first in the order: no input
 * record is given a position before the bootstrap's seal. One that comes earlier (Kafka Streams
 * picks between the two topics by timestamp) waits in a store, in the order it came, and takes its
 * turn when the seal comes.
 */
final class Sequencer implements Processor<String, Message, String, Object> {
  static final String IDS = "sequencer-ids";
  static final String NEXT = "sequencer-next";
  static final String PARKED = "sequencer-parked";
  private static final String NEXT_KEY = "next";

  /** Under this key of {@link #NEXT}, once the bootstrap is sealed: its number of documents. */
  private static final String SEALED_KEY = "sealed";

  /** Under this key of {@link #NEXT}: how many input records have waited for the seal. */
  private static final String PARKED_KEY = "parked";

  private ProcessorContext<String, Object> context;
  private KeyValueStore<String, Long> ids;
  private KeyValueStore<String, Long> next;
  private KeyValueStore<Long, Message> parked;

  @Override
  public void init(ProcessorContext<String, Object> context) {
    this.context = context;
    this.ids = context.getStateStore(IDS);
    this.next = context.getStateStore(NEXT);
    this.parked = context.getStateStore(PARKED);
  }

  @Override
  public void process(Record<String, Message> record) {
    Message message = record.value();
    if (message instanceof Seal seal) {
      sealed(seal, record);
    } else if (message instanceof Loaded loaded) {
      Source source = Validator.sourceOf(context);
      String what = "bootstrap entry " + loaded.index() + ": ";
      if (next.get(SEALED_KEY) != null) {
        reject(record, record.key(), what + "after the bootstrap's seal", source);
        return;
      }
      sequence(
          record,
          record.key(),
          new Sequenced(-1, Kind.LOADED, null, loaded.signature(), loaded.set(), source),
          what);
    } else {
      Entry entry = (Entry) message;
      if (next.get(SEALED_KEY) == null) {
        long count = orZero(next.get(PARKED_KEY));
        parked.put(count, new Parked(record.key(), entry));
        next.put(PARKED_KEY, count + 1);
        return;
      }
      sequence(record, record.key(), sequenced(entry), "");
    }
  }

  /** The bootstrap is whole: the input records that waited for it take their turns, in order. */
  private void sealed(Seal seal, Record<String, Message> record) {
    if (next.get(SEALED_KEY) != null) {
      return; // sealed already (a seal is written once; a second one changes nothing)
    }
    next.put(SEALED_KEY, seal.entries());
    long count = orZero(next.get(PARKED_KEY));
    for (long i = 0; i < count; i++) {
      Parked waited = (Parked) parked.get(i);
      parked.delete(i);
      sequence(record, waited.id(), sequenced(waited.entry()), "");
    }
    next.delete(PARKED_KEY);
  }

  private static Sequenced sequenced(Entry entry) {
    return new Sequenced(-1, entry.kind(), entry.text(), null, null, entry.source());
  }

  /**
   * Gives {@code unsequenced} (its seq -1) the next position, unless its id is held: then it is
   * rejected, the reason after {@code what}.
   */
  private void sequence(
      Record<String, Message> record, String id, Sequenced unsequenced, String what) {
    if (unsequenced.kind() == Kind.TOMBSTONE) {
      ids.delete(id);
    } else {
      Long held = ids.get(id);
      if (held != null) {
        reject(
            record,
            id,
            what
                + "duplicate id: a document with this id is held (decided at seq "
                + held
                + "); a tombstone deletes it first",
            unsequenced.source());
        return;
      }
    }
    long seq = orZero(next.get(NEXT_KEY));
    next.put(NEXT_KEY, seq + 1);
    if (unsequenced.kind() != Kind.TOMBSTONE) {
      ids.put(id, seq);
    }
    context.forward(
        record
            .withKey(id)
            .withValue(
                new Sequenced(
                    seq,
                    unsequenced.kind(),
                    unsequenced.text(),
                    unsequenced.signature(),
                    unsequenced.set(),
                    unsequenced.source())));
  }

  private void reject(Record<String, Message> record, String id, String reason, Source source) {
    context.forward(
        record.withKey(id).withValue(Outcome.rejection(Json.rejection(id, reason, source))));
  }

  private static long orZero(Long value) {
    return value == null ? 0 : value;
  }
}
