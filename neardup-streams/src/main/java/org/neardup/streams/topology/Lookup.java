package org.neardup.streams.topology;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.neardup.config.PipelineConfig;
import org.neardup.lsh.Banding;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.sketch.Sketch;
import org.neardup.streams.wire.Message.Neighbour;
import org.neardup.streams.wire.StoredDocument;
import org.neardup.verify.Jaccard;
import org.neardup.verify.Verifier;

/**
 * The near-duplicates of a text in the state of a running application, read from its stores (Kafka
 * Streams' interactive queries): each shard's stores give the documents it holds at or above the
 * threshold, by the text's bucket keys and exact verification, as the shard finds a record's
 * neighbours; the decider's kept set says which of them are kept. Thread-safe.
 */
public final class Lookup {
  /** The shards' id-keyed store: {@code id -> StoredDocument}. */
  public static final String DOCUMENTS = Shard.DOCUMENTS;

  /** The shards' band-keyed store: {@code bucket key -> ids}. */
  public static final String BUCKETS = Shard.BUCKETS;

  /** The decider's kept set: {@code id -> seq}. */
  public static final String KEPT = Decider.KEPT;

  private final DocumentSketcher sketcher;
  private final Banding banding;
  private final Verifier verifier;
  private final int shards;

  public Lookup(PipelineConfig config, int shards) {
    this.sketcher = DocumentSketcher.create(config.sketch());
    this.banding = new Banding(config.lshParams());
    this.verifier = config.verifier();
    this.shards = shards;
  }

  /**
   * The partition of {@code applicationId}'s internal topic whose task holds the stores of shard
   * {@code shard}: the shard-th, of the topic named here.
   */
  public static String shardTopic(String applicationId) {
    return applicationId + "-" + DedupTopology.SHARD + "-repartition";
  }

  /** The topic whose one partition's task holds the decider's kept set. */
  public static String deciderTopic(String applicationId) {
    return applicationId + "-" + DedupTopology.REPORT + "-repartition";
  }

  /** The text, sketched as the stream sketches a record. */
  public Sketch sketch(String text) {
    return sketcher.sketch(text);
  }

  /**
   * The documents of shard {@code shard} (its stores) at or above the threshold with {@code query},
   * kept or still waiting for their decision, each with its exact similarity (estimated with {@code
   * --estimate}).
   */
  public List<Neighbour> neighbours(
      Sketch query,
      int shard,
      ReadOnlyKeyValueStore<String, StoredDocument> documents,
      ReadOnlyKeyValueStore<Long, List<String>> buckets) {
    if (query.isEmpty()) {
      return List.of();
    }
    Set<String> candidates = new LinkedHashSet<>();
    for (long key : banding.bucketKeys(query.signature())) {
      List<String> bucket = buckets.get(key);
      if (bucket != null) {
        for (String member : bucket) {
          if (Shards.of(member, shards) == shard) {
            candidates.add(member);
          }
        }
      }
    }
    return verified(verifier, query.signature(), query::shingleSet, candidates, documents);
  }

  /**
   * Those of {@code candidates} (ids {@code documents} holds) at or above the threshold with the
   * document of {@code signature}, each with its exact similarity. Its {@code set} is asked for
   * once at most, when a candidate passes the signature filter.
   */
  static List<Neighbour> verified(
      Verifier verifier,
      int[] signature,
      Supplier<long[]> set,
      Collection<String> candidates,
      ReadOnlyKeyValueStore<String, StoredDocument> documents) {
    if (candidates.isEmpty()) {
      return List.of();
    }
    long[][] once = {null};
    Supplier<long[]> memo =
        () -> {
          if (once[0] == null) {
            once[0] = set.get();
          }
          return once[0];
        };
    List<Neighbour> neighbours = new ArrayList<>();
    for (String candidate : candidates) {
      StoredDocument held = documents.get(candidate);
      if (held == null) {
        continue; // a query's: dropped since its bucket was read
      }
      double similarity = verifier.verify(signature, held.signature(), memo, held::set);
      if (similarity != Jaccard.BELOW) {
        neighbours.add(new Neighbour(candidate, held.seq(), similarity));
      }
    }
    return neighbours;
  }

  /** Those of {@code neighbours} the decider's {@code kept} set holds, at their position. */
  public static List<Neighbour> kept(
      List<Neighbour> neighbours, ReadOnlyKeyValueStore<String, Long> kept) {
    List<Neighbour> held = new ArrayList<>();
    for (Neighbour neighbour : neighbours) {
      Long seq = kept.get(neighbour.id());
      if (seq != null && seq == neighbour.seq()) {
        held.add(neighbour);
      }
    }
    return held;
  }

  /** Best first: highest similarity, then the earliest position (as a decision's matches). */
  public static void sort(List<Neighbour> neighbours) {
    neighbours.sort(Decider.BEST_FIRST);
  }
}
