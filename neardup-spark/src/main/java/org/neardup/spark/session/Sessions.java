package org.neardup.spark.session;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.SparkConf;
import org.apache.spark.sql.SparkSession;

/**
 * Creates the job's {@link SparkSession}. The settings {@code spark-submit} passed (system
 * properties {@code spark.*}) come first, then the job's {@code --conf} and {@code --master};
 * without a master, {@code local[*]}. The application is named {@code neardup COMMAND} unless the
 * user named it. Off {@code local}, the jar the job runs from is added to {@code spark.jars}, so
 * that executors load the job's classes even when the job was not started by {@code spark-submit},
 * and the executors' JVMs get the JIT options {@code ./neardup spark} starts the driver with
 * ({@link #EXECUTOR_JIT_OPTIONS}), unless {@code spark.executor.defaultJavaOptions} is set already.
 * Stateless.
 */
public final class Sessions {
  /**
   * The main class, which {@code spark-submit} names the application after when not told otherwise.
   */
  private static final String MAIN_CLASS = "org.neardup.spark.SparkMain";

  /**
   * The launcher's JIT options ({@code spark_jit} in {@code neardup}), for the executors' JVMs as
   * {@code spark.executor.defaultJavaOptions}: each executor compiles Spark's code and the job's on
   * its own, and less deep inlining with a later C2 tier spends less on compiling while the job's
   * loops still reach C2. Spark puts {@code spark.executor.extraJavaOptions} after these, so a
   * user's own options there win flag by flag (a GC choice, say, keeps these).
   */
  static final String EXECUTOR_JIT_OPTIONS =
      "-XX:MaxInlineLevel=9 -XX:InlineSmallCode=1000 -XX:Tier4InvocationThreshold=15000"
          + " -XX:Tier4MinInvocationThreshold=1800 -XX:Tier4CompileThreshold=45000"
          + " -XX:Tier4BackEdgeThreshold=120000";

  private Sessions() {}

  /**
   * The session for a run.
   *
   * @param command the job's command ({@code pairs}, {@code clusters}, {@code dedup})
   * @param master the master to use (null: {@code spark-submit}'s, else {@code local[*]})
   * @param settings {@code --conf} settings, applied over {@code spark-submit}'s
   */
  public static SparkSession create(String command, String master, Map<String, String> settings) {
    return SparkSession.builder().config(conf(command, master, settings, jobJar())).getOrCreate();
  }

  /** The configuration {@link #create} uses, with {@code jar} the job's jar (if any) to ship. */
  static SparkConf conf(
      String command, String master, Map<String, String> settings, Optional<Path> jar) {
    SparkConf conf = new SparkConf();
    settings.forEach(conf::set);
    if (master != null) {
      conf.setMaster(master);
    } else if (!conf.contains("spark.master")) {
      conf.setMaster("local[*]");
    }
    String name = conf.get("spark.app.name", null);
    if (name == null || name.equals(MAIN_CLASS)) {
      conf.setAppName("neardup " + command);
    }
    if (conf.get("spark.master").startsWith("local")) {
      conf.setIfMissing("spark.ui.enabled", "false");
      conf.setIfMissing("spark.driver.host", "127.0.0.1");
      conf.setIfMissing("spark.driver.bindAddress", "127.0.0.1");
    } else {
      jar.ifPresent(path -> ship(conf, path));
      conf.setIfMissing("spark.executor.defaultJavaOptions", EXECUTOR_JIT_OPTIONS);
    }
    return conf;
  }

  /** Adds {@code jar} to {@code spark.jars} unless a jar of that name is there already. */
  private static void ship(SparkConf conf, Path jar) {
    String jars = conf.get("spark.jars", "").strip();
    String name = jar.getFileName().toString();
    boolean present =
        Arrays.stream(jars.split(","))
            .map(String::strip)
            .anyMatch(entry -> entry.equals(name) || entry.endsWith("/" + name));
    if (!present) {
      String uri = jar.toUri().toString();
      conf.set("spark.jars", jars.isEmpty() ? uri : jars + "," + uri);
    }
  }

  /** The jar this code was loaded from; empty when it runs from a directory of classes. */
  static Optional<Path> jobJar() {
    CodeSource source = Sessions.class.getProtectionDomain().getCodeSource();
    if (source == null
        || source.getLocation() == null
        || !"file".equals(source.getLocation().getProtocol())) {
      return Optional.empty();
    }
    try {
      Path path = Path.of(source.getLocation().toURI()).toAbsolutePath();
      return Files.isRegularFile(path) && path.getFileName().toString().endsWith(".jar")
          ? Optional.of(path)
          : Optional.empty();
    } catch (java.net.URISyntaxException | IllegalArgumentException e) {
      return Optional.empty();
    }
  }
}
