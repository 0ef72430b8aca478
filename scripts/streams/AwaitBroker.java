import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;

/**
 * Waits until the Kafka cluster at BOOTSTRAP answers (at most SECONDS, default 120); exit 1 if it
 * does not.
 *   java -cp CLASSPATH scripts/streams/AwaitBroker.java BOOTSTRAP [SECONDS]
 */
public class AwaitBroker {
  public static void main(String[] args) throws Exception {
    Properties properties = new Properties();
    properties.put("bootstrap.servers", args[0]);
    properties.put("default.api.timeout.ms", "5000");
    properties.put("request.timeout.ms", "5000");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(args.length > 1 ? Long.parseLong(args[1]) : 120);
    try (Admin admin = Admin.create(properties)) {
      while (true) {
        try {
          admin.describeCluster().nodes().get(5, TimeUnit.SECONDS);
          return;
        } catch (Exception notYet) {
          if (System.nanoTime() > deadline) {
            System.err.println("no Kafka cluster answers at " + args[0]);
            System.exit(1);
          }
          Thread.sleep(200);
        }
      }
    }
  }
}
