package org.neardup.streams.topology;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;
import org.neardup.streams.wire.Message;
import org.neardup.streams.wire.Message.Entry;
import org.neardup.streams.wire.Message.Kind;
import org.neardup.streams.wire.Message.Neighbour;
import org.neardup.streams.wire.Message.Report;
import org.neardup.streams.wire.Message.Seal;
import org.neardup.streams.wire.Message.Source;
import org.neardup.streams.wire.MessageSerde;

/**
 * What one record costs in the steps of {@code ./neardup stream} that run in a single task whatever
 * the number of instances, each step alone as a Kafka Streams application on a real broker, exactly
 * once, on RocksDB stores with changelogs, one stream thread: the validation (of one input
 * partition), the sequencer, and the decider with S shards (S reports a document). Its input is
 * produced before it starts; the time runs from RUNNING until its input offsets are committed,
 * after a first round on a quarter of the documents (not printed) in the same JVM, so that the
 * figures are those of compiled code, as in a stream that runs for long. Prints one line a step:
 * documents, seconds, documents a second, and the CPU of the step's JVM (this one) and of the
 * broker, per document. In this package to run the topology's own processors. Run by {@code
 * scripts/bench-streams.sh}:
 *
 * <pre>
 * java -cp neardup-bench/target/classes:STREAMS_CLASSPATH org.neardup.streams.topology.OrderedStepsBench \
 *     BOOTSTRAP BROKER_PID CORPUS.tsv SHARDS...
 * </pre>
 */
