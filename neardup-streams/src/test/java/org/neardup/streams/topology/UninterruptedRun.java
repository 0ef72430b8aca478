package org.neardup.streams.topology;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.Stores;
import org.neardup.streams.wire.Message;
import org.neardup.streams.wire.Message.Seal;
import org.neardup.streams.wire.MessageSerde;

/** The decisions of the topology run without interruption, in one process (TopologyTestDriver). */
public final class UninterruptedRun {
  private UninterruptedRun() {}

  /** The output topic's records after {@code records}, with no bootstrap. */
  public static List<KeyValue<String, String>> decisions(
      StreamSettings settings, List<Map.Entry<String, byte[]>> records) {
    return decisions(
        settings, List.of(Map.<String, Message>entry(Seal.KEY, new Seal(0, 0, ""))), records);
  }

  /**
   * The output topic's records after {@code bootstrap} (documents, then the seal) and {@code
   * records} (key to value, UTF-8), in order.
   */
  public static List<KeyValue<String, String>> decisions(
      StreamSettings settings,
      List<Map.Entry<String, Message>> bootstrap,
      List<Map.Entry<String, byte[]>> records) {
    Properties properties = new Properties();
    properties.put(StreamsConfig.APPLICATION_ID_CONFIG, "uninterrupted");
    properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:9");
    try (TopologyTestDriver driver =
        new TopologyTestDriver(
            DedupTopology.build(settings, Stores::inMemoryKeyValueStore), properties)) {
      TestInputTopic<String, Message> documents =
          driver.createInputTopic(
              settings.bootstrapTopic(), new StringSerializer(), MessageSerde.SERDE.serializer());
      bootstrap.forEach(document -> documents.pipeInput(document.getKey(), document.getValue()));
      TestInputTopic<byte[], byte[]> input =
          driver.createInputTopic(
              settings.inputTopic(), new ByteArraySerializer(), new ByteArraySerializer());
      for (Map.Entry<String, byte[]> record : records) {
        input.pipeInput(
            record.getKey() == null ? null : record.getKey().getBytes(StandardCharsets.UTF_8),
            record.getValue());
      }
      return driver
          .createOutputTopic(
              settings.outputTopic(), new StringDeserializer(), new StringDeserializer())
          .readKeyValuesToList();
    }
  }
}
