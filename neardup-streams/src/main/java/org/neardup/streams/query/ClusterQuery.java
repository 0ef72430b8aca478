package org.neardup.streams.query;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.StreamsMetadata;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.HostInfo;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.neardup.streams.topology.Lookup;
import org.neardup.streams.wire.Message.Neighbour;
import org.neardup.streams.wire.StoredDocument;

/**
 * "The near-duplicates of this text" over the whole state of an application, from any of its
 * instances: the text goes to every instance that holds a shard's stores (this one answers for its
 * own from its local stores), each answers with the documents of its shards at or above the
 * threshold, verified; the instance of the decider keeps those it holds kept. Where each store is
 * comes from Kafka Streams' metadata: every instance must serve queries ({@code --query-server}).
 * Thread-safe.
 */
final class ClusterQuery {
  /** How long one instance may take to answer its part. */
  static final Duration TIMEOUT = Duration.ofSeconds(30);

  private final KafkaStreams streams;
  private final String applicationId;
  private final int shards;
  private final Lookup lookup;
  private final HostInfo self;
  private final ObjectMapper json;
  private final HttpClient client;

  ClusterQuery(
      KafkaStreams streams,
      String applicationId,
      int shards,
      Lookup lookup,
      HostInfo self,
      ObjectMapper json) {
    this.streams = streams;
    this.applicationId = applicationId;
    this.shards = shards;
    this.lookup = lookup;
    this.self = self;
    this.json = json;
    this.client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  }

  /**
   * The kept documents at or above the threshold with {@code text}, best first (highest similarity,
   * then the earliest), at most {@code limit}.
   *
   * @throws Problem 503 when a shard or the decider has no instance that can answer now
   */
  List<Neighbour> query(String text, int limit) {
    requireRunning();
    Map<HostInfo, List<Integer>> byHost = shardHosts();
    HostInfo decider = deciderHost();
    List<CompletableFuture<List<Neighbour>>> parts = new ArrayList<>();
    for (Map.Entry<HostInfo, List<Integer>> host : byHost.entrySet()) {
      if (host.getKey().equals(self)) {
        parts.add(CompletableFuture.completedFuture(shards(text, host.getValue())));
      } else {
        ObjectNode request = json.createObjectNode().put("text", text);
        host.getValue().forEach(request.putArray("shards")::add);
        parts.add(
            call(host.getKey(), "/shards", request, "shards " + host.getValue())
                .thenApply(answer -> neighbours(answer.get("neighbours"))));
      }
    }
    List<Neighbour> found = new ArrayList<>();
    for (CompletableFuture<List<Neighbour>> part : parts) {
      found.addAll(join(part));
    }
    List<Neighbour> kept;
    if (found.isEmpty()) {
      kept = new ArrayList<>();
    } else if (decider.equals(self)) {
      kept = new ArrayList<>(kept(found));
    } else {
      ObjectNode request = json.createObjectNode();
      request.set("documents", array(found));
      kept =
          new ArrayList<>(
              neighbours(join(call(decider, "/kept", request, "the kept set")).get("kept")));
    }
    Lookup.sort(kept);
    return kept.size() > limit ? kept.subList(0, limit) : kept;
  }

  /** The documents of {@code shards} (hosted here) at or above the threshold with {@code text}. */
  List<Neighbour> shards(String text, List<Integer> shards) {
    requireRunning();
    var query = lookup.sketch(text);
    List<Neighbour> found = new ArrayList<>();
    for (int shard : shards) {
      if (shard < 0 || shard >= this.shards) {
        throw Problem.badRequest(
            "no shard " + shard + " (the application has " + this.shards + ")");
      }
      try {
        ReadOnlyKeyValueStore<String, StoredDocument> documents =
            streams.store(
                StoreQueryParameters.fromNameAndType(
                        Lookup.DOCUMENTS,
                        QueryableStoreTypes.<String, StoredDocument>keyValueStore())
                    .withPartition(shard));
        ReadOnlyKeyValueStore<Long, List<String>> buckets =
            streams.store(
                StoreQueryParameters.fromNameAndType(
                        Lookup.BUCKETS, QueryableStoreTypes.<Long, List<String>>keyValueStore())
                    .withPartition(shard));
        found.addAll(lookup.neighbours(query, shard, documents, buckets));
      } catch (InvalidStateStoreException e) {
        throw Problem.unavailable(
            "shard " + shard + " cannot be read on " + name(self) + " now: " + e.getMessage());
      }
    }
    return found;
  }

  /** Those of {@code found} the decider's kept set (hosted here) holds. */
  List<Neighbour> kept(List<Neighbour> found) {
    requireRunning();
    try {
      ReadOnlyKeyValueStore<String, Long> kept =
          streams.store(
              StoreQueryParameters.fromNameAndType(
                      Lookup.KEPT, QueryableStoreTypes.<String, Long>keyValueStore())
                  .withPartition(0));
      return Lookup.kept(found, kept);
    } catch (InvalidStateStoreException e) {
      throw Problem.unavailable(
          "the kept set cannot be read on " + name(self) + " now: " + e.getMessage());
    }
  }

