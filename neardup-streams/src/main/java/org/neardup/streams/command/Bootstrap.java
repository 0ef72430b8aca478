package org.neardup.streams.command;

import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.neardup.options.UsageException;
import org.neardup.streams.wire.Message;
import org.neardup.streams.wire.Message.Loaded;
import org.neardup.streams.wire.Message.Seal;
import org.neardup.streams.wire.MessageSerde;

/**
 * Seals the bootstrap topic before a stream starts: the documents of a bootstrap, then a seal; or,
 * with none, a seal alone. The topology decides no input record before the seal, so the documents
 * of the bootstrap come first in the order.
 *
 * <p>Exactly once and safe to run again. Every writer uses one transactional id (the topic's name),
 * so a writer that starts fences the one before it, whose open transaction is aborted. Documents go
 * in transactions of a few thousand, each carrying its index in the files: a load that stopped
 * (killed, fenced) resumes after the last committed one, and a load of files already sealed writes
 * nothing. Other files, or a seal of no bootstrap, are refused once the topic is sealed.
 */
final class Bootstrap {
  /** Documents in one transaction, at most. */
  static final int TRANSACTION_DOCUMENTS = 2_000;

  /** Bytes of documents in one transaction, at most (about). */
  static final long TRANSACTION_BYTES = 16L << 20;

  private static final int ATTEMPTS = 8;

  /** What the topic holds, by its last committed record. */
  sealed interface State {}

  /** Nothing committed. */
  record Empty() implements State {}

  /** Documents up to {@code last} of the files of {@code fingerprint}, not sealed yet. */
  record Loading(long fingerprint, long last) implements State {}

  /** Sealed. */
  record Sealed(Seal seal) implements State {}

  private final Properties client;
  private final String topic;
  private final PrintWriter err;
  private final boolean quiet;

  /**
   * @param client the cluster's client settings
   * @param topic the bootstrap topic (one partition, compacted), made already
   */
  Bootstrap(Properties client, String topic, PrintWriter err, boolean quiet) {
    this.client = client;
    this.topic = topic;
    this.err = err;
    this.quiet = quiet;
  }

  /** With no bootstrap: seals the topic when nothing is in it; else leaves it as it is. */
  void sealNone() {
    State state = state();
    if (state instanceof Empty) {
      write(
          (producer, current) -> {
            if (current instanceof Empty) {
              producer.beginTransaction();
              send(producer, null, new Seal(0, 0, ""));
              producer.commitTransaction();
            }
            return null;
          });
      state = state();
    }
    if (state instanceof Loading loading && !quiet) {
      err.println(
          "neardup: a bootstrap is being loaded into "
              + topic
              + " ("
              + (loading.last() + 1)
              + " documents so far): no record is decided before it is sealed");
    }
  }

  /** Loads {@code files} and seals the topic, or resumes a load of them, or finds them loaded. */
  void load(BootstrapFiles files) {
    String done =
        write(
            (producer, state) -> {
              long from = 0;
              if (state instanceof Sealed sealed) {
                if (sealed.seal().fingerprint() == files.fingerprint() && !sealed.seal().none()) {
                  return "loaded already (" + sealed.seal().entries() + " documents)";
                }
                throw new UsageException(
                    "--bootstrap "
                        + files.names()
                        + ": the application was started "
                        + (sealed.seal().none()
                            ? "with no bootstrap"
                            : "from "
                                + sealed.seal().files()
                                + " ("
                                + sealed.seal().entries()
                                + " documents)")
                        + "; a bootstrap loads the state of an application once, before its"
                        + " first record (a new state needs a new --application-id)");
              }
              if (state instanceof Loading loading) {
                if (loading.fingerprint() != files.fingerprint()) {
                  throw new UsageException(
                      "--bootstrap "
                          + files.names()
                          + ": "
                          + topic
                          + " holds part of another bootstrap (other documents); finish it with"
                          + " the files it was started from, or use a new --application-id");
                }
                from = loading.last() + 1;
                if (!quiet) {
                  err.println(
                      "neardup: bootstrap: resuming after " + from + " documents loaded before");
                }
              }
              loadFrom(producer, files, from);
              return "loaded " + files.documents() + " documents from " + files.names();
            });
    if (!quiet) {
      err.println("neardup: bootstrap: " + done);
    }
  }

