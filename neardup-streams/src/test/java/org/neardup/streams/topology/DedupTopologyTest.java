package org.neardup.streams.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.neardup.DuplicateRemoval;
import org.neardup.NearDup;
import org.neardup.cluster.KeepPolicy;
import org.neardup.config.PipelineConfig;
import org.neardup.lsh.Banding;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.sketch.Sketch;
import org.neardup.streams.command.BootstrapFiles;
import org.neardup.streams.wire.Message;
import org.neardup.streams.wire.Message.Seal;
import org.neardup.streams.wire.MessageSerde;
import org.neardup.streams.wire.StoredDocument;
import org.neardup.verify.Jaccard;

class DedupTopologyTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final PipelineConfig CONFIG = PipelineConfig.builder().build();

  /** A driver over the topology, with the input, output and rejects topics. */
  private static final class Driver implements AutoCloseable {
    final TopologyTestDriver driver;
    final TestInputTopic<byte[], byte[]> input;
    final TestOutputTopic<String, String> output;
    final TestOutputTopic<String, String> rejects;
    final TestInputTopic<String, Message> bootstrap;

    /**
     * A driver whose bootstrap topic is sealed with no bootstrap, as the command seals it, and
     * whose stores are in memory.
     */
    Driver(int shards, List<String> textFields) {
      this(shards, textFields, false);
      sealNone();
    }

    /**
     * A driver with nothing on its bootstrap topic yet, its stores on RocksDB as the command's are
     * or in memory (the same bytes, quicker to open).
     */
    Driver(int shards, List<String> textFields, boolean rocksDb) {
      StreamSettings settings =
          new StreamSettings(
              "in", "out", "rejects", "app-notices", "app-bootstrap", shards, textFields, CONFIG);
      Properties properties = new Properties();
      properties.put(StreamsConfig.APPLICATION_ID_CONFIG, "app");
      properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:9");
      driver =
          new TopologyTestDriver(
              rocksDb
                  ? DedupTopology.build(settings)
                  : DedupTopology.build(settings, Stores::inMemoryKeyValueStore),
              properties);
      input = driver.createInputTopic("in", new ByteArraySerializer(), new ByteArraySerializer());
      output = driver.createOutputTopic("out", new StringDeserializer(), new StringDeserializer());
      rejects =
          driver.createOutputTopic("rejects", new StringDeserializer(), new StringDeserializer());
      bootstrap =
          driver.createInputTopic(
              "app-bootstrap", new StringSerializer(), MessageSerde.SERDE.serializer());
    }

    void sealNone() {
      bootstrap.pipeInput(Seal.KEY, new Seal(0, 0, ""));
    }

    void send(String id, String text) {
      input.pipeInput(bytes(id), bytes(text));
    }

    /** The ids the shards' stores hold, with whether each is kept. */
    Map<String, Boolean> held() {
      KeyValueStore<String, StoredDocument> store = driver.getKeyValueStore(Shard.DOCUMENTS);
      Map<String, Boolean> held = new HashMap<>();
      try (KeyValueIterator<String, StoredDocument> all = store.all()) {
        all.forEachRemaining(entry -> held.put(entry.key, entry.value.kept()));
      }
      return held;
    }

    @Override
    public void close() {
      driver.close();
    }
  }

  private static byte[] bytes(String text) {
    return text == null ? null : text.getBytes(StandardCharsets.UTF_8);
  }

  /** Documents with near-copies and chains of edits: words of random syllables, fixed seed. */
  static LinkedHashMap<String, String> corpus(int count, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    String[] syllables = {"ka", "lo", "mi", "ne", "su", "ta", "ro", "vi", "de", "po", "gu", "fa"};
    List<String[]> texts = new ArrayList<>();
    LinkedHashMap<String, String> documents = new LinkedHashMap<>();
    for (int i = 0; i < count; i++) {
      String[] words;
      if (texts.isEmpty() || random.nextInt(3) == 0) {
        words = new String[40 + random.nextInt(30)];
        for (int w = 0; w < words.length; w++) {
          StringBuilder word = new StringBuilder();
          for (int s = 1 + random.nextInt(3); s > 0; s--) {
            word.append(syllables[random.nextInt(syllables.length)]);
          }
          words[w] = word.toString();
        }
      } else { // an edited copy of an earlier document (of a copy, too: chains)
        words = texts.get(random.nextInt(texts.size())).clone();
        for (int edits = random.nextInt(5); edits > 0; edits--) {
          words[random.nextInt(words.length)] = "x" + random.nextInt(1000);
        }
      }
      texts.add(words);
      documents.put("d" + i, String.join(" ", words));
    }
    return documents;
  }

  private static Map<String, JsonNode> decisions(Driver driver) throws Exception {
    Map<String, JsonNode> decisions = new LinkedHashMap<>();
    for (KeyValue<String, String> record : driver.output.readKeyValuesToList()) {
      JsonNode decision = record.value == null ? null : JSON.readTree(record.value);
      assertThat(decisions.put(record.key, decision)).as("one decision for " + record.key).isNull();
    }
    return decisions;
  }

  @ParameterizedTest
  @CsvSource({"1, false", "3, true"})
  void keepsWhatDedupKeepFirstKeeps(int shards, boolean rocksDb) throws Exception {
    LinkedHashMap<String, String> documents = corpus(400, 46);
    try (Driver driver = new Driver(shards, List.of(), rocksDb)) {
      driver.sealNone();
      documents.forEach(driver::send);
      assertDecidesAsDedup(driver, documents, 0);
    }
  }

  /**
   * A batch, signed, starts the stream: its kept set ({@code ./neardup sign} over {@code dedup}'s
   * output), or every document of it (the Spark job's {@code --signatures-out}). The stream's
   * decisions are those of {@code dedup --keep first} over the batch, then the stream's records;
   * the documents of the batch get none.
   */
  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void aBootstrapFromASignatureFileStartsTheKeptSet(boolean keptSet, @TempDir Path directory)
      throws Exception {
    LinkedHashMap<String, String> corpus = corpus(400, 46);
    LinkedHashMap<String, String> batch = new LinkedHashMap<>();
    LinkedHashMap<String, String> streamed = new LinkedHashMap<>();
    corpus.forEach((id, text) -> (batch.size() < 200 ? batch : streamed).put(id, text));
    Set<String> removedFromBatch = new HashSet<>();
    NearDup.with(CONFIG)
        .removals(batch, KeepPolicy.FIRST)
        .forEach(removal -> removedFromBatch.add(removal.removed()));
    LinkedHashMap<String, String> documents = new LinkedHashMap<>(); // the batch, then the rest
    batch.forEach(
        (id, text) -> {
          if (!keptSet || !removedFromBatch.contains(id)) {
            documents.put(id, text);
          }
        });
    int bootstrapped = documents.size();
    documents.putAll(streamed);
    Path file =
        SignedDocuments.write(directory.resolve("kept.nds"), documents, bootstrapped, CONFIG);
    BootstrapFiles files = BootstrapFiles.open(file, CONFIG);
    assertThat(files.documents()).isEqualTo(bootstrapped);
    try (Driver driver = new Driver(2, List.of(), false)) {
      files.forEach(0, driver.bootstrap::pipeInput);
      driver.bootstrap.pipeInput(
          Seal.KEY, new Seal(files.fingerprint(), files.documents(), files.names()));
      streamed.forEach(driver::send);
      assertDecidesAsDedup(driver, documents, bootstrapped);
    }
    assertThat(removedFromBatch).isNotEmpty(); // the whole batch has near-duplicates to drop
  }

  /**
   * The driver's decisions are those of {@code dedup --keep first} over {@code documents}, whose
   * first {@code bootstrapped} came from a bootstrap (decided, with no decision out): every later
   * one has its decision, in order, at its position; each witness is kept, at the exact similarity,
   * and is dedup's whenever dedup's comes first; the stores end holding the kept set.
   */
  private static void assertDecidesAsDedup(
      Driver driver, LinkedHashMap<String, String> documents, int bootstrapped) throws Exception {
    Map<String, DuplicateRemoval<String>> removed = new HashMap<>();
    for (DuplicateRemoval<String> removal :
        NearDup.with(CONFIG).removals(documents, KeepPolicy.FIRST)) {
      removed.put(removal.removed(), removal);
    }
    assertThat(removed).hasSizeBetween(50, 300); // the corpus has work to do
    List<String> ids = new ArrayList<>(documents.keySet());
    DocumentSketcher sketcher = DocumentSketcher.create(CONFIG.sketch());
    Map<String, Integer> order = new HashMap<>();
    ids.forEach(id -> order.put(id, order.size()));

    Map<String, JsonNode> decisions = decisions(driver);
    assertThat(decisions.keySet()).containsExactlyElementsOf(ids.subList(bootstrapped, ids.size()));
    long seq = bootstrapped;
    for (Map.Entry<String, JsonNode> entry : decisions.entrySet()) {
      JsonNode decision = entry.getValue();
      assertThat(decision.get("seq").asLong()).isEqualTo(seq++);
      DuplicateRemoval<String> removal = removed.get(entry.getKey());
      assertThat(decision.get("kept").asBoolean()).as(entry.getKey()).isEqualTo(removal == null);
      if (removal != null) {
        // dedup names the best kept neighbour over the whole input, a later one too; a stream
        // knows the earlier ones: the same one when dedup's precedes, else one no better
        JsonNode witness = decision.get("duplicateOf");
        String witnessId = witness.get("id").asText();
        double similarity = witness.get("similarity").asDouble();
        assertThat(removed).doesNotContainKey(witnessId);
        assertThat(similarity)
            .isEqualTo(
                Jaccard.similarity(
                    sketcher.shingleSet(documents.get(entry.getKey())),
                    sketcher.shingleSet(documents.get(witnessId))))
            .isGreaterThanOrEqualTo(CONFIG.threshold());
        if (order.get(removal.kept()) < order.get(entry.getKey())) {
          assertThat(witnessId).isEqualTo(removal.kept());
          assertThat(similarity).isEqualTo(removal.similarity());
        } else {
          assertThat(similarity).isLessThanOrEqualTo(removal.similarity());
        }
        assertThat(decision.get("matches").get(0)).isEqualTo(witness);
      } else {
        assertThat(decision.get("duplicateOf").isNull()).isTrue();
        assertThat(decision.get("matches")).isEmpty();
      }
    }
    if (bootstrapped > 0) { // some removals name a document of the bootstrap
      assertThat(decisions.values())
          .anySatisfy(
              decision ->
                  assertThat(order.get(decision.get("duplicateOf").path("id").asText("")))
                      .isNotNull()
                      .isLessThan(bootstrapped));
    }
    assertThat(driver.rejects.isEmpty()).isTrue();
    Map<String, Boolean> held = driver.held();
    assertThat(held.keySet())
        .containsExactlyInAnyOrderElementsOf(
            documents.keySet().stream().filter(id -> !removed.containsKey(id)).toList());
    assertThat(held.values()).containsOnly(true);
  }

  /**
   * Records that come before the bootstrap's seal wait for it: the bootstrap's documents come first
   * in the order, whatever the order Kafka Streams reads the two topics in.
   */
  @Test
  void recordsBeforeTheSealWaitForIt(@TempDir Path directory) throws Exception {
    String flat = "a listing of a sunny flat near the station for eight hundred euro a month";
    String boat = "a small wooden boat with two oars and a new coat of blue paint for sale";
    LinkedHashMap<String, String> kept = new LinkedHashMap<>();
    kept.put("k1", flat);
    kept.put("k2", boat);
    Path file = SignedDocuments.write(directory.resolve("kept.nds"), kept, 2, CONFIG);
    BootstrapFiles files = BootstrapFiles.open(file, CONFIG);
    try (Driver driver = new Driver(3, List.of(), false)) {
      driver.send("a", flat + "!");
      driver.send("b", "something else entirely, with no near-duplicate anywhere in this test");
      driver.send("k2", boat); // the id of a document of the bootstrap
      assertThat(driver.output.isEmpty()).isTrue();
      assertThat(driver.rejects.isEmpty()).isTrue();
      files.forEach(0, driver.bootstrap::pipeInput);
      assertThat(driver.output.isEmpty()).isTrue();
      driver.bootstrap.pipeInput(
          Seal.KEY, new Seal(files.fingerprint(), files.documents(), files.names()));
      Map<String, JsonNode> decisions = decisions(driver);
      assertThat(decisions.keySet()).containsExactly("a", "b");
      JsonNode a = decisions.get("a");
      DocumentSketcher sketcher = DocumentSketcher.create(CONFIG.sketch());
      assertThat(a.get("seq").asLong()).isEqualTo(2);
      assertThat(a.get("kept").asBoolean()).isFalse();
      assertThat(a.get("duplicateOf").get("id").asText()).isEqualTo("k1");
      assertThat(a.get("duplicateOf").get("similarity").asDouble())
          .isEqualTo(
              Jaccard.similarity(sketcher.shingleSet(flat + "!"), sketcher.shingleSet(flat)));
      assertThat(decisions.get("b").get("kept").asBoolean()).isTrue();
      assertThat(decisions.get("b").get("seq").asLong()).isEqualTo(3);
      assertThat(JSON.readTree(driver.rejects.readValue()).get("reason").asText())
          .startsWith("duplicate id");
      assertThat(driver.held()).containsOnlyKeys("k1", "k2", "b");

      driver.send("k1", null); // a tombstone deletes a document of the bootstrap too
      driver.send("c", flat + "?");
      List<KeyValue<String, String>> out = driver.output.readKeyValuesToList();
      assertThat(out.get(0).key).isEqualTo("k1");
      assertThat(out.get(0).value).isNull();
      assertThat(JSON.readTree(out.get(1).value).get("kept").asBoolean()).isTrue();
      assertThat(driver.held()).containsOnlyKeys("k2", "b", "c");

      // the loader never writes after the seal; a document there is rejected, not decided
      files.forEach(0, driver.bootstrap::pipeInput);
      assertThat(driver.rejects.readValuesToList())
          .hasSize(2)
          .allSatisfy(reject -> assertThat(reject).contains("after the bootstrap's seal"));
      assertThat(driver.output.isEmpty()).isTrue();
    }
  }

  /**
   * The state answers "the near-duplicates of this text" ({@link Lookup}, what the query endpoint
   * asks each shard and the decider): the kept documents at or above the threshold that share a
   * band with it, at their exact similarity, best first; none of the removed ones.
   */
  @Test
  void theStateAnswersTheKeptNearDuplicatesOfAText() throws Exception {
    LinkedHashMap<String, String> documents = corpus(400, 46);
    int shards = 3;
    try (Driver driver = new Driver(shards, List.of())) {
      documents.forEach(driver::send);
      Map<String, JsonNode> decisions = decisions(driver);
      DocumentSketcher sketcher = DocumentSketcher.create(CONFIG.sketch());
      Banding banding = new Banding(CONFIG.lshParams());
      Lookup lookup = new Lookup(CONFIG, shards);
      KeyValueStore<String, StoredDocument> stored =
          driver.driver.getKeyValueStore(Lookup.DOCUMENTS);
      KeyValueStore<Long, List<String>> buckets = driver.driver.getKeyValueStore(Lookup.BUCKETS);
      KeyValueStore<String, Long> kept = driver.driver.getKeyValueStore(Lookup.KEPT);
      List<String> queries = new ArrayList<>();
      SplittableRandom random = new SplittableRandom(7);
      List<String> texts = new ArrayList<>(documents.values());
      for (int i = 0; i < 40; i++) {
        String text = texts.get(random.nextInt(texts.size()));
        queries.add(i % 2 == 0 ? text : text.replaceFirst(" \\S+ ", " changed "));
      }
      queries.add("nothing like any document of the corpus at all, in words it never uses");
      queries.add("   ");
      int answered = 0;
      for (String query : queries) {
        Sketch sketch = lookup.sketch(query);
        List<Message.Neighbour> found = new ArrayList<>();
        for (int shard = 0; shard < shards; shard++) {
          found.addAll(lookup.neighbours(sketch, shard, stored, buckets));
        }
        List<Message.Neighbour> answer = new ArrayList<>(Lookup.kept(found, kept));
        Lookup.sort(answer);
        // the truth: every kept document, by exact Jaccard, that shares a band with the text
        List<String> expected = new ArrayList<>();
        Map<String, Double> similarities = new HashMap<>();
        if (!sketch.isEmpty()) {
          Set<Long> keys = new HashSet<>();
          for (long key : banding.bucketKeys(sketch.signature())) {
            keys.add(key);
          }
          for (Map.Entry<String, JsonNode> decision : decisions.entrySet()) {
            if (!decision.getValue().get("kept").asBoolean()) {
              continue;
            }
            String text = documents.get(decision.getKey());
            double similarity = Jaccard.similarity(sketch.shingleSet(), sketcher.shingleSet(text));
            boolean sharesABand = false;
            for (long key : banding.bucketKeys(sketcher.sketch(text).signature())) {
              sharesABand |= keys.contains(key);
            }
            if (similarity >= CONFIG.threshold() && sharesABand) {
              expected.add(decision.getKey());
              similarities.put(decision.getKey(), similarity);
            }
          }
        }
        expected.sort(
            Comparator.comparing((String id) -> -similarities.get(id))
                .thenComparing(id -> decisions.get(id).get("seq").asLong()));
        assertThat(answer).extracting(Message.Neighbour::id).as(query).isEqualTo(expected);
        for (Message.Neighbour neighbour : answer) {
          assertThat(neighbour.similarity()).isEqualTo(similarities.get(neighbour.id()));
        }
        answered += answer.isEmpty() ? 0 : 1;
      }
      assertThat(answered).isGreaterThan(30);
    }
  }

  @Test
  void matchesAreEveryKeptNeighbourBestFirst() throws Exception {
    String base = "the quick brown fox jumps over the lazy dog near the river bank today";
    try (Driver driver = new Driver(2, List.of())) {
      driver.send("a", base);
      driver.send("b", base.replace("today", "again"));
      driver.send("c", base + " yes");
      Map<String, JsonNode> decisions = decisions(driver);
      assertThat(decisions.get("a").get("kept").asBoolean()).isTrue();
      JsonNode b = decisions.get("b");
      JsonNode c = decisions.get("c");
      assertThat(b.get("kept").asBoolean()).isFalse();
      assertThat(c.get("kept").asBoolean()).isFalse();
      // c is near a (kept) and b (removed): only a is among its matches
      assertThat(c.get("matches")).hasSize(1);
      assertThat(c.get("duplicateOf").get("id").asText()).isEqualTo("a");
    }
  }

  @Test
  void badRecordsGoToTheRejectsTopicWithTheirReason() throws Exception {
    try (Driver driver = new Driver(2, List.of("body"))) {
      driver.input.pipeInput(null, bytes("{\"body\": \"no key\"}"));
      driver.input.pipeInput(bytes("bad-utf8"), new byte[] {'{', (byte) 0xC3, '}'});
      driver.send("not-json", "plain text");
      driver.send("no-field", "{\"text\": \"x\"}");
      driver.send("null-field", "{\"body\": null}");
      driver.send("twice", "{\"body\": \"a\", \"body\": \"b\"}");
      driver.send("surrogate", "{\"body\": \"\\ud800 lone\"}");
      driver.send("ctrl\u0001id", "{\"body\": \"x\"}");
      driver.send("ok", "{\"body\": \"a document with enough words to be sketched\", \"n\": 1}");
      driver.send("ok", "{\"body\": \"another document under an id that is held\"}");
      List<KeyValue<String, String>> rejects = driver.rejects.readKeyValuesToList();
      List<String> reasons = new ArrayList<>();
      for (KeyValue<String, String> reject : rejects) {
        JsonNode node = JSON.readTree(reject.value);
        assertThat(node.get("reason").asText()).isNotBlank();
        assertThat(node.get("offset").isNumber()).isTrue();
        reasons.add(node.get("id").asText() + ": " + node.get("reason").asText());
      }
      assertThat(reasons)
          .hasSize(9)
          .anySatisfy(r -> assertThat(r).startsWith("null: no key"))
          .anySatisfy(r -> assertThat(r).isEqualTo("bad-utf8: the value is not UTF-8"))
          .anySatisfy(r -> assertThat(r).startsWith("not-json: invalid JSON"))
          .anySatisfy(r -> assertThat(r).startsWith("no-field: no field 'body'"))
          .anySatisfy(r -> assertThat(r).isEqualTo("null-field: field 'body' is null"))
          .anySatisfy(r -> assertThat(r).startsWith("twice: invalid JSON: Duplicate field"))
          .anySatisfy(r -> assertThat(r).startsWith("surrogate: the text holds the lone surrogate"))
          .anySatisfy(r -> assertThat(r).contains("control character"))
          .anySatisfy(r -> assertThat(r).startsWith("ok: duplicate id"));
      Map<String, JsonNode> decisions = decisions(driver);
      assertThat(decisions.keySet()).containsExactly("ok");
    }
  }

  @Test
  void aTombstoneDeletesAndFreesTheId() throws Exception {
    String text = "a listing of a sunny flat near the station for eight hundred euro a month";
    try (Driver driver = new Driver(3, List.of())) {
      driver.send("a", text);
      driver.send("b", text + "!");
      driver.send("a", null); // deletes a
      driver.send("c", text + "?"); // nothing kept is near it now
      driver.send("a", text + " again"); // the id is free; c is held
      driver.send("nobody", null); // a tombstone for an id never seen: a tombstone out
      List<KeyValue<String, String>> out = driver.output.readKeyValuesToList();
      assertThat(out)
          .extracting(record -> record.key)
          .containsExactly("a", "b", "a", "c", "a", "nobody");
      assertThat(out.get(2).value).isNull();
      assertThat(out.get(5).value).isNull();
      assertThat(JSON.readTree(out.get(1).value).get("kept").asBoolean()).isFalse();
      assertThat(JSON.readTree(out.get(3).value).get("kept").asBoolean()).isTrue();
      JsonNode again = JSON.readTree(out.get(4).value);
      assertThat(again.get("kept").asBoolean()).isFalse();
      assertThat(again.get("duplicateOf").get("id").asText()).isEqualTo("c");
      assertThat(driver.held()).containsOnlyKeys("c");
      assertThat(driver.rejects.isEmpty()).isTrue();
    }
  }

  @Test
  void anEmptyDocumentIsKeptAndNotHeld() throws Exception {
    try (Driver driver = new Driver(1, List.of())) {
      driver.send("blank", "   ");
      driver.send("other", "   \t ");
      Map<String, JsonNode> decisions = decisions(driver);
      assertThat(decisions.get("blank").get("kept").asBoolean()).isTrue();
      assertThat(decisions.get("other").get("kept").asBoolean()).isTrue();
      assertThat(driver.held()).isEmpty();
    }
  }
}
