package org.neardup.streams.topology;

import java.util.function.Function;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.state.KeyValueBytesStoreSupplier;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;
import org.neardup.config.PipelineConfig;
import org.neardup.lsh.Banding;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.streams.wire.IdList;
import org.neardup.streams.wire.Message;
import org.neardup.streams.wire.Message.Sequenced;
import org.neardup.streams.wire.Message.ShardCopy;
import org.neardup.streams.wire.MessageSerde;
import org.neardup.streams.wire.StoredDocument;
import org.neardup.verify.Verifier;

/**
 * The dedup topology. Five steps, each its own sub-topology, joined by internal topics:
 *
 * <ol>
 *   <li>{@code validate}, on every input partition: the record rule; bad records to the rejects
 *       topic.
 *   <li>{@code sequence}, one task: each record's position in the total order, the bootstrap's
 *       documents first; an id held twice rejected.
 *   <li>{@code sketch}, on {@code shards} partitions (by position): sketched once, a copy to each
 *       shard.
 *   <li>{@code shard}, on {@code shards} partitions (one a shard): the documents the shard owns, in
 *       an id-keyed store of signatures and sets and a band-keyed store of buckets; each record's
 *       verified earlier neighbours, reported to the decider.
 *   <li>{@code decide}, one task: the decision, in order, against the kept set; the output topic; a
 *       notice to the owning shard, which confirms a kept document or drops a removed one.
 * </ol>
 *
 * <p>Every store is a Kafka Streams persistent store with a changelog.
 */
public final class DedupTopology {
  /** The internal topics' names, after the application id. */
  public static final String SEQUENCE = "sequence";

  public static final String SKETCH = "sketch";
  public static final String SHARD = "shard";
  public static final String REPORT = "report";

  private DedupTopology() {}

  /** The topology for {@code settings}, its stores on RocksDB. */
  public static Topology build(StreamSettings settings) {
    return build(settings, Stores::persistentKeyValueStore);
  }

  /**
   * The topology for {@code settings}, its stores from {@code stores} (by name): the tests on
   * {@code TopologyTestDriver} keep most of them in memory, where the bytes are the same.
   */
  static Topology build(
      StreamSettings settings, Function<String, KeyValueBytesStoreSupplier> stores) {
    PipelineConfig config = settings.config();
    if (settings.shards() > Shard.MAX_SHARDS) {
      throw new IllegalArgumentException(
          "at most " + Shard.MAX_SHARDS + " shards, got " + settings.shards());
    }
    int shards = settings.shards();
    DocumentSketcher sketcher = DocumentSketcher.create(config.sketch());
    Banding banding = new Banding(config.lshParams());
    Verifier verifier = config.verifier();
    Serde<String> strings = Serdes.String();
    Serde<Message> messages = MessageSerde.SERDE;
    Serde<Long> longs = Serdes.Long();
    StreamsBuilder builder = new StreamsBuilder();
    builder.addStateStore(store(stores, Sequencer.IDS, strings, longs));
    builder.addStateStore(store(stores, Sequencer.NEXT, strings, longs));
    builder.addStateStore(store(stores, Sequencer.PARKED, longs, messages));
    builder.addStateStore(store(stores, Shard.DOCUMENTS, strings, StoredDocument.SERDE));
    builder.addStateStore(store(stores, Shard.BUCKETS, longs, IdList.SERDE));
    builder.addStateStore(store(stores, Shard.WAITING, longs, messages));
    builder.addStateStore(store(stores, Shard.NEXT, Serdes.Integer(), longs));
    builder.addStateStore(store(stores, Decider.REPORTS, longs, messages));
    builder.addStateStore(store(stores, Decider.NEXT, strings, longs));
    builder.addStateStore(store(stores, Decider.KEPT, strings, longs));

    RecordRule rule = new RecordRule(settings.textFields());
    KStream<String, Object> validated =
        builder.stream(settings.inputTopic(), Consumed.with(Serdes.ByteArray(), Serdes.ByteArray()))
            .process(() -> new Validator(rule), Named.as("validate"));
    toRejects(validated, settings);

    KStream<String, Message> bootstrap =
        builder.stream(settings.bootstrapTopic(), Consumed.with(strings, messages));
    KStream<String, Object> sequenced =
        messagesOf(validated)
            .repartition(internal(SEQUENCE, 1, messages, null))
            .merge(bootstrap, Named.as("sequence-input"))
            .process(
                Sequencer::new,
                Named.as("sequence"),
                Sequencer.IDS,
                Sequencer.NEXT,
                Sequencer.PARKED);
    toRejects(sequenced, settings);

    OnePartition byPosition =
        new OnePartition(
            (key, value, partitions) -> (int) (((Sequenced) value).seq() % partitions));
    OnePartition byShard =
        new OnePartition((key, value, partitions) -> ((ShardCopy) value).shard() % partitions);
    KStream<String, Message> copies =
        messagesOf(sequenced)
            .repartition(internal(SKETCH, shards, messages, byPosition))
            .process(() -> new Sketcher(sketcher, verifier, shards), Named.as("sketch"));
    KStream<String, Message> notices =
        builder.stream(settings.noticeTopic(), Consumed.with(strings, messages));
    KStream<String, Object> decided =
        copies
            .repartition(internal(SHARD, shards, messages, byShard))
            .merge(notices, Named.as("shard-input"))
            .process(
                () -> new Shard(sketcher, banding, verifier, shards),
                Named.as("shard"),
                Shard.DOCUMENTS,
                Shard.BUCKETS,
                Shard.WAITING,
                Shard.NEXT)
            .repartition(internal(REPORT, 1, messages, null))
            .process(
                () -> new Decider(shards),
                Named.as("decide"),
                Decider.REPORTS,
                Decider.NEXT,
                Decider.KEPT);
    decided
        .filter((id, value) -> value instanceof Outcome, Named.as("decisions"))
        .mapValues(value -> ((Outcome) value).json(), Named.as("decision-json"))
        .to(settings.outputTopic(), Produced.with(strings, strings));
    OnePartition toOwner =
        new OnePartition((id, value, partitions) -> Shards.of(id, shards) % partitions);
    messagesOf(decided).to(settings.noticeTopic(), Produced.with(strings, messages, toOwner));
    return builder.build();
  }

  private static KStream<String, Message> messagesOf(KStream<String, Object> stream) {
    return stream
        .filter((id, value) -> value instanceof Message)
        .mapValues(value -> (Message) value);
  }

  private static void toRejects(KStream<String, Object> stream, StreamSettings settings) {
    stream
        .filter((id, value) -> value instanceof Outcome outcome && outcome.rejected())
        .mapValues(value -> ((Outcome) value).json())
        .to(settings.rejectsTopic(), Produced.with(Serdes.String(), Serdes.String()));
  }

  private static Repartitioned<String, Message> internal(
      String name, int partitions, Serde<Message> messages, OnePartition by) {
    Repartitioned<String, Message> repartitioned =
        Repartitioned.<String, Message>as(name)
            .withKeySerde(Serdes.String())
            .withValueSerde(messages)
            .withNumberOfPartitions(partitions);
    return by == null ? repartitioned : repartitioned.withStreamPartitioner(by);
  }

  private static <K, V> StoreBuilder<KeyValueStore<K, V>> store(
      Function<String, KeyValueBytesStoreSupplier> stores,
      String name,
      Serde<K> keys,
      Serde<V> values) {
    return Stores.keyValueStoreBuilder(stores.apply(name), keys, values);
  }
}
