package org.neardup.streams.topology;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;

/** The decisions of the topology run without interruption, in one process (TopologyTestDriver). */
public final class UninterruptedRun {
  private UninterruptedRun() {}

  /** The output topic's records after {@code records} (key to value, UTF-8), in order. */
  public static List<KeyValue<String, String>> decisions(
      StreamSettings settings, List<Map.Entry<String, byte[]>> records) {
    Properties properties = new Properties();
    properties.put(StreamsConfig.APPLICATION_ID_CONFIG, "uninterrupted");
    properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:9");
    try (TopologyTestDriver driver =
        new TopologyTestDriver(DedupTopology.build(settings), properties)) {
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
