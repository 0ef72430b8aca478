package org.neardup.streams.topology;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.utils.Utils;

/**
 * Which shard holds a document: its id's murmur2 hash, as Kafka's default partitioner hashes keys.
 */
final class Shards {
  private Shards() {}

  static int of(String id, int shards) {
    return Utils.toPositive(Utils.murmur2(id.getBytes(StandardCharsets.UTF_8))) % shards;
  }
}