public final class OrderedStepsBench {
  private static final OperatingSystemMXBean OS =
      (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private final String bootstrap;
  private final long brokerPid;
  private final Path state;
  private boolean print;

  private OrderedStepsBench(String bootstrap, long brokerPid, Path state) {
    this.bootstrap = bootstrap;
    this.brokerPid = brokerPid;
    this.state = state;
  }

  public static void main(String[] args) throws Exception {
    List<String[]> corpus = new ArrayList<>();
    for (String line : Files.readAllLines(Path.of(args[2]), StandardCharsets.UTF_8)) {
      int tab = line.indexOf('\t');
      corpus.add(new String[] {line.substring(0, tab), line.substring(tab + 1)});
    }
    OrderedStepsBench bench =
        new OrderedStepsBench(
            args[0], Long.parseLong(args[1]), Files.createTempDirectory("neardup-ordered-steps"));
    String run = Long.toString(System.currentTimeMillis(), 36);
    // a first round on a quarter of the documents, not printed: the JIT compiles the steps' code
    List<String[]> quarter = corpus.subList(0, corpus.size() / 4);
    bench.print = false;
    bench.validate(run + "w", quarter);
    bench.sequence(run + "w", quarter);
    for (int i = 3; i < args.length; i++) {
      bench.decide(run + "w", quarter.size(), Integer.parseInt(args[i]));
    }
    bench.print = true;
    System.out.println(
        "| step | documents | records in | seconds | documents/s | step CPU µs/document |"
            + " broker CPU µs/document |");
    System.out.println("|---|---|---|---|---|---|---|");
    bench.validate(run, corpus);
    bench.sequence(run, corpus);
    for (int i = 3; i < args.length; i++) {
      bench.decide(run, corpus.size(), Integer.parseInt(args[i]));
    }
  }

  /** The validation of one input partition: the record rule, an entry out. */
  private void validate(String run, List<String[]> corpus) throws Exception {
    String in = "steps-validate-in-" + run;
    List<ProducerRecord<byte[], byte[]>> records = new ArrayList<>();
    for (String[] document : corpus) {
      records.add(new ProducerRecord<>(in, 0, bytes(document[0]), bytes(document[1])));
    }
    produce(in, records, new ByteArraySerializer(), new ByteArraySerializer());
    StreamsBuilder builder = new StreamsBuilder();
    RecordRule rule = new RecordRule(List.of());
    builder.stream(in, Consumed.with(Serdes.ByteArray(), Serdes.ByteArray()))
        .process(() -> new Validator(rule))
        .filter((id, value) -> value instanceof Message)
        .mapValues(value -> (Message) value)
        .to(in + "-out", Produced.with(Serdes.String(), MessageSerde.SERDE));
    measure("validate", "steps-validate-" + run, builder, in, corpus.size(), corpus.size());
  }

  /** The sequencer: a position, an id held, a sequenced record out. */
  private void sequence(String run, List<String[]> corpus) throws Exception {
    String in = "steps-sequence-in-" + run;
    List<ProducerRecord<String, Message>> records = new ArrayList<>();
    records.add(new ProducerRecord<>(in, 0, Seal.KEY, new Seal(0, 0, "")));
    for (int i = 0; i < corpus.size(); i++) {
      records.add(
          new ProducerRecord<>(
              in,
              0,
              corpus.get(i)[0],
              new Entry(Kind.DOCUMENT, corpus.get(i)[1], new Source(0, i))));
    }
    produce(in, records, new StringSerializer(), MessageSerde.SERDE.serializer());
    StreamsBuilder builder = new StreamsBuilder();
    Serde<String> strings = Serdes.String();
    builder.addStateStore(store(Sequencer.IDS, strings, Serdes.Long()));
    builder.addStateStore(store(Sequencer.NEXT, strings, Serdes.Long()));
    builder.addStateStore(store(Sequencer.PARKED, Serdes.Long(), MessageSerde.SERDE));
    builder.stream(in, Consumed.with(strings, MessageSerde.SERDE))
        .process(Sequencer::new, Sequencer.IDS, Sequencer.NEXT, Sequencer.PARKED)
        .filter((id, value) -> value instanceof Message)
        .mapValues(value -> (Message) value)
        .to(in + "-out", Produced.with(strings, MessageSerde.SERDE));
    measure("sequence", "steps-sequence-" + run, builder, in, corpus.size(), records.size());
  }

  /**
   * The decider with {@code shards} shards: a report from each shard a document, the decision and
   * the notice out. One document in seven has a verified neighbour (the one before it), as in a
   * corpus where about one in seven is removed.
   */
  private void decide(String run, int documents, int shards) throws Exception {
    String in = "steps-decide-" + shards + "-in-" + run;
    List<ProducerRecord<String, Message>> records = new ArrayList<>();
    for (int i = 0; i < documents; i++) {
      String id = "d" + i;
      for (int shard = 0; shard < shards; shard++) {
        List<Neighbour> neighbours =
            i > 0 && i % 7 == 0 && shard == i % shards
                ? List.of(new Neighbour("d" + (i - 1), i - 1, 0.9))
                : List.of();
        records.add(
            new ProducerRecord<>(
                in, 0, id, new Report(i, id, 1, Kind.DOCUMENT, neighbours, new Source(0, i))));
      }
    }
    produce(in, records, new StringSerializer(), MessageSerde.SERDE.serializer());
    StreamsBuilder builder = new StreamsBuilder();
    Serde<String> strings = Serdes.String();
    builder.addStateStore(store(Decider.REPORTS, Serdes.Long(), MessageSerde.SERDE));
    builder.addStateStore(store(Decider.NEXT, strings, Serdes.Long()));
    builder.addStateStore(store(Decider.KEPT, strings, Serdes.Long()));
    KStream<String, Object> decided =
        builder.stream(in, Consumed.with(strings, MessageSerde.SERDE))
            .process(() -> new Decider(shards), Decider.REPORTS, Decider.NEXT, Decider.KEPT);
    decided
        .filter((id, value) -> value instanceof Outcome)
        .mapValues(value -> ((Outcome) value).json())
        .to(in + "-decisions", Produced.with(strings, strings));
    decided
        .filter((id, value) -> value instanceof Message)
        .mapValues(value -> (Message) value)
        .to(in + "-notices", Produced.with(strings, MessageSerde.SERDE));
    measure(
        "decide, " + shards + " shards",
        "steps-decide-" + shards + "-" + run,
        builder,
        in,
        documents,
        records.size());
  }

  private static <K, V> StoreBuilder<KeyValueStore<K, V>> store(
      String name, Serde<K> keys, Serde<V> values) {
    return Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(name), keys, values);
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private Properties client() {
    Properties properties = new Properties();
    properties.put("bootstrap.servers", bootstrap);
    return properties;
  }

  private <K, V> void produce(
      String topic, List<ProducerRecord<K, V>> records, Serializer<K> keys, Serializer<V> values)
      throws Exception {
    try (Admin admin = Admin.create(client())) {
      admin
          .createTopics(List.of(new NewTopic(topic, 1, (short) 1)))
          .all()
          .get(60, TimeUnit.SECONDS);
    }
    Properties properties = client();
    properties.put("acks", "all");
    properties.put("linger.ms", "20");
    try (KafkaProducer<K, V> producer = new KafkaProducer<>(properties, keys, values)) {
      List<Future<RecordMetadata>> sent = new ArrayList<>(records.size());
      for (ProducerRecord<K, V> record : records) {
        sent.add(producer.send(record));
      }
      for (Future<RecordMetadata> future : sent) {
        future.get(); // a failed send fails the run
      }
    }
  }

  /**
   * Runs {@code builder}'s topology as application {@code app} until it has committed every one of
   * the {@code records} records of {@code in}, and prints the step's line.
   */
  private void measure(
      String step, String app, StreamsBuilder builder, String in, int documents, int records)
      throws Exception {
    Properties properties = client();
    properties.put(StreamsConfig.APPLICATION_ID_CONFIG, app);
    properties.put(StreamsConfig.STATE_DIR_CONFIG, state.toString());
    properties.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
    properties.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, 1);
    TopicPartition partition = new TopicPartition(in, 0);
    try (Admin admin = Admin.create(client());
        KafkaStreams streams = new KafkaStreams(builder.build(), properties)) {
      long end =
          admin
              .listOffsets(Map.of(partition, OffsetSpec.latest()))
              .partitionResult(partition)
              .get()
              .offset();
      CountDownLatch running = new CountDownLatch(1);
      streams.setStateListener(
          (now, before) -> {
            if (now == KafkaStreams.State.RUNNING) {
              running.countDown();
            }
          });
      streams.start();
      if (!running.await(10, TimeUnit.MINUTES)) {
        throw new IllegalStateException(app + " did not start: " + streams.state());
      }
      long cpu = OS.getProcessCpuTime();
      long broker = brokerTicks();
      long started = System.nanoTime();
      while (committed(admin, app, partition) < end) {
        if (!streams.state().isRunningOrRebalancing()) {
          throw new IllegalStateException(app + " stopped: " + streams.state());
        }
        Thread.sleep(50);
      }
      double seconds = (System.nanoTime() - started) / 1e9;
      double stepCpu = (OS.getProcessCpuTime() - cpu) / 1e3;
      double brokerCpu = (brokerTicks() - broker) * 1e6 / ticksPerSecond();
      if (print) {
        System.out.printf(
            "| %s | %,d | %,d | %.1f | %,.0f | %,.0f | %,.0f |%n",
            step,
            documents,
            records,
            seconds,
            documents / seconds,
            stepCpu / documents,
            brokerCpu / documents);
      }
    }
  }

  private static long committed(Admin admin, String app, TopicPartition partition)
      throws Exception {
    OffsetAndMetadata offset =
        admin.listConsumerGroupOffsets(app).partitionsToOffsetAndMetadata().get().get(partition);
    return offset == null ? 0 : offset.offset();
  }

  /** The broker's CPU ticks (user and system) from /proc. */
  private long brokerTicks() throws Exception {
    String stat = Files.readString(Path.of("/proc/" + brokerPid + "/stat"));
    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ", -1);
    return Long.parseLong(fields[11]) + Long.parseLong(fields[12]); // utime, stime
  }

  /** /proc's clock ticks a second: USER_HZ, 100 on Linux. */
  private static double ticksPerSecond() {
    return 100;
  }
}
