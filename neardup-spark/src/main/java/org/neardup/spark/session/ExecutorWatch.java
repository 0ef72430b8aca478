package org.neardup.spark.session;

import java.net.URI;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;

/**
 * Ends a run that waits for executors that never come: when a job has been waiting {@code
 * timeoutSeconds} with no executor registered, it says why in one line (from the standalone
 * Master's {@code /json/}: a request more than any worker offers, no worker, workers held by other
 * applications; else executors that do not start) and cancels the jobs, so that the run ends with
 * {@link ClusterFailure#NO_RESOURCES} instead of waiting forever. A daemon thread that polls
 * Spark's status tracker once a second; {@link #close} stops it. Thread-safe.
 */
public final class ExecutorWatch implements AutoCloseable {
  private final SparkContext context;
  private final long timeoutNanos;
  private final URI masterUi;
  private final AtomicReference<String> verdict = new AtomicReference<>();
  private final Thread thread;

  private ExecutorWatch(SparkContext context, int timeoutSeconds, URI masterUi) {
    this.context = context;
    this.timeoutNanos = timeoutSeconds * 1_000_000_000L;
    this.masterUi = masterUi;
    this.thread = new Thread(this::watch, "neardup executor watch");
    thread.setDaemon(true);
  }

  /**
   * Starts watching {@code context}; none for a {@code local} master or a timeout of 0.
   *
   * @param masterUi the standalone Master's web UI (null: {@code http://HOST:8080} of a {@code
   *     spark://HOST:PORT} master)
   */
  public static Optional<ExecutorWatch> start(
      SparkContext context, int timeoutSeconds, URI masterUi) {
    String master = context.master();
    if (timeoutSeconds <= 0 || master.startsWith("local")) {
      return Optional.empty();
    }
    URI ui = masterUi != null ? masterUi : defaultUi(master);
    ExecutorWatch watch = new ExecutorWatch(context, timeoutSeconds, ui);
    watch.thread.start();
    return Optional.of(watch);
  }

  /** {@code http://HOST:8080} for {@code spark://HOST:PORT[,...]}; null for other masters. */
  static URI defaultUi(String master) {
    if (!master.startsWith("spark://")) {
      return null;
    }
    String first = master.substring("spark://".length()).split(",", -1)[0];
    int colon = first.lastIndexOf(':');
    String host = colon < 0 ? first : first.substring(0, colon);
    return URI.create("http://" + host + ":8080/");
  }

  /** Why the run was ended, once it was. */
  public Optional<String> verdict() {
    return Optional.ofNullable(verdict.get());
  }

  /** Executors registered now (the status tracker lists the driver too). */
  private int executors() {
    return Math.max(0, context.statusTracker().getExecutorInfos().length - 1);
  }

  private void watch() {
    long waitingSince = -1;
    try {
      while (!Thread.currentThread().isInterrupted() && !context.isStopped()) {
        Thread.sleep(1000);
        boolean waiting = executors() == 0 && context.statusTracker().getActiveJobIds().length > 0;
        long now = System.nanoTime();
        if (!waiting) {
          waitingSince = -1;
        } else if (waitingSince < 0) {
          waitingSince = now;
        } else if (now - waitingSince >= timeoutNanos) {
          verdict.set(explain());
          context.cancelAllJobs();
          return;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The line that says why no executor came. */
  private String explain() {
    SparkConf conf = context.getConf();
    long memoryMb = conf.getSizeAsMb("spark.executor.memory", "1g");
    int cores = conf.getInt("spark.executor.cores", 0);
    String waited =
        String.format(Locale.ROOT, "no executor in %d s: ", timeoutNanos / 1_000_000_000L);
    Optional<MasterState> state = masterUi == null ? Optional.empty() : MasterState.fetch(masterUi);
    if (state.isEmpty()) {
      return waited
          + "the cluster gave none for executors of "
          + MasterState.memory(memoryMb)
          + (cores > 0 ? " and " + cores + " cores" : "")
          + " (spark.executor.memory, spark.executor.cores)"
          + (masterUi == null
              ? ""
              : "; the Master's web UI " + masterUi + " did not answer (--master-ui URL)")
          + "; ask for less, or see the cluster manager's log";
    }
    return waited
        + state
            .get()
            .shortfall(
                context.applicationId(),
                memoryMb,
                cores,
                "--executor-memory (spark.executor.memory)",
                "--executor-cores (spark.executor.cores)")
            .map(why -> why + "; ask for less, or give the workers more")
            .orElse(
                "the workers offer enough ("
                    + state.get().describe()
                    + ") but executors did not start; "
                    + "see their stderr under the workers' work directories, "
                    + context.applicationId()
                    + "/*/stderr (spark.executor.extraJavaOptions, the Workers' JAVA_HOME and"
                    + " SPARK_HOME)");
  }

  @Override
  public void close() {
    thread.interrupt();
  }
}
