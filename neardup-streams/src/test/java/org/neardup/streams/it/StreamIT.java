package org.neardup.streams.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.streams.KeyValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.DuplicateRemoval;
import org.neardup.NearDup;
import org.neardup.cluster.KeepPolicy;
import org.neardup.config.PipelineConfig;
import org.neardup.index.KeptSetCheck;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.streams.topology.StreamSettings;
import org.neardup.streams.topology.UninterruptedRun;
import org.neardup.testkit.SharedData;

/**
 * {@code ./neardup stream} as users run it: a real KRaft broker ({@link BrokerProcess}), the Kijiji
 * listings produced to a topic, two instances as separate processes.
 */
class StreamIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final PipelineConfig CONFIG = PipelineConfig.builder().build();

  @TempDir Path directory;

  /** The Kijiji listings, id (record number) to title and description. */
  static List<Map.Entry<String, String>> kijiji() throws Exception {
    List<String> lines =
        Files.readAllLines(
            SharedData.file("kijiji/dataset_rent_rome_kijiji.tsv"), StandardCharsets.UTF_8);
    List<Map.Entry<String, String>> documents = new ArrayList<>();
    for (int i = 1; i < lines.size(); i++) {
      String[] fields = lines.get(i).split("\t", -1);
      documents.add(Map.entry(Integer.toString(i), fields[0] + " " + fields[1]));
    }
    return documents;
  }

  private Properties client(BrokerProcess broker) {
    Properties properties = new Properties();
    properties.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
    return properties;
  }

  private void produce(
      BrokerProcess broker, String topic, int partitions, List<Map.Entry<String, byte[]>> records)
      throws Exception {
    try (Admin admin = Admin.create(client(broker))) {
      admin
          .createTopics(List.of(new NewTopic(topic, partitions, (short) 1)))
          .all()
          .get(60, TimeUnit.SECONDS);
    }
    Properties properties = client(broker);
    properties.put(ProducerConfig.ACKS_CONFIG, "all");
    properties.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    try (KafkaProducer<byte[], byte[]> producer =
        new KafkaProducer<>(properties, new ByteArraySerializer(), new ByteArraySerializer())) {
      for (Map.Entry<String, byte[]> record : records) {
        byte[] key =
            record.getKey() == null ? null : record.getKey().getBytes(StandardCharsets.UTF_8);
        producer.send(new ProducerRecord<>(topic, key, record.getValue()));
      }
      producer.flush();
    }
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private StreamProcess instance(BrokerProcess broker, String app, String name, String in)
      throws Exception {
    return StreamProcess.start(
        directory.resolve(name + ".log"),
        List.of(
            "--bootstrap-servers",
            broker.bootstrapServers(),
            "--input",
            in,
            "--output",
            in + "-out",
            "--application-id",
            app,
            "--state-dir",
            directory.resolve(name).toString(),
            "--shards",
            "2",
            "--threads",
            "1",
            // a killed instance's tasks move after 6 s instead of the default 45 s
            "--config",
            "session.timeout.ms=6000",
            "--config",
            "heartbeat.interval.ms=1500"));
  }

  /** Reads committed records of {@code topic} until {@code count} or the instances fail. */
  private List<ConsumerRecord<String, String>> read(
      BrokerProcess broker,
      String topic,
      int count,
      List<StreamProcess> instances,
      Runnable onThird)
      throws Exception {
    Properties properties = client(broker);
    properties.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    properties.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    List<ConsumerRecord<String, String>> records = new ArrayList<>();
    Instant deadline = Instant.now().plus(Duration.ofMinutes(5));
    boolean third = false;
    try (KafkaConsumer<String, String> consumer =
        new KafkaConsumer<>(properties, new StringDeserializer(), new StringDeserializer())) {
      List<TopicPartition> partitions = new ArrayList<>();
      while (partitions.isEmpty()) {
        consumer
            .partitionsFor(topic)
            .forEach(p -> partitions.add(new TopicPartition(topic, p.partition())));
      }
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      while (records.size() < count) {
        consumer.poll(Duration.ofMillis(500)).forEach(records::add);
        if (!third && records.size() >= count / 3 && onThird != null) {
          third = true;
          onThird.run();
        }
        for (StreamProcess instance : instances) {
          assertThat(instance.isAlive()).as("an instance died: %s", instance.log()).isTrue();
        }
        assertThat(Instant.now())
            .as("%d of %d decisions within 5 minutes", records.size(), count)
            .isBefore(deadline);
      }
      // whatever else is in the topic (nothing, if each record got one decision)
      Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
      while (partitions.stream().anyMatch(p -> consumer.position(p) < ends.get(p))) {
        consumer.poll(Duration.ofMillis(500)).forEach(records::add);
      }
    }
    return records;
  }

  @Test
  void twoInstancesOneKilledAndRestartedDecideAsAnUninterruptedRun() throws Exception {
    BrokerProcess broker = BrokerProcess.shared();
    List<Map.Entry<String, String>> documents = kijiji();
    List<Map.Entry<String, byte[]>> records = new ArrayList<>();
    documents.forEach(d -> records.add(Map.entry(d.getKey(), utf8(d.getValue()))));
    records.add(100, Map.entry("1", utf8("the id of the first listing, again")));
    records.add(200, Map.entry("bad-utf8", new byte[] {(byte) 0xFF}));
    produce(broker, "kill-in", 1, records);

    List<StreamProcess> instances = new ArrayList<>();
    instances.add(instance(broker, "kill-app", "a", "kill-in"));
    instances.add(instance(broker, "kill-app", "b", "kill-in"));
    List<ConsumerRecord<String, String>> out =
        read(
            broker,
            "kill-in-out",
            documents.size(),
            instances,
            () -> {
              try {
                instances.get(0).kill(); // SIGKILL mid-stream, then the same instance again
                instances.set(0, instance(broker, "kill-app", "a", "kill-in"));
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    for (StreamProcess instance : instances) {
      assertThat(instance.stop()).as(instance.log()).isIn(0, 143);
    }

    List<KeyValue<String, String>> decisions = new ArrayList<>();
    out.forEach(record -> decisions.add(KeyValue.pair(record.key(), record.value())));
    StreamSettings settings =
        new StreamSettings("kill-in", "kill-in-out", "r", "n", 2, List.of(), CONFIG);
    // one decision a record, the same as an uninterrupted run's (the duplicate id and the bad
    // record are rejected in both)
    assertThat(decisions).hasSize(documents.size());
    assertThat(decisions).isEqualTo(UninterruptedRun.decisions(settings, records));
    assertKeepsWhatDedupKeeps(documents, decisions);
  }

  @Test
  void fourPartitionsKeepAKeptSetWithBothGuarantees() throws Exception {
    BrokerProcess broker = BrokerProcess.shared();
    List<Map.Entry<String, String>> documents = kijiji();
    List<Map.Entry<String, byte[]>> records = new ArrayList<>();
    documents.forEach(d -> records.add(Map.entry(d.getKey(), utf8(d.getValue()))));
    produce(broker, "four-in", 4, records);
    List<StreamProcess> instances = new ArrayList<>();
    instances.add(instance(broker, "four-app", "c", "four-in"));
    instances.add(instance(broker, "four-app", "d", "four-in"));
    List<ConsumerRecord<String, String>> out =
        read(broker, "four-in-out", documents.size(), instances, null);
    for (StreamProcess instance : instances) {
      assertThat(instance.stop()).as(instance.log()).isIn(0, 143);
    }
    // one decision a record; in the order of their seq, the kept set of dedup --keep first
    List<KeyValue<String, String>> decisions = new ArrayList<>();
    out.forEach(record -> decisions.add(KeyValue.pair(record.key(), record.value())));
    assertThat(decisions).hasSize(documents.size());
    Map<String, Long> seqs = new HashMap<>();
    for (KeyValue<String, String> decision : decisions) {
      seqs.put(decision.key, JSON.readTree(decision.value).get("seq").asLong());
    }
    assertThat(seqs).hasSize(documents.size());
    List<Map.Entry<String, String>> inOrder = new ArrayList<>(documents);
    inOrder.sort(Comparator.comparingLong(d -> seqs.get(d.getKey())));
    decisions.sort(Comparator.comparingLong(d -> seqs.get(d.key)));
    assertKeepsWhatDedupKeeps(inOrder, decisions);
  }

  /**
   * The decisions keep what {@code dedup --keep first} keeps over {@code documents} in their order;
   * each removal names a kept document at exact J &gt;= t; no two kept documents are a pair beyond
   * LSH's misses.
   */
  private static void assertKeepsWhatDedupKeeps(
      List<Map.Entry<String, String>> documents, List<KeyValue<String, String>> decisions)
      throws Exception {
    LinkedHashMap<String, String> ordered = new LinkedHashMap<>();
    documents.forEach(d -> ordered.put(d.getKey(), d.getValue()));
    Map<String, DuplicateRemoval<String>> removed = new HashMap<>();
    for (DuplicateRemoval<String> removal :
        NearDup.with(CONFIG).removals(ordered, KeepPolicy.FIRST)) {
      removed.put(removal.removed(), removal);
    }
    Map<String, KeptSetCheck.Refusal> refused = new HashMap<>();
    Map<String, Boolean> kept = new HashMap<>();
    for (KeyValue<String, String> decision : decisions) {
      JsonNode node = JSON.readTree(decision.value);
      kept.put(decision.key, node.get("kept").asBoolean());
      if (!node.get("kept").asBoolean()) {
        JsonNode witness = node.get("duplicateOf");
        refused.put(
            decision.key,
            new KeptSetCheck.Refusal(
                witness.get("id").asText(), witness.get("similarity").asDouble()));
      }
    }
    assertThat(refused.keySet()).isEqualTo(removed.keySet());
    assertThat(removed).hasSizeGreaterThan(500); // Kijiji has many reposts
    KeptSetCheck.assertBothGuarantees(
        new ArrayList<>(ordered.keySet()),
        new ArrayList<>(ordered.values()),
        refused,
        (id, text) -> kept.get(id),
        DocumentSketcher.create(CONFIG.sketch()),
        CONFIG.lshParams(),
        CONFIG.threshold());
  }
}
