package org.neardup.streams.topology;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.neardup.lsh.Banding;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.streams.wire.Message;
import org.neardup.streams.wire.Message.Neighbour;
import org.neardup.streams.wire.Message.Notice;
import org.neardup.streams.wire.Message.Report;
import org.neardup.streams.wire.Message.ShardCopy;
import org.neardup.streams.wire.StoredDocument;
import org.neardup.verify.Verifier;

/**
 * A shard: holds the documents whose id it owns (an id-keyed store of signatures and sets, and a
 * band-keyed store of their buckets), and for every record, in the order of its position, finds the
 * earlier documents it holds at or above the threshold: LSH candidates ({@link Banding}), verified
 * exactly ({@link Verifier}), as {@code pairs} finds them. It reports them to the decider and, when
 * it owns the record, holds it, on the chance it is kept: the decider's notice then confirms it or
 * drops it, so that what the shards hold becomes the kept set.
 *
 * <p>Copies arrive from every sketching partition, each partition in order; a copy that comes
 * before its turn waits in a store. Several shards may share a task (the test driver runs them all
 * in one): every key of the stores is the shard's alone.
 */
final class Shard implements Processor<String, Message, String, Message> {
  static final String DOCUMENTS = "shard-documents";
  static final String BUCKETS = "shard-buckets";
  static final String WAITING = "shard-waiting";
  static final String NEXT = "shard-next";

  /** The most shards: {@link #waitingKey} keeps a shard in 16 bits. */
  static final int MAX_SHARDS = 1 << 16;

  private final DocumentSketcher sketcher;
  private final Banding banding;
  private final Verifier verifier;
  private final int shards;
  private ProcessorContext<String, Message> context;
  private KeyValueStore<String, StoredDocument> documents;
  private KeyValueStore<Long, List<String>> buckets;
  private KeyValueStore<Long, Message> waiting;
  private KeyValueStore<Integer, Long> next;

  Shard(DocumentSketcher sketcher, Banding banding, Verifier verifier, int shards) {
    this.sketcher = sketcher;
    this.banding = banding;
    this.verifier = verifier;
    this.shards = shards;
  }

  @Override
  public void init(ProcessorContext<String, Message> context) {
    this.context = context;
    this.documents = context.getStateStore(DOCUMENTS);
    this.buckets = context.getStateStore(BUCKETS);
    this.waiting = context.getStateStore(WAITING);
    this.next = context.getStateStore(NEXT);
  }

  @Override
  public void process(Record<String, Message> record) {
    if (record.value() instanceof Notice notice) {
      noticed(record.key(), notice);
      return;
    }
    ShardCopy copy = (ShardCopy) record.value();
    int shard = copy.shard();
    Long stored = next.get(shard);
    long turn = stored == null ? 0 : stored;
    if (copy.seq() < turn) {
      throw new IllegalStateException(
          "shard " + shard + " got position " + copy.seq() + " again (next is " + turn + ")");
    }
    if (copy.seq() > turn) {
      waiting.put(waitingKey(copy.seq(), shard), copy);
      return;
    }
    handle(copy, record);
    turn++;
    for (Message queued = waiting.get(waitingKey(turn, shard));
        queued != null;
        queued = waiting.get(waitingKey(turn, shard))) {
      waiting.delete(waitingKey(turn, shard));
      ShardCopy waited = (ShardCopy) queued;
      handle(waited, record);
      turn++;
    }
    next.put(shard, turn);
  }

  private static long waitingKey(long seq, int shard) {
    return (seq << 16) | shard;
  }

  /** Reports what the shard holds for {@code copy}, and holds the document when it owns it. */
  private void handle(ShardCopy copy, Record<String, Message> trigger) {
    String id = copy.id();
    boolean owner = Shards.of(id, shards) == copy.shard();
    List<Neighbour> neighbours = List.of();
    switch (copy.kind()) {
      case TOMBSTONE -> {
        StoredDocument held = owner ? documents.get(id) : null;
        if (held != null) {
          drop(id, held);
        }
      }
      case EMPTY -> {}
      case DOCUMENT, LOADED -> {
        long[] keys = banding.bucketKeys(copy.signature());
        Map<Long, List<String>> members = new LinkedHashMap<>();
        Set<String> candidates = new LinkedHashSet<>();
        for (long key : keys) {
          List<String> bucket = buckets.get(key);
          members.put(key, bucket);
          if (bucket != null) {
            for (String member : bucket) {
              if (Shards.of(member, shards) == copy.shard()) {
                candidates.add(member);
              }
            }
          }
        }
        neighbours = verified(copy, candidates);
        if (owner) {
          documents.put(id, new StoredDocument(copy.seq(), false, copy.signature(), copy.set()));
          for (Map.Entry<Long, List<String>> bucket : members.entrySet()) {
            List<String> held =
                bucket.getValue() == null ? new ArrayList<>(1) : new ArrayList<>(bucket.getValue());
            held.add(id);
            buckets.put(bucket.getKey(), held);
          }
        }
      }
    }
    context.forward(
        trigger
            .withKey(id)
            .withValue(new Report(copy.seq(), id, 1, copy.kind(), neighbours, copy.source())));
  }

  /** The candidates at or above the threshold, each with its exact similarity. */
  private List<Neighbour> verified(ShardCopy copy, Set<String> candidates) {
    // a copy for another shard carries the text, shingled only if a candidate needs the set
    Supplier<long[]> set = copy.set() != null ? copy::set : () -> sketcher.shingleSet(copy.text());
    return Lookup.verified(verifier, copy.signature(), set, candidates, documents);
  }

  private void noticed(String id, Notice notice) {
    StoredDocument held = documents.get(id);
    if (held == null || held.seq() != notice.seq()) {
      return;
    }
    if (notice.kept()) {
      documents.put(id, held.asKept());
    } else {
      drop(id, held);
    }
  }

  private void drop(String id, StoredDocument held) {
    for (long key : banding.bucketKeys(held.signature())) {
      List<String> members = buckets.get(key);
      if (members == null) {
        continue;
      }
      List<String> left = new ArrayList<>(members);
      left.remove(id);
      if (left.isEmpty()) {
        buckets.delete(key);
      } else {
        buckets.put(key, left);
      }
    }
    documents.delete(id);
  }
}
