package org.neardup.streams.command;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.neardup.config.PipelineConfig;
import org.neardup.options.PipelineMixin;
import org.neardup.options.UsageException;
import org.neardup.streams.query.QueryServer;
import org.neardup.streams.topology.DedupTopology;
import org.neardup.streams.topology.StreamSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code neardup stream}: runs the dedup topology until stopped. */
@Command(
    name = "neardup stream",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Online dedup of a Kafka topic on Kafka Streams (docs/streams.md): one decision a record,"
          + " keyed by id, on the output topic: {\"id\", \"kept\", \"duplicateOf\", \"matches\","
          + " \"seq\", \"partition\", \"offset\"}; bad records on the rejects topic with their"
          + " reason; a tombstone deletes. The kept documents are those dedup --keep first keeps"
          + " over the records in the order of their seq (a single input partition: offset"
          + " order). Exactly once (processing.guarantee=exactly_once_v2). Start the same command"
          + " again, anywhere, to share the work: instances of one --application-id share its"
          + " partitions and state. Runs until SIGTERM or Ctrl-C."
    })
public final class StreamCommand implements Callable<Integer> {
  @Option(
      names = "--bootstrap-servers",
      required = true,
      paramLabel = "HOST:PORT[,...]",
      description = "The Kafka cluster.")
  String bootstrapServers;

  @Option(
      names = "--input",
      required = true,
      paramLabel = "TOPIC",
      description = "Records keyed by document id; the value is the text (or JSON: --text-field).")
  String input;

  @Option(
      names = "--output",
      required = true,
      paramLabel = "TOPIC",
      description = "Decisions, keyed by id (made when absent, with the input's partitions).")
  String output;

  @Option(
      names = "--rejects",
      paramLabel = "TOPIC",
      description = "Bad records with their reason. Default: the output topic's name + '-rejects'.")
  String rejects;

  @Option(
      names = "--application-id",
      required = true,
      paramLabel = "ID",
      description =
          "The Kafka Streams application: its consumer group, the prefix of its internal topics;"
              + " instances with the same id share the work and the state.")
  String applicationId;

  @Option(
      names = "--state-dir",
      required = true,
      paramLabel = "DIR",
      description = "Where this instance keeps its local state stores (RocksDB).")
  Path stateDir;

  @Option(
      names = "--bootstrap",
      paramLabel = "FILE.nds",
      description =
          "Start from the documents of a batch: a signature file (./neardup sign over dedup's"
              + " output keeps them all), or a directory of them (the Spark job's"
              + " --signatures-out). They come first, decided as records are, with no decision"
              + " out. Loaded once: the same files again load nothing, or resume a load that"
              + " stopped. Made with the stream's sketch options, with shingle sets (sign's"
              + " default) unless --estimate.")
  Path bootstrap;

  @Option(
      names = "--query-server",
      paramLabel = "HOST:PORT",
      description =
          "Answer queries (POST /query {\"text\"}: the kept near-duplicates of a text, over every"
              + " instance's state) on HOST:PORT, the address the other instances reach this one"
              + " at (port 0: a free one). Give it to every instance of the application.")
  String queryServer;

  @Option(
      names = "--text-field",
      paramLabel = "NAME",
      description =
          "The value is a JSON object whose field NAME holds the text (repeatable: joined by a"
              + " space). Default: the value is the text.")
  List<String> textFields = new ArrayList<>();

  @Option(
      names = "--shards",
      paramLabel = "N",
      description =
          "Shards holding the documents (partitions of the internal topics); fixed for the"
              + " application's life. Default: the input topic's partitions.")
  Integer shards;

  @Option(
      names = "--replication-factor",
      paramLabel = "N",
      defaultValue = "-1",
      description =
          "Replication of the internal topics, changelogs and topics made here. Default: the"
              + " broker's default.")
  short replicationFactor;

  @Option(
      names = "--standby-replicas",
      paramLabel = "N",
      defaultValue = "0",
      description = "Warm copies of each store on other instances (num.standby.replicas).")
  int standbyReplicas;

  @Option(
      names = "--keep",
      paramLabel = "first",
      defaultValue = "first",
      description = "Which document of a group is kept: first (the only order a stream knows).")
  String keep;

  @Option(
      names = "--config",
      paramLabel = "KEY=VALUE",
      description =
          "Any Kafka Streams or client setting (repeatable), e.g. commit.interval.ms=200 or"
              + " security.protocol=SSL.")
  Map<String, String> config = Map.of();

  @Option(
      names = {"-q", "--quiet"},
      description = "Print nothing but errors.")
  boolean quiet;

  @Mixin PipelineMixin pipeline;

  @Spec CommandSpec spec;

  private PrintWriter err() {
    return spec.commandLine().getErr();
  }

