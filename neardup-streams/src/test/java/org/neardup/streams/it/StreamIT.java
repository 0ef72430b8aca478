package org.neardup.streams.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.Utils;
import org.apache.kafka.streams.KeyValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.DuplicateRemoval;
import org.neardup.NearDup;
import org.neardup.cluster.KeepPolicy;
import org.neardup.config.PipelineConfig;
import org.neardup.index.KeptSetCheck;
import org.neardup.lsh.Banding;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.sketch.Sketch;
import org.neardup.streams.command.BootstrapFiles;
import org.neardup.streams.topology.SignedDocuments;
import org.neardup.streams.topology.StreamSettings;
import org.neardup.streams.topology.UninterruptedRun;
import org.neardup.streams.wire.Message;
import org.neardup.streams.wire.Message.Seal;
import org.neardup.streams.wire.MessageSerde;
import org.neardup.testkit.SharedData;
import org.neardup.verify.Jaccard;

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

  /** Makes {@code topic} and produces {@code records} to it, in order. */
  private void produce(
      BrokerProcess broker, String topic, int partitions, List<Map.Entry<String, byte[]>> records)
      throws Exception {
    try (Admin admin = Admin.create(client(broker))) {
      admin
          .createTopics(List.of(new NewTopic(topic, partitions, (short) 1)))
          .all()
          .get(60, TimeUnit.SECONDS);
    }
    produce(broker, topic, records);
  }

  /** Produces {@code records} to {@code topic}, in order. */
  private void produce(BrokerProcess broker, String topic, List<Map.Entry<String, byte[]>> records)
      throws Exception {
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

  private StreamProcess instance(
      BrokerProcess broker, String app, String name, String in, List<String> more)
      throws Exception {
    return instance(broker, app, name, name, in, more);
  }

  /** An instance whose state is in the directory {@code name}, its log in {@code log}.log. */
  private StreamProcess instance(
      BrokerProcess broker, String app, String name, String log, String in, List<String> more)
      throws Exception {
    List<String> arguments =
        new ArrayList<>(
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
    arguments.addAll(more);
    return StreamProcess.start(directory.resolve(log + ".log"), arguments);
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

  /**
   * A batch's kept set, signed, starts the application (its loader killed part-way once); then two
   * instances decide the rest of the listings, one killed with SIGKILL and restarted: one decision
   * a record, equal to an uninterrupted run's.
   */
  @Test
  void twoInstancesFromABatchOneKilledAndRestartedDecideAsAnUninterruptedRun() throws Exception {
    BrokerProcess broker = BrokerProcess.shared();
    List<Map.Entry<String, String>> documents = kijiji();
    // the batch: the first 1,000 listings, deduplicated and signed (./neardup dedup, then sign)
    LinkedHashMap<String, String> batch = new LinkedHashMap<>();
    documents.subList(0, 1000).forEach(d -> batch.put(d.getKey(), d.getValue()));
    Set<String> removedFromBatch = new HashSet<>();
    NearDup.with(CONFIG)
        .removals(batch, KeepPolicy.FIRST)
        .forEach(removal -> removedFromBatch.add(removal.removed()));
    LinkedHashMap<String, String> ordered = new LinkedHashMap<>(batch);
    ordered.keySet().removeAll(removedFromBatch);
    Set<String> bootstrapped = new HashSet<>(ordered.keySet());
    Path file =
        SignedDocuments.write(directory.resolve("kept.nds"), ordered, ordered.size(), CONFIG);
    BootstrapFiles files = BootstrapFiles.open(file, CONFIG);
    List<Map.Entry<String, Message>> bootstrap = new ArrayList<>();
    files.forEach(0, (id, document) -> bootstrap.add(Map.entry(id, document)));
    bootstrap.add(
        Map.entry(Seal.KEY, new Seal(files.fingerprint(), files.documents(), files.names())));

    List<Map.Entry<String, String>> streamed = documents.subList(1000, documents.size());
    streamed.forEach(d -> ordered.put(d.getKey(), d.getValue()));
    List<Map.Entry<String, byte[]>> records = new ArrayList<>();
    streamed.forEach(d -> records.add(Map.entry(d.getKey(), utf8(d.getValue()))));
    records.add(100, Map.entry("1", utf8("the id of the first listing (kept in the batch)")));
    records.add(200, Map.entry("bad-utf8", new byte[] {(byte) 0xFF}));
    // 40% of the records before the instances start, the rest once one of them is killed: most
    // of the decisions are made after the kill
    int before = records.size() * 2 / 5;
    produce(broker, "kill-in", 1, records.subList(0, before));
    killedLoader(broker, "kill-app-bootstrap", files, 300, 100);

    List<StreamProcess> instances = new ArrayList<>();
    List<String> queries = List.of("--query-server", "127.0.0.1:0");
    List<String> fromTheBatch = new ArrayList<>(queries);
    fromTheBatch.addAll(List.of("--bootstrap", file.toString()));
    instances.add(instance(broker, "kill-app", "a", "kill-in", fromTheBatch));
    instances.add(instance(broker, "kill-app", "b", "kill-in", queries));
    List<ConsumerRecord<String, String>> out =
        read(
            broker,
            "kill-in-out",
            streamed.size(),
            instances,
            () -> {
              try {
                instances.get(0).kill(); // SIGKILL mid-stream, then the same instance again
                instances.set(
                    0, instance(broker, "kill-app", "a", "a-again", "kill-in", fromTheBatch));
                produce(broker, "kill-in", records.subList(before, records.size()));
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    instances.get(0).awaitLog("running: kill-in -> kill-in-out", 1);
    // queries over the state of both instances (the restarted one's restored from changelogs)
    List<String> loaded = new ArrayList<>();
    bootstrap.forEach(document -> loaded.add(document.getKey()));
    loaded.remove(loaded.size() - 1); // the seal
    assertQueriesAnswerFromTheKeptSet(instances, ordered, loaded, out);
    for (StreamProcess instance : instances) {
      assertThat(instance.stop()).as(instance.log()).isIn(0, 143);
    }
    // the first start resumed the killed loader's load; the restart loaded nothing again
    assertThat(Files.readString(directory.resolve("a.log")))
        .contains("bootstrap: resuming after 300 documents loaded before")
        .contains("bootstrap: loaded " + files.documents() + " documents");
    assertThat(instances.get(0).log())
        .contains("bootstrap: loaded already (" + files.documents() + " documents)");

    List<KeyValue<String, String>> decisions = new ArrayList<>();
    out.forEach(record -> decisions.add(KeyValue.pair(record.key(), record.value())));
    StreamSettings settings =
        new StreamSettings("kill-in", "kill-in-out", "r", "n", "b", 2, List.of(), CONFIG);
    // one decision a record, the same as an uninterrupted run's (the duplicate id and the bad
    // record are rejected in both)
    assertThat(decisions).hasSize(streamed.size());
    assertThat(decisions).isEqualTo(UninterruptedRun.decisions(settings, bootstrap, records));
    assertKeepsWhatDedupKeeps(ordered, bootstrapped, decisions);
  }

  /**
   * Every instance answers {@code POST /query} with the kept documents of the whole application at
   * or above the threshold that share a band with the text (the exact truth, computed here over the
   * kept set: the bootstrap's documents, {@code loaded}, and the records decided kept), at their
   * exact similarity, best first; the answers hold documents of both shards, whichever instance
   * holds them.
   */
  private static void assertQueriesAnswerFromTheKeptSet(
      List<StreamProcess> instances,
      Map<String, String> texts,
      List<String> loaded,
      List<ConsumerRecord<String, String>> decisions)
      throws Exception {
    Map<String, Long> kept = new LinkedHashMap<>(); // id -> seq
    loaded.forEach(id -> kept.put(id, (long) kept.size()));
    for (ConsumerRecord<String, String> decision : decisions) {
      JsonNode node = JSON.readTree(decision.value());
      if (node.get("kept").asBoolean()) {
        kept.put(decision.key(), node.get("seq").asLong());
      }
    }
    DocumentSketcher sketcher = DocumentSketcher.create(CONFIG.sketch());
    Banding banding = new Banding(CONFIG.lshParams());
    Map<String, long[]> sets = new HashMap<>();
    Map<String, Set<Long>> bands = new HashMap<>();
    for (String id : kept.keySet()) {
      Sketch sketch = sketcher.sketch(texts.get(id));
      sets.put(id, sketch.shingleSet());
      Set<Long> keys = new HashSet<>();
      for (long key : banding.bucketKeys(sketch.signature())) {
        keys.add(key);
      }
      bands.put(id, keys);
    }
    List<URI> endpoints = new ArrayList<>();
    for (StreamProcess instance : instances) {
      Matcher address = Pattern.compile("queries at (http://\\S+/query)").matcher(instance.log());
      assertThat(address.find()).as(instance.log()).isTrue();
      endpoints.add(URI.create(address.group(1)));
    }
    List<String> queries = new ArrayList<>();
    List<String> all = new ArrayList<>(texts.values());
    for (int i = 0; i < all.size(); i += 60) {
      String text = all.get(i);
      queries.add(i % 120 == 0 ? text : text.replaceFirst(" \\S+ ", " changed "));
    }
    queries.add("nothing like any listing in Rome, in words no listing uses");
    Set<Integer> shardsAnswering = new HashSet<>();
    HttpClient http = HttpClient.newHttpClient();
    for (String query : queries) {
      Sketch sketch = sketcher.sketch(query);
      Set<Long> keys = new HashSet<>();
      for (long key : banding.bucketKeys(sketch.signature())) {
        keys.add(key);
      }
      Map<String, Double> similarities = new HashMap<>();
      for (String id : kept.keySet()) {
        double similarity = Jaccard.similarity(sketch.shingleSet(), sets.get(id));
        if (similarity >= CONFIG.threshold() && !Collections.disjoint(keys, bands.get(id))) {
          similarities.put(id, similarity);
        }
      }
      List<String> expected = new ArrayList<>(similarities.keySet());
      expected.sort(
          Comparator.comparing((String id) -> -similarities.get(id)).thenComparing(kept::get));
      for (URI endpoint : endpoints) {
        JsonNode answer =
            JSON.readTree(
                post(http, endpoint, JSON.writeValueAsString(Map.of("text", query)), 200));
        List<String> ids = new ArrayList<>();
        for (JsonNode duplicate : answer.get("duplicates")) {
          ids.add(duplicate.get("id").asText());
          assertThat(duplicate.get("similarity").asDouble())
              .isEqualTo(similarities.get(duplicate.get("id").asText()));
          shardsAnswering.add(
              Utils.toPositive(Utils.murmur2(utf8(duplicate.get("id").asText()))) % 2);
        }
        assertThat(ids).as("%s from %s", query, endpoint).isEqualTo(expected);
      }
    }
    assertThat(shardsAnswering).containsExactlyInAnyOrder(0, 1);
    // the service's limits and refusals
    URI endpoint = endpoints.get(1);
    String first = queries.get(0);
    JsonNode one =
        JSON.readTree(
            post(
                http,
                URI.create(endpoint + "?limit=1"),
                JSON.writeValueAsString(Map.of("text", first)),
                200));
    assertThat(one.get("duplicates")).hasSize(1);
    assertThat(JSON.readTree(post(http, endpoint, "{\"text\": 1}", 400)).get("detail").asText())
        .isEqualTo("field 'text' must be a string");
    assertThat(post(http, endpoint, "{\"text\": ", 400)).contains("invalid JSON");
    assertThat(post(http, URI.create(endpoint + "?limit=0"), "{\"text\": \"a\"}", 400))
        .contains("limit must be a whole number");
    HttpResponse<String> get =
        http.send(HttpRequest.newBuilder(endpoint).GET().build(), BodyHandlers.ofString());
    assertThat(get.statusCode()).isEqualTo(405);
    assertThat(get.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    HttpResponse<String> plain =
        http.send(
            HttpRequest.newBuilder(endpoint)
                .header("Content-Type", "text/plain")
                .POST(BodyPublishers.ofString("a text"))
                .build(),
            BodyHandlers.ofString());
    assertThat(plain.statusCode()).isEqualTo(415);
  }

  /**
   * The body of {@code POST uri} with {@code body} (JSON), whose status must be {@code status}; a
   * 503 (a shard restoring, a rebalance) is asked again, for up to two minutes.
   */
  private static String post(HttpClient http, URI uri, String body, int status) throws Exception {
    Instant deadline = Instant.now().plus(Duration.ofMinutes(2));
    while (true) {
      HttpResponse<String> response =
          http.send(
              HttpRequest.newBuilder(uri)
                  .header("Content-Type", "application/json")
                  .POST(BodyPublishers.ofString(body))
                  .build(),
              BodyHandlers.ofString());
      if (response.statusCode() == 503 && Instant.now().isBefore(deadline)) {
        Thread.sleep(200);
        continue;
      }
      assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
      return response.body();
    }
  }

  /**
   * What a loader killed part-way leaves on the bootstrap topic: {@code committed} documents, and
   * {@code open} more in a transaction it never ended.
   */
  private void killedLoader(
      BrokerProcess broker, String topic, BootstrapFiles files, int committed, int open)
      throws Exception {
    try (Admin admin = Admin.create(client(broker))) {
      admin
          .createTopics(
              List.of(
                  new NewTopic(topic, 1, (short) 1)
                      .configs(
                          Map.of(
                              TopicConfig.CLEANUP_POLICY_CONFIG,
                              TopicConfig.CLEANUP_POLICY_COMPACT))))
          .all()
          .get(60, TimeUnit.SECONDS);
    }
    Properties properties = client(broker);
    properties.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, topic);
    KafkaProducer<String, Message> producer =
        new KafkaProducer<>(properties, new StringSerializer(), MessageSerde.SERDE.serializer());
    producer.initTransactions();
    producer.beginTransaction();
    int[] sent = {0};
    files.forEach(
        0,
        (id, document) -> {
          if (sent[0] == committed) {
            producer.commitTransaction();
            producer.beginTransaction();
          }
          if (sent[0] < committed + open) {
            producer.send(new ProducerRecord<>(topic, 0, id, document));
          }
          sent[0]++;
        });
    producer.flush();
    producer.close(
        Duration.ZERO); // as a killed process: the transaction is neither committed nor aborted
  }

  @Test
  void fourPartitionsKeepAKeptSetWithBothGuarantees() throws Exception {
    BrokerProcess broker = BrokerProcess.shared();
    List<Map.Entry<String, String>> documents = kijiji().subList(0, 1000);
    List<Map.Entry<String, byte[]>> records = new ArrayList<>();
    documents.forEach(d -> records.add(Map.entry(d.getKey(), utf8(d.getValue()))));
    produce(broker, "four-in", 4, records);
    List<StreamProcess> instances = new ArrayList<>();
    instances.add(instance(broker, "four-app", "c", "four-in", List.of()));
    instances.add(instance(broker, "four-app", "d", "four-in", List.of()));
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
    LinkedHashMap<String, String> ordered = new LinkedHashMap<>();
    inOrder.forEach(d -> ordered.put(d.getKey(), d.getValue()));
    decisions.sort(Comparator.comparingLong(d -> seqs.get(d.key)));
    assertKeepsWhatDedupKeeps(ordered, Set.of(), decisions);
  }

  /**
   * The decisions keep what {@code dedup --keep first} keeps over {@code ordered} (id to text, in
   * order), whose documents in {@code bootstrapped} came kept from a bootstrap; each removal names
   * a kept document at exact J &gt;= t; no two kept documents are a pair beyond LSH's misses.
   */
  private static void assertKeepsWhatDedupKeeps(
      LinkedHashMap<String, String> ordered,
      Set<String> bootstrapped,
      List<KeyValue<String, String>> decisions)
      throws Exception {
    Map<String, DuplicateRemoval<String>> removed = new HashMap<>();
    for (DuplicateRemoval<String> removal :
        NearDup.with(CONFIG).removals(ordered, KeepPolicy.FIRST)) {
      removed.put(removal.removed(), removal);
    }
    Map<String, KeptSetCheck.Refusal> refused = new HashMap<>();
    Map<String, Boolean> kept = new HashMap<>();
    bootstrapped.forEach(id -> kept.put(id, true));
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
    assertThat(removed).hasSizeGreaterThan(ordered.size() / 10); // Kijiji has many reposts
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
