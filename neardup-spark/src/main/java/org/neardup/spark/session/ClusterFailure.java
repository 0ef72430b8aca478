package org.neardup.spark.session;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.SparkException;

/**
 * A run the cluster could not finish, said in one line with its exit code: {@link #NO_RESOURCES}
 * when no executor came ({@link ExecutorWatch}), {@link #CLUSTER_FAILED} when executors or their
 * data were lost more often than Spark retries, or the cluster manager stopped the application.
 * Recognized from the exception Spark throws in the driver. Immutable.
 *
 * @param exitCode {@link #NO_RESOURCES} or {@link #CLUSTER_FAILED}
 * @param message the line, without the {@code neardup: } prefix
 */
@DefaultSerializer(JavaSerializer.class)
public record ClusterFailure(int exitCode, String message) {
  /**
   * Exit code: no executor came (the request is more than the cluster offers, or executors did not
   * start).
   */
  public static final int NO_RESOURCES = 5;

  /**
   * Exit code: the cluster lost executors or data, or stopped the application, and Spark gave up.
   */
  public static final int CLUSTER_FAILED = 6;

  private static final Pattern STAGE =
      Pattern.compile("(Task \\S+ in stage \\S+ failed \\d+ times)");
  private static final Pattern FETCH =
      Pattern.compile("(FetchFailed\\([^)]*\\)|\\S*FetchFailedException[^\\n]*)");
  private static final Pattern LOST_EXECUTOR =
      Pattern.compile("ExecutorLostFailure \\(([^)]*)\\)( Reason: [^\\n]*)?");
  private static final int MAX_DETAIL = 240;

  /** The failure for a run that {@code watch} ended. */
  public static ClusterFailure noResources(String verdict) {
    return new ClusterFailure(NO_RESOURCES, verdict);
  }

  /** The failure {@code thrown} reports, if it is one of the cluster's; empty for other errors. */
  public static Optional<ClusterFailure> of(Throwable thrown, String applicationId) {
    for (Throwable t = thrown; t != null; t = t.getCause()) {
      if (!(t instanceof SparkException) && !(t instanceof IllegalStateException)) {
        continue;
      }
      String text = t.getMessage() == null ? "" : t.getMessage();
      Optional<ClusterFailure> failure = classify(text, applicationId);
      if (failure.isPresent()) {
        return failure;
      }
    }
    return Optional.empty();
  }

  /** The failure a message of Spark's describes, if it is one of the cluster's. */
  static Optional<ClusterFailure> classify(String text, String applicationId) {
    String where =
        find(STAGE, text)
            .map(s -> s.replace("Task", "task").replace(" failed ", " was tried ") + ": ")
            .orElse("");
    Matcher lost = LOST_EXECUTOR.matcher(text);
    if (lost.find()) {
      String reason =
          lost.group(2) == null
              ? lost.group(1)
              : lost.group(1) + ";" + lost.group(2).replace(" Reason:", "");
      return Optional.of(
          failed(
              where
                  + "executors were lost ("
                  + reason
                  + "); give executors more memory "
                  + "(--executor-memory), or more attempts (spark.task.maxFailures)"));
    }
    Optional<String> fetch = find(FETCH, text);
    if (fetch.isPresent()
        || text.contains("BlockNotFoundException")
        || text.contains("_NOT_FOUND")) {
      String detail = fetch.orElseGet(() -> firstLine(text));
      return Optional.of(
          failed(
              where
                  + "data held by a lost executor could not be read ("
                  + detail
                  + "); give the job an external shuffle service (spark.shuffle.service.enabled),"
                  + " or more stage attempts (spark.stage.maxConsecutiveAttempts)"));
    }
    if (text.contains("SparkContext was shut down") || text.contains("stopped SparkContext")) {
      return Optional.of(
          failed(
              "the cluster manager stopped the application "
                  + applicationId
                  + " (a standalone Master does when its executors keep failing to start: see their"
                  + " stderr under the workers' work directories, "
                  + applicationId
                  + "/*/stderr)"));
    }
    return Optional.empty();
  }

  private static ClusterFailure failed(String message) {
    return new ClusterFailure(CLUSTER_FAILED, message);
  }

  private static Optional<String> find(Pattern pattern, String text) {
    Matcher matcher = pattern.matcher(text);
    return matcher.find() ? Optional.of(shorten(matcher.group(1).strip())) : Optional.empty();
  }

  /** The first line of {@code text}, at most a few hundred characters. */
  public static String firstLine(String text) {
    int newline = text.indexOf('\n');
    return shorten(newline < 0 ? text : text.substring(0, newline));
  }

  private static String shorten(String text) {
    String line = text.replace('\n', ' ').replace('\r', ' ').strip();
    return line.length() <= MAX_DETAIL ? line : line.substring(0, MAX_DETAIL - 3) + "...";
  }

  /** Carries a failure from the job to the entry point, which prints it and exits with its code. */
  public static final class Thrown extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient ClusterFailure failure;

    public Thrown(ClusterFailure failure, Throwable cause) {
      super(failure.message(), cause);
      this.failure = failure;
    }

    /** The failure. */
    public ClusterFailure failure() {
      return failure;
    }
  }
}
