package org.neardup.streams.topology;

import java.util.Optional;
import java.util.Set;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.streams.processor.StreamPartitioner;
import org.neardup.streams.wire.Message;

/**
 * Where a message goes on an internal topic: the one partition its {@link Rule} gives. Kafka
 * Streams calls the method with headers; both of {@link StreamPartitioner}'s methods answer alike.
 */
final class OnePartition implements StreamPartitioner<String, Message> {
  /** The partition of {@code value} under {@code key}, from 0 to {@code partitions - 1}. */
  @FunctionalInterface
  interface Rule {
    int partition(String key, Message value, int partitions);
  }

  private final Rule rule;

  OnePartition(Rule rule) {
    this.rule = rule;
  }

  @Override
  public Optional<Set<Integer>> partitions(
      String topic, String key, Message value, Headers headers, int partitions) {
    return Optional.of(Set.of(rule.partition(key, value, partitions)));
  }

  /**
   * The same partition. Kafka deprecates this method for removal, yet keeps it abstract until it
   * removes it: an implementation must override it.
   */
  @SuppressWarnings("removal")
  @Override
  public Optional<Set<Integer>> partitions(
      String topic, String key, Message value, int partitions) {
    return Optional.of(Set.of(rule.partition(key, value, partitions)));
  }
}
