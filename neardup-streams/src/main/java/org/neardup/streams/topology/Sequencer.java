package org.neardup.streams.topology;

import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.neardup.streams.wire.Message;
import org.neardup.streams.wire.Message.Entry;
import org.neardup.streams.wire.Message.Kind;
import org.neardup.streams.wire.Message.Sequenced;

/**
 * The one step that runs in a single task: gives each valid record its position {@code seq} in the
 * total order (0, 1, 2, ... in the order the records reach it), and refuses a document whose id is
 * held (decided and not deleted since), as {@code dedup} refuses an id twice. Its work a record is
 * two store operations: the ids held, and the next position.
 */
final class Sequencer implements Processor<String, Message, String, Object> {
  static final String IDS = "sequencer-ids";
  static final String NEXT = "sequencer-next";
  private static final String NEXT_KEY = "next";

  private ProcessorContext<String, Object> context;
  private KeyValueStore<String, Long> ids;
  private KeyValueStore<String, Long> next;

  @Override
  public void init(ProcessorContext<String, Object> context) {
    this.context = context;
    this.ids = context.getStateStore(IDS);
    this.next = context.getStateStore(NEXT);
  }

  @Override
  public void process(Record<String, Message> record) {
    Entry entry = (Entry) record.value();
    String id = record.key();
    if (entry.kind() == Kind.TOMBSTONE) {
      ids.delete(id);
    } else {
      Long held = ids.get(id);
      if (held != null) {
        context.forward(
            record.withValue(
                Outcome.rejection(
                    Json.rejection(
                        id,
                        "duplicate id: a document with this id is held (decided at seq "
                            + held
                            + "); a tombstone deletes it first",
                        entry.source()))));
        return;
      }
    }
    Long stored = next.get(NEXT_KEY);
    long seq = stored == null ? 0 : stored;
    next.put(NEXT_KEY, seq + 1);
    if (entry.kind() != Kind.TOMBSTONE) {
      ids.put(id, seq);
    }
    context.forward(
        record.withValue(new Sequenced(seq, entry.kind(), entry.text(), entry.source())));
  }
}
