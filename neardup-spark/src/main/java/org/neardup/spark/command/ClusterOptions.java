package org.neardup.spark.command;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import org.neardup.options.UsageException;
import picocli.CommandLine.Option;

/** Where the job runs and how long it waits for executors: the options of every job command. */
public final class ClusterOptions {
  /** The default of {@code --executor-timeout}, in seconds. */
  static final int DEFAULT_EXECUTOR_TIMEOUT = 60;

  @Option(
      names = "--master",
      paramLabel = "URL",
      description =
          "Spark master (spark://HOST:PORT, yarn, k8s://..., local[N]); wins over spark-submit's."
              + " The job's jar is shipped to the executors. Default: spark-submit's, else"
              + " local[*].")
  String master;

  @Option(
      names = "--conf",
      paramLabel = "KEY=VALUE",
      description =
          "A Spark setting (repeatable), as spark-submit's --conf: e.g. spark.executor.memory=2g.")
  Map<String, String> settings = new LinkedHashMap<>();

  @Option(
      names = "--executor-timeout",
      paramLabel = "SECONDS",
      description =
          "How long a job may wait with no executor before the run ends (exit 5) with what the"
              + " cluster lacks; 0: wait forever. Not in local mode. Default: "
              + DEFAULT_EXECUTOR_TIMEOUT
              + " on a standalone master (spark://), else 0 (a YARN or Kubernetes queue may hold an"
              + " application longer).")
  Integer executorTimeout;

  @Option(
      names = "--master-ui",
      paramLabel = "URL",
      description =
          "A standalone Master's web UI, whose /json/ the job reads to say what the workers lack"
              + " when no executor comes. Default: http://HOST:8080 of --master spark://HOST:PORT.")
  String masterUi;

  /** {@code --master-ui} checked; null when not given. */
  URI masterUi() {
    if (masterUi == null) {
      return null;
    }
    try {
      URI uri = URI.create(masterUi);
      if (uri.getScheme() == null || !uri.getScheme().startsWith("http") || uri.getHost() == null) {
        throw new IllegalArgumentException("not an http URL");
      }
      return uri.getPath().isEmpty() ? uri.resolve("/") : uri;
    } catch (IllegalArgumentException e) {
      throw new UsageException(
          "--master-ui must be an http(s) URL like http://master:8080, got '" + masterUi + "'");
    }
  }

  /**
   * {@code --executor-timeout} checked, or its default for {@code master} (null: spark-submit's).
   */
  int executorTimeout(String master) {
    if (executorTimeout == null) {
      return master != null && master.startsWith("spark://") ? DEFAULT_EXECUTOR_TIMEOUT : 0;
    }
    if (executorTimeout < 0) {
      throw new UsageException(
          "--executor-timeout must be 0 (wait forever) or more seconds, got " + executorTimeout);
    }
    return executorTimeout;
  }
}
