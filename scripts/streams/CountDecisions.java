import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Waits until TOPIC holds COUNT committed records (read_committed), then prints how many of them
 * are kept decisions.
 *   java -cp CLASSPATH scripts/streams/CountDecisions.java BOOTSTRAP TOPIC COUNT
 */
public class CountDecisions {
  public static void main(String[] args) throws Exception {
    Properties properties = new Properties();
    properties.put("bootstrap.servers", args[0]);
    properties.put("isolation.level", "read_committed");
    long wanted = Long.parseLong(args[2]);
    long seen = 0;
    long kept = 0;
    try (KafkaConsumer<String, String> consumer =
        new KafkaConsumer<>(properties, new StringDeserializer(), new StringDeserializer())) {
      List<TopicPartition> partitions = new ArrayList<>();
      while (partitions.isEmpty()) {
        consumer.partitionsFor(args[1]).forEach(p -> partitions.add(new TopicPartition(args[1], p.partition())));
      }
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      while (seen < wanted) {
        for (var record : consumer.poll(Duration.ofMillis(200))) {
          seen++;
          if (record.value() != null && record.value().contains("\"kept\":true")) {
            kept++;
          }
        }
      }
    }
    System.out.println(seen + " decisions, " + kept + " kept");
  }
}
