package org.neardup.streams.command;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.neardup.options.UsageException;

/**
 * The topics a stream needs, looked up and made before it starts: the input must exist (its
 * partitions are the default number of shards); the output, rejects and notice topics are made when
 * absent. Kafka Streams makes its own internal topics (repartition topics and changelogs).
 */
final class Topics implements AutoCloseable {
  private static final long TIMEOUT_SECONDS = 60;
  private final Admin admin;

  Topics(Properties clientProperties) {
    Properties properties = new Properties();
    properties.putAll(clientProperties);
    properties.putIfAbsent(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 60_000);
    try {
      this.admin = Admin.create(properties);
    } catch (KafkaException e) {
      throw new UsageException("bad client settings: " + messages(e));
    }
  }

  /** The partitions of {@code topic}, or empty when it does not exist. */
  Optional<Integer> partitions(String topic) {
    try {
      Map<String, TopicDescription> described =
          admin
              .describeTopics(List.of(topic))
              .allTopicNames()
              .get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      return Optional.of(described.get(topic).partitions().size());
    } catch (ExecutionException e) {
      if (e.getCause() instanceof UnknownTopicOrPartitionException) {
        return Optional.empty();
      }
      throw unreachable(e.getCause());
    } catch (TimeoutException e) {
      throw unreachable(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UsageException("interrupted while looking up topic " + topic);
    }
  }

  /**
   * Makes {@code topic} with {@code partitions} partitions when it does not exist; when it does and
   * {@code exactly}, it must have that many.
   *
   * @return whether it was made
   */
  boolean ensure(String topic, int partitions, short replication, boolean exactly) {
    return ensure(topic, partitions, replication, exactly, Map.of());
  }

  /** {@link #ensure(String, int, short, boolean)}, a topic made with {@code configs}. */
  boolean ensure(
      String topic,
      int partitions,
      short replication,
      boolean exactly,
      Map<String, String> configs) {
    Optional<Integer> existing = partitions(topic);
    if (existing.isPresent()) {
      if (exactly && existing.get() != partitions) {
        throw new UsageException(
            "topic "
                + topic
                + " has "
                + existing.get()
                + " partitions, where this stream needs "
                + partitions
                + " (one a shard): the number of shards of an application cannot change");
      }
      return false;
    }
    NewTopic made =
        new NewTopic(
            topic,
            Optional.of(partitions),
            replication < 0 ? Optional.empty() : Optional.of(replication));
    made.configs(configs);
    try {
      admin.createTopics(List.of(made)).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      return true;
    } catch (ExecutionException e) {
      if (e.getCause() instanceof TopicExistsException) {
        return false; // made meanwhile by another instance
      }
      throw new UsageException("cannot create topic " + topic + ": " + e.getCause().getMessage());
    } catch (TimeoutException e) {
      throw unreachable(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UsageException("interrupted while creating topic " + topic);
    }
  }

  private static UsageException unreachable(Throwable cause) {
    return new UsageException(
        "cannot reach the Kafka cluster at --bootstrap-servers (" + messages(cause) + ")");
  }

  /** The messages of {@code failure} and its causes, joined by ": ". */
  static String messages(Throwable failure) {
    List<String> messages = new ArrayList<>();
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t.getMessage() != null && !messages.contains(t.getMessage())) {
        messages.add(t.getMessage());
      }
    }
    return String.join(": ", messages);
  }

  @Override
  public void close() {
    admin.close();
  }
}
