package org.neardup.streams.topology;

import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.sketch.Sketch;
import org.neardup.streams.wire.Message;
import org.neardup.streams.wire.Message.Kind;
import org.neardup.streams.wire.Message.Sequenced;
import org.neardup.streams.wire.Message.ShardCopy;
import org.neardup.verify.Verifier;

/**
 * Sketches each record once ({@link DocumentSketcher}: normalize, shingle, sign), on the partition
 * its position falls on, and sends one copy to every shard: the shingle set to the shard that owns
 * the id, the text to the others (they shingle it again only to verify a candidate). A document of
 * the bootstrap comes sketched, with no text: every shard gets its signature and set.
 */
final class Sketcher implements Processor<String, Message, String, Message> {
  private final DocumentSketcher sketcher;
  private final Verifier verifier;
  private final int shards;
  private ProcessorContext<String, Message> context;

  Sketcher(DocumentSketcher sketcher, Verifier verifier, int shards) {
    this.sketcher = sketcher;
    this.verifier = verifier;
    this.shards = shards;
  }

  @Override
  public void init(ProcessorContext<String, Message> context) {
    this.context = context;
  }

  @Override
  public void process(Record<String, Message> record) {
    Sequenced sequenced = (Sequenced) record.value();
    String id = record.key();
    if (sequenced.kind() == Kind.TOMBSTONE) {
      forEachShard(record, shard -> copy(sequenced, id, shard, Kind.TOMBSTONE, null, null, null));
      return;
    }
    if (sequenced.kind() == Kind.LOADED) { // sketched already, and no text: the set to all
      long[] set = verifier.needsSets() ? sequenced.set() : null;
      forEachShard(
          record,
          shard -> copy(sequenced, id, shard, Kind.LOADED, sequenced.signature(), set, null));
      return;
    }
    Sketch sketch = sketcher.sketch(sequenced.text());
    if (sketch.isEmpty()) {
      forEachShard(record, shard -> copy(sequenced, id, shard, Kind.EMPTY, null, null, null));
      return;
    }
    int owner = Shards.of(id, shards);
    int[] signature = sketch.signature();
    boolean sets = verifier.needsSets();
    long[] set = sets ? sketch.shingleSet() : null;
    forEachShard(
        record,
        shard ->
            shard == owner
                ? copy(sequenced, id, shard, Kind.DOCUMENT, signature, set, null)
                : copy(
                    sequenced,
                    id,
                    shard,
                    Kind.DOCUMENT,
                    signature,
                    null,
                    sets ? sequenced.text() : null));
  }

  private void forEachShard(
      Record<String, Message> record, java.util.function.IntFunction<ShardCopy> copies) {
    for (int shard = 0; shard < shards; shard++) {
      context.forward(record.withValue(copies.apply(shard)));
    }
  }

  private static ShardCopy copy(
      Sequenced sequenced,
      String id,
      int shard,
      Kind kind,
      int[] signature,
      long[] set,
      String text) {
    return new ShardCopy(
        sequenced.seq(), id, shard, kind, signature, set, text, sequenced.source());
  }
}