  private void requireRunning() {
    KafkaStreams.State state = streams.state();
    if (state != KafkaStreams.State.RUNNING) {
      throw Problem.unavailable(
          name(self) + " is " + state.name().toLowerCase(java.util.Locale.ROOT) + ", not running");
    }
  }

  /** The instance of every shard's stores, with the shards of each. */
  private Map<HostInfo, List<Integer>> shardHosts() {
    String topic = Lookup.shardTopic(applicationId);
    Map<Integer, HostInfo> hosts = new TreeMap<>();
    for (StreamsMetadata metadata : streams.streamsMetadataForStore(Lookup.DOCUMENTS)) {
      for (TopicPartition partition : metadata.topicPartitions()) {
        if (partition.topic().equals(topic)) {
          hosts.put(partition.partition(), served(metadata.hostInfo()));
        }
      }
    }
    Map<HostInfo, List<Integer>> byHost = new java.util.LinkedHashMap<>();
    for (int shard = 0; shard < shards; shard++) {
      HostInfo host = hosts.get(shard);
      if (host == null) {
        throw Problem.unavailable(
            "shard " + shard + " has no instance now (the application is rebalancing)");
      }
      byHost.computeIfAbsent(host, h -> new ArrayList<>()).add(shard);
    }
    return byHost;
  }

  private HostInfo deciderHost() {
    String topic = Lookup.deciderTopic(applicationId);
    for (StreamsMetadata metadata : streams.streamsMetadataForStore(Lookup.KEPT)) {
      for (TopicPartition partition : metadata.topicPartitions()) {
        if (partition.topic().equals(topic)) {
          return served(metadata.hostInfo());
        }
      }
    }
    throw Problem.unavailable("the decider has no instance now (the application is rebalancing)");
  }

  private static HostInfo served(HostInfo host) {
    if (host.port() < 0) {
      throw Problem.unavailable(
          "an instance of the application serves no queries (started without --query-server):"
              + " it holds stores no other instance can read");
    }
    return host;
  }

  private CompletableFuture<JsonNode> call(HostInfo host, String path, JsonNode body, String what) {
    HttpRequest request;
    try {
      request =
          HttpRequest.newBuilder(URI.create("http://" + name(host) + path))
              .timeout(TIMEOUT)
              .header("Content-Type", "application/json")
              .POST(HttpRequest.BodyPublishers.ofByteArray(json.writeValueAsBytes(body)))
              .build();
    } catch (IOException e) {
      throw new IllegalStateException("a JSON tree did not serialize", e);
    }
    return client
        .sendAsync(request, HttpResponse.BodyHandlers.ofByteArray())
        .handle(
            (response, failure) -> {
              if (failure != null) {
                throw Problem.unavailable(
                    name(host) + " did not answer for " + what + ": " + failure.getMessage());
              }
              JsonNode answer = parse(response.body());
              if (response.statusCode() != 200) {
                throw new Problem(
                    response.statusCode() == 400 ? 502 : 503,
                    response.statusCode() == 400 ? "Bad gateway" : "Service unavailable",
                    name(host)
                        + " answered "
                        + response.statusCode()
                        + " for "
                        + what
                        + ": "
                        + (answer == null ? "" : answer.path("detail").asText()));
              }
              if (answer == null) {
                throw Problem.unavailable(name(host) + " answered no JSON for " + what);
              }
              return answer;
            });
  }

  private JsonNode parse(byte[] body) {
    try {
      return json.readTree(body);
    } catch (IOException e) {
      return null;
    }
  }

  private static <T> T join(CompletableFuture<T> future) {
    try {
      return future.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof Problem problem) {
        throw problem;
      }
      throw e;
    }
  }

  /** {@code [{"id", "seq", "similarity"}]}. */
  ArrayNode array(List<Neighbour> neighbours) {
    ArrayNode array = json.createArrayNode();
    for (Neighbour neighbour : neighbours) {
      array
          .addObject()
          .put("id", neighbour.id())
          .put("seq", neighbour.seq())
          .put("similarity", neighbour.similarity());
    }
    return array;
  }

  /**
   * What {@link #array} wrote.
   *
   * @throws Problem 400 when it is not that
   */
  static List<Neighbour> neighbours(JsonNode array) {
    if (array == null || !array.isArray()) {
      throw Problem.badRequest("expected an array of {\"id\", \"seq\", \"similarity\"}");
    }
    List<Neighbour> neighbours = new ArrayList<>(array.size());
    for (JsonNode item : array) {
      JsonNode id = item.get("id");
      JsonNode seq = item.get("seq");
      JsonNode similarity = item.get("similarity");
      if (id == null
          || !id.isTextual()
          || seq == null
          || !seq.canConvertToLong()
          || similarity == null
          || !similarity.isNumber()) {
        throw Problem.badRequest(
            "expected {\"id\": string, \"seq\": number, \"similarity\": number}");
      }
      neighbours.add(new Neighbour(id.asText(), seq.asLong(), similarity.asDouble()));
    }
    return neighbours;
  }

  static String name(HostInfo host) {
    return host.host() + ":" + host.port();
  }
}