  private void loadFrom(KafkaProducer<String, Message> producer, BootstrapFiles files, long from) {
    long[] inTransaction = {0, 0}; // documents, bytes
    producer.beginTransaction();
    try {
      files.forEach(
          from,
          (id, document) -> {
            if (inTransaction[0] == TRANSACTION_DOCUMENTS
                || inTransaction[1] >= TRANSACTION_BYTES) {
              producer.commitTransaction();
              if (!quiet) {
                err.println("neardup: bootstrap: " + document.index() + " documents loaded");
              }
              producer.beginTransaction();
              inTransaction[0] = 0;
              inTransaction[1] = 0;
            }
            send(producer, id, document);
            inTransaction[0]++;
            inTransaction[1] += bytes(document);
          });
    } catch (IOException e) {
      producer.abortTransaction();
      throw new UsageException(
          e.getMessage() + " (the bootstrap is not sealed: no record is decided before it is)");
    }
    send(producer, null, new Seal(files.fingerprint(), files.documents(), files.names()));
    producer.commitTransaction();
  }

  private static long bytes(Loaded document) {
    return 40L
        + 4L * document.signature().length
        + (document.set() == null ? 0 : 8L * document.set().length);
  }

  /** A write to the topic, in the state it reads after fencing every earlier writer. */
  private interface Write<T> {
    T apply(KafkaProducer<String, Message> producer, State state);
  }

  /**
   * Runs {@code write} with a transactional producer, after reading the topic's state. When it
   * fails (another writer fenced this one, or the cluster failed it), it starts again from the
   * state the topic is in then, a few times: what a write does follows from that state alone.
   * Between attempts it waits a random while, longer each time, so that two instances started
   * together do not fence each other in turn.
   */
  private <T> T write(Write<T> write) {
    for (int attempt = 1; ; attempt++) {
      try (KafkaProducer<String, Message> producer = producer()) {
        producer.initTransactions();
        return write.apply(producer, state());
      } catch (KafkaException e) {
        if (attempt == ATTEMPTS) {
          throw new UsageException("cannot write " + topic + ": " + Topics.messages(e));
        }
      }
      try {
        Thread.sleep(ThreadLocalRandom.current().nextLong(100, 500) * attempt);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new UsageException("interrupted while writing " + topic);
      }
    }
  }

  // A failed send fails the transaction's commitTransaction, which write() answers: the future
  // adds nothing.
  @SuppressWarnings("FutureReturnValueIgnored")
  private void send(KafkaProducer<String, Message> producer, String id, Message message) {
    producer.send(new ProducerRecord<>(topic, 0, id == null ? Seal.KEY : id, message));
  }

  private KafkaProducer<String, Message> producer() {
    Properties properties = new Properties();
    properties.putAll(client);
    properties.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, topic);
    properties.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    properties.put(ProducerConfig.ACKS_CONFIG, "all");
    properties.put(ProducerConfig.LINGER_MS_CONFIG, 20);
    return new KafkaProducer<>(properties, new StringSerializer(), MessageSerde.SERDE.serializer());
  }

  /** What the topic holds: its last committed record says. */
  State state() {
    Properties properties = new Properties();
    properties.putAll(client);
    properties.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    properties.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    TopicPartition partition = new TopicPartition(topic, 0);
    try (KafkaConsumer<String, Message> consumer =
        new KafkaConsumer<>(
            properties, new StringDeserializer(), MessageSerde.SERDE.deserializer())) {
      consumer.assign(List.of(partition));
      long begin = consumer.beginningOffsets(List.of(partition)).get(partition);
      long end = consumer.endOffsets(List.of(partition)).get(partition); // read_committed: the LSO
      // read back from the end, further each time, until a record (transaction markers take
      // offsets too)
      for (long back = 8; ; back *= 8) {
        long start = Math.max(begin, end - back);
        consumer.seek(partition, start);
        ConsumerRecord<String, Message> last = null;
        while (consumer.position(partition) < end) {
          for (ConsumerRecord<String, Message> record : consumer.poll(Duration.ofMillis(500))) {
            if (record.offset() < end) {
              last = record;
            }
          }
        }
        if (last != null) {
          if (last.value() instanceof Seal seal) {
            return new Sealed(seal);
          }
          Loaded loaded = (Loaded) last.value();
          return new Loading(loaded.fingerprint(), loaded.index());
        }
        if (start == begin) {
          return new Empty();
        }
      }
    } catch (KafkaException e) {
      throw new UsageException("cannot read " + topic + ": " + Topics.messages(e));
    }
  }
}
