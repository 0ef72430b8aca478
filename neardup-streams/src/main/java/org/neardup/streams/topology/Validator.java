package org.neardup.streams.topology;

import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.neardup.streams.wire.Message.Entry;
import org.neardup.streams.wire.Message.Kind;
import org.neardup.streams.wire.Message.Source;

/**
 * The first step, on every input partition: reads each record by the {@link RecordRule}, and hands
 * a valid one on as an {@link Entry} (to the sequencer) or a bad one as a rejection.
 */
final class Validator implements Processor<byte[], byte[], String, Object> {
  private final RecordRule rule;
  private ProcessorContext<String, Object> context;

  Validator(RecordRule rule) {
    this.rule = rule;
  }

  @Override
  public void init(ProcessorContext<String, Object> context) {
    this.context = context;
  }

  @Override
  public void process(Record<byte[], byte[]> record) {
    Source source = sourceOf(context);
    RecordRule.Read read = rule.read(record.key(), record.value());
    if (!read.valid()) {
      context.forward(
          record
              .withKey(read.id())
              .withValue(Outcome.rejection(Json.rejection(read.id(), read.problem(), source))));
      return;
    }
    Kind kind = read.text() == null ? Kind.TOMBSTONE : Kind.DOCUMENT;
    context.forward(record.withKey(read.id()).withValue(new Entry(kind, read.text(), source)));
  }

  /** The input partition and offset of the record being processed. */
  static Source sourceOf(ProcessorContext<?, ?> context) {
    RecordMetadata metadata =
        context
            .recordMetadata()
            .orElseThrow(() -> new IllegalStateException("an input record without metadata"));
    return new Source(metadata.partition(), metadata.offset());
  }
}
