package org.neardup.streams.it;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;

/**
 * A Kafka broker in KRaft mode (broker and controller in one process), as its own JVM from Maven's
 * artifacts ({@code kafka_2.13} and its dependencies, the class path the build writes to {@code
 * broker-classpath.txt}): a generated {@code server.properties} on free loopback ports, the storage
 * formatted with the KRaft storage tool, then {@code kafka.Kafka}. One broker serves every
 * integration test of a run ({@link #shared()}); it is killed when the test JVM exits.
 */
final class BrokerProcess {
  private static BrokerProcess shared;

  private final Process process;
  private final String bootstrapServers;
  private final Path directory;

  private BrokerProcess(Process process, String bootstrapServers, Path directory) {
    this.process = process;
    this.bootstrapServers = bootstrapServers;
    this.directory = directory;
  }

  /** The broker of this run, started on first use. */
  static synchronized BrokerProcess shared() throws Exception {
    if (shared == null) {
      shared = start(Files.createTempDirectory("neardup-kafka-"));
      BrokerProcess broker = shared;
      Runtime.getRuntime().addShutdownHook(new Thread(broker::stop));
    }
    return shared;
  }

  String bootstrapServers() {
    return bootstrapServers;
  }

  static String classPath() throws IOException {
    String file = System.getProperty("neardup.broker.classpath");
    if (file == null) {
      throw new IllegalStateException("run through Maven (-Dneardup.broker.classpath=...)");
    }
    return Files.readString(Path.of(file)).trim();
  }

  static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private static BrokerProcess start(Path directory) throws Exception {
    int brokerPort = freePort();
    int controllerPort = freePort();
    Path logs = directory.resolve("logs");
    Path config = directory.resolve("server.properties");
    String properties =
        String.join(
                "\n",
                "process.roles=broker,controller",
                "node.id=1",
                "controller.quorum.voters=1@127.0.0.1:" + controllerPort,
                "listeners=PLAINTEXT://127.0.0.1:"
                    + brokerPort
                    + ",CONTROLLER://127.0.0.1:"
                    + controllerPort,
                "advertised.listeners=PLAINTEXT://127.0.0.1:" + brokerPort,
                "controller.listener.names=CONTROLLER",
                "inter.broker.listener.name=PLAINTEXT",
                "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
                "log.dirs=" + logs,
                "num.partitions=1",
                "offsets.topic.replication.factor=1",
                "offsets.topic.num.partitions=4",
                "transaction.state.log.replication.factor=1",
                "transaction.state.log.min.isr=1",
                "transaction.state.log.num.partitions=4",
                "share.coordinator.state.topic.replication.factor=1",
                "share.coordinator.state.topic.min.isr=1",
                "group.initial.rebalance.delay.ms=0",
                "log.flush.interval.messages=9223372036854775807",
                "")
            + "\n";
    Files.writeString(config, properties, StandardCharsets.UTF_8);
    String classPath = classPath();
    Process format =
        new ProcessBuilder(
                java(),
                "-cp",
                classPath,
                "kafka.tools.StorageTool",
                "format",
                "-t",
                Uuid.randomUuid().toString(),
                "-c",
                config.toString())
            .redirectErrorStream(true)
            .redirectOutput(directory.resolve("format.log").toFile())
            .start();
    if (!format.waitFor(120, TimeUnit.SECONDS) || format.exitValue() != 0) {
      throw new IllegalStateException(
          "formatting the broker's storage failed: "
              + Files.readString(directory.resolve("format.log")));
    }
    List<String> command = new ArrayList<>();
    command.add(java());
    command.add("-Xmx512m");
    command.add("-XX:TieredStopAtLevel=1");
    command.add("-XX:+UseSerialGC");
    command.add("-cp");
    command.add(classPath);
    command.add("kafka.Kafka");
    command.add(config.toString());
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(directory.resolve("broker.log").toFile())
            .start();
    String bootstrap = "127.0.0.1:" + brokerPort;
    BrokerProcess broker = new BrokerProcess(process, bootstrap, directory);
    broker.awaitReady();
    return broker;
  }

  /** Waits until the broker answers an admin request, or fails if it dies. */
  private void awaitReady() throws Exception {
    Instant deadline = Instant.now().plus(Duration.ofMinutes(2));
    Properties properties = new Properties();
    properties.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    properties.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 5_000);
    properties.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000);
    try (Admin admin = Admin.create(properties)) {
      while (true) {
        if (!process.isAlive()) {
          throw new IllegalStateException(
              "the broker exited: " + Files.readString(directory.resolve("broker.log")));
        }
        try {
          admin.describeCluster().nodes().get(5, TimeUnit.SECONDS);
          return;
        } catch (Exception notYet) {
          if (Instant.now().isAfter(deadline)) {
            throw new IllegalStateException("the broker did not start within 2 minutes", notYet);
          }
          Thread.sleep(200);
        }
      }
    }
  }

  void stop() {
    process.destroyForcibly();
    try {
      process.waitFor(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
