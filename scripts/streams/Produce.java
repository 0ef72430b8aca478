import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Produces a TSV file (id TAB text a line, as ./neardup generate writes it) to a new
 * topic of PARTITIONS partitions, keyed by id, in file order.
 *   java -cp CLASSPATH scripts/streams/Produce.java BOOTSTRAP TOPIC PARTITIONS FILE.tsv
 */
public class Produce {
  public static void main(String[] args) throws Exception {
    Properties properties = new Properties();
    properties.put("bootstrap.servers", args[0]);
    try (Admin admin = Admin.create(properties)) {
      admin.createTopics(List.of(new NewTopic(args[1], Integer.parseInt(args[2]), (short) 1))).all().get();
    }
    properties.put("acks", "all");
    properties.put("linger.ms", "20");
    long count = 0;
    try (KafkaProducer<String, String> producer =
            new KafkaProducer<>(properties, new StringSerializer(), new StringSerializer());
        var lines = Files.lines(Path.of(args[3]), StandardCharsets.UTF_8)) {
      for (String line : (Iterable<String>) lines::iterator) {
        int tab = line.indexOf('\t');
        producer.send(new ProducerRecord<>(args[1], line.substring(0, tab), line.substring(tab + 1)));
        count++;
      }
    }
    System.err.println("produced " + count + " records to " + args[1]);
  }
}