  @Override
  public Integer call() throws Exception {
    PipelineConfig pipelineConfig = checkedPipeline();
    Properties client = new Properties();
    client.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    config.forEach(client::put);
    String rejectsTopic = rejects != null ? rejects : output + "-rejects";
    String noticeTopic = applicationId + "-notices";
    String bootstrapTopic = applicationId + "-bootstrap";
    BootstrapFiles bootstrapFiles =
        bootstrap == null ? null : BootstrapFiles.open(bootstrap, pipelineConfig);
    int shardCount;
    try (Topics topics = new Topics(client)) {
      int inputPartitions =
          topics
              .partitions(input)
              .orElseThrow(() -> new UsageException("no topic " + input + " (--input)"));
      shardCount = shards != null ? shards : inputPartitions;
      if (shardCount < 1) {
        throw new UsageException("--shards must be at least 1, got " + shardCount);
      }
      topics.ensure(noticeTopic, shardCount, replicationFactor, true);
      topics.ensure(
          bootstrapTopic,
          1,
          replicationFactor,
          true,
          Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT));
      for (String topic : List.of(output, rejectsTopic)) {
        if (topics.ensure(topic, inputPartitions, replicationFactor, false) && !quiet) {
          err().println("neardup: made topic " + topic);
        }
      }
    }
    Bootstrap sealing = new Bootstrap(client, bootstrapTopic, err(), quiet);
    if (bootstrapFiles != null) {
      sealing.load(bootstrapFiles);
    } else {
      sealing.sealNone();
    }
    Files.createDirectories(stateDir);
    StreamSettings settings =
        new StreamSettings(
            input,
            output,
            rejectsTopic,
            noticeTopic,
            bootstrapTopic,
            shardCount,
            textFields,
            pipelineConfig);
    Properties properties = new Properties();
    properties.putAll(client);
    properties.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
    properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
    properties.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
    properties.put(StreamsConfig.REPLICATION_FACTOR_CONFIG, (int) replicationFactor);
    properties.put(StreamsConfig.NUM_STANDBY_REPLICAS_CONFIG, standbyReplicas);
    properties.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, pipelineConfig.threads());
    QueryServer queries = null;
    if (queryServer != null) {
      queries = listen(queryServer);
      properties.put(
          StreamsConfig.APPLICATION_SERVER_CONFIG,
          queries.address().host() + ":" + queries.address().port());
    }
    config.forEach(properties::put); // what the user sets wins
    try {
      return run(settings, properties, queries);
    } finally {
      if (queries != null) {
        queries.close();
      }
    }
  }

  /** The query endpoint on {@code address} (HOST:PORT), listening. */
  private QueryServer listen(String address) throws IOException {
    int colon = address.lastIndexOf(':');
    int port = -1;
    try {
      port = colon < 1 ? -1 : Integer.parseInt(address.substring(colon + 1));
    } catch (NumberFormatException e) {
      // the message below
    }
    if (port < 0 || port > 65_535) {
      throw new UsageException("--query-server " + address + ": expected HOST:PORT");
    }
    String host = address.substring(0, colon);
    if (host.equals("0.0.0.0") || host.equals("[::]") || host.equals("::")) {
      throw new UsageException(
          "--query-server "
              + address
              + ": the other instances reach this one at this address; give its host name or"
              + " address, not the wildcard");
    }
    try {
      QueryServer queries = QueryServer.listen(host, port);
      if (!quiet) {
        err()
            .println(
                "neardup: queries at http://"
                    + queries.address().host()
                    + ":"
                    + queries.address().port()
                    + "/query");
      }
      return queries;
    } catch (IOException e) {
      throw new UsageException("--query-server " + address + ": cannot listen: " + e.getMessage());
    }
  }

  private PipelineConfig checkedPipeline() {
    if (!keep.equals("first")) {
      throw new UsageException(
          "--keep " + keep + ": a stream keeps the first of each group (the order it decides in)");
    }
    if (pipeline.exact || pipeline.lsh || pipeline.maxCandidates() != null) {
      throw new UsageException(
          "--exact, --lsh and --max-candidates choose how a batch finds its pairs; a stream"
              + " finds them with LSH, document by document");
    }
    return pipeline.config();
  }

  private int run(StreamSettings settings, Properties properties, QueryServer queries)
      throws InterruptedException {
    KafkaStreams streams;
    try {
      streams = new KafkaStreams(DedupTopology.build(settings), properties);
    } catch (KafkaException e) {
      throw new UsageException("bad Kafka Streams settings: " + Topics.messages(e));
    }
    if (queries != null) {
      queries.serve(streams, applicationId, settings.shards(), settings.config());
    }
    AtomicBoolean running = new AtomicBoolean();
    CountDownLatch stopped = new CountDownLatch(1);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    streams.setUncaughtExceptionHandler(
        e -> {
          failure.compareAndSet(null, e);
          stopped.countDown();
          return StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        });
    streams.setStateListener(
        (now, before) -> {
          if (now == KafkaStreams.State.RUNNING && !quiet && !running.getAndSet(true)) {
            err()
                .println(
                    "neardup: stream "
                        + applicationId
                        + " running: "
                        + settings.inputTopic()
                        + " -> "
                        + settings.outputTopic()
                        + " ("
                        + settings.shards()
                        + " shards, threshold "
                        + settings.config().threshold()
                        + ")");
          }
          if (now == KafkaStreams.State.ERROR || now == KafkaStreams.State.NOT_RUNNING) {
            stopped.countDown();
          }
        });
    Thread hook =
        new Thread(
            () -> {
              streams.close(Duration.ofSeconds(60));
              stopped.countDown();
            },
            "neardup-stream-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
    streams.start();
    stopped.await();
    Throwable failed = failure.get();
    if (failed != null) {
      streams.close(Duration.ofSeconds(60));
      err().println("neardup: the stream failed: " + Topics.messages(failed));
      return 1;
    }
    return 0;
  }
}
