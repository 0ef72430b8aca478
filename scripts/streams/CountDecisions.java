import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Waits until TOPIC holds COUNT committed records (read_committed), then prints how many of them
 * are kept decisions. With FROM and process ids: also the seconds from its start to the first
 * decision, from the FROM-th decision to the COUNT-th, and the CPU ticks (user and system, /proc)
 * each process used meanwhile. Fails when no decision comes for ten minutes.
 *   java -cp CLASSPATH scripts/streams/CountDecisions.java BOOTSTRAP TOPIC COUNT [FROM PID...]
 *   prints: N decisions, K kept
 *           [window SECONDS_TO_FIRST SECONDS TICKS...]
 */
public class CountDecisions {
  public static void main(String[] args) throws Exception {
    Properties properties = new Properties();
    properties.put("bootstrap.servers", args[0]);
    properties.put("isolation.level", "read_committed");
    long wanted = Long.parseLong(args[2]);
    long from = args.length > 3 ? Long.parseLong(args[3]) : -1;
    List<String> pids = args.length > 4 ? List.of(args).subList(4, args.length) : List.of();
    long seen = 0;
    long kept = 0;
    long windowStart = 0;
    long[] ticksAtStart = new long[pids.size()];
    long started = System.nanoTime();
    long first = 0;
    long lastRecord = started;
    try (KafkaConsumer<String, String> consumer =
        new KafkaConsumer<>(properties, new StringDeserializer(), new StringDeserializer())) {
      List<TopicPartition> partitions = new ArrayList<>();
      while (partitions.isEmpty()) {
        consumer.partitionsFor(args[1]).forEach(p -> partitions.add(new TopicPartition(args[1], p.partition())));
      }
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      while (seen < wanted) {
        var records = consumer.poll(Duration.ofMillis(200));
        if (records.isEmpty() && System.nanoTime() - lastRecord > Duration.ofMinutes(10).toNanos()) {
          System.err.println("CountDecisions: no decision for ten minutes, " + seen + " of " + wanted);
          System.exit(1);
        }
        for (var record : records) {
          lastRecord = System.nanoTime();
          if (seen++ == 0) {
            first = lastRecord;
          }
          if (record.value() != null && record.value().contains("\"kept\":true")) {
            kept++;
          }
          if (seen == from) {
            windowStart = System.nanoTime();
            for (int i = 0; i < pids.size(); i++) {
              ticksAtStart[i] = ticks(pids.get(i));
            }
          }
        }
      }
    }
    System.out.println(seen + " decisions, " + kept + " kept");
    if (from > 0) {
      StringBuilder line = new StringBuilder("window ");
      line.append((first - started) / 1e9).append(' ').append((System.nanoTime() - windowStart) / 1e9);
      for (int i = 0; i < pids.size(); i++) {
        line.append(' ').append(ticks(pids.get(i)) - ticksAtStart[i]);
      }
      System.out.println(line);
    }
  }

  /** A process's CPU ticks, user and system, from /proc/PID/stat. */
  private static long ticks(String pid) throws Exception {
    String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
  }
}
