package org.neardup.spark;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.Success$;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.StageInfo;
import org.neardup.spark.session.ClusterFailure;

/**
 * Progress from Spark's own events: one line when a job starts (with the job description the
 * pipeline sets for each step), task counts of running stages with their totals ({@code stage 7:
 * 3/8 tasks}) at most every few seconds, and one line when a stage that took a second or more, or
 * wrote a megabyte or more of shuffle, completes (tasks, time, shuffle written). A failed stage
 * attempt gets one line (the first line of Spark's reason); a stage done once is not reported done
 * again when a retry recomputes it. Also totals the shuffle bytes written and read, for the summary
 * and the benchmarks. Silent (counting only) when quiet. Called on Spark's listener thread; the
 * totals may be read from any thread.
 */
public final class ProgressListener extends SparkListener {
  private static final long REPORT_NANOS = 5_000_000_000L;

  private final PrintWriter err;
  private final boolean quiet;
  private final AtomicLong shuffleWritten = new AtomicLong();
  private final AtomicLong shuffleRead = new AtomicLong();
  private final Map<String, AtomicLong> tasksDone = new ConcurrentHashMap<>();
  private final Map<Integer, Integer> taskTotals = new ConcurrentHashMap<>();
  private final Set<Integer> stagesDone = ConcurrentHashMap.newKeySet();
  private final Set<String> attemptsFailed = ConcurrentHashMap.newKeySet();
  private final Map<Integer, AtomicLong> stageShuffle = new ConcurrentHashMap<>();
  private volatile long lastReport = System.nanoTime();

  public ProgressListener(PrintWriter err, boolean quiet) {
    this.err = err;
    this.quiet = quiet;
  }

  /** Bytes written by all shuffles so far. */
  public long shuffleBytesWritten() {
    return shuffleWritten.get();
  }

  /** Bytes read by all shuffles so far. */
  public long shuffleBytesRead() {
    return shuffleRead.get();
  }

  @Override
  public void onJobStart(SparkListenerJobStart jobStart) {
    if (quiet) {
      return;
    }
    String description =
        jobStart.properties() == null
            ? null
            : jobStart.properties().getProperty("spark.job.description");
    print(
        String.format(
            Locale.ROOT,
            "neardup: job %d: %s (%d stages)",
            jobStart.jobId(),
            description == null ? "spark job" : description,
            jobStart.stageInfos().size()));
  }

  @Override
  public void onStageSubmitted(SparkListenerStageSubmitted stageSubmitted) {
    StageInfo info = stageSubmitted.stageInfo();
    String attempt = attempt(info.stageId(), info.attemptNumber());
    tasksDone.putIfAbsent(attempt, new AtomicLong());
    taskTotals.put(info.stageId(), info.numTasks());
    stageShuffle.putIfAbsent(info.stageId(), new AtomicLong());
  }

  @Override
  public void onTaskEnd(SparkListenerTaskEnd taskEnd) {
    if (taskEnd.taskMetrics() != null) {
      long written = taskEnd.taskMetrics().shuffleWriteMetrics().bytesWritten();
      shuffleWritten.addAndGet(written);
      shuffleRead.addAndGet(taskEnd.taskMetrics().shuffleReadMetrics().totalBytesRead());
      stageShuffle.computeIfAbsent(taskEnd.stageId(), id -> new AtomicLong()).addAndGet(written);
    }
    if (!(taskEnd.reason() instanceof Success$)) {
      return; // a failed task is retried; its count comes when it succeeds
    }
    long done =
        tasksDone
            .computeIfAbsent(
                attempt(taskEnd.stageId(), taskEnd.stageAttemptId()), id -> new AtomicLong())
            .incrementAndGet();
    long now = System.nanoTime();
    if (!quiet && now - lastReport > REPORT_NANOS) {
      lastReport = now;
      Integer total = taskTotals.get(taskEnd.stageId());
      print(
          String.format(
              Locale.ROOT,
              "neardup:   stage %d%s: %d/%s tasks",
              taskEnd.stageId(),
              taskEnd.stageAttemptId() > 0
                  ? " (attempt " + (taskEnd.stageAttemptId() + 1) + ")"
                  : "",
              done,
              total == null ? "?" : total.toString()));
    }
  }

  @Override
  public void onStageCompleted(SparkListenerStageCompleted stageCompleted) {
    StageInfo info = stageCompleted.stageInfo();
    tasksDone.remove(attempt(info.stageId(), info.attemptNumber()));
    double seconds =
        info.submissionTime().isDefined() && info.completionTime().isDefined()
            ? ((Long) info.completionTime().get() - (Long) info.submissionTime().get()) / 1000.0
            : 0;
    if (info.failureReason().isDefined()) {
      // One line: the reason's first line (Spark's holds a stack trace); Spark retries the stage.
      // A cancelled run says why itself.
      // Spark may report a failed attempt twice (failed, then aborted with its job): one line.
      boolean first = attemptsFailed.add(attempt(info.stageId(), info.attemptNumber()));
      if (first && !quiet && !info.failureReason().get().contains("SPARK_JOB_CANCELLED")) {
        print(
            String.format(
                Locale.ROOT,
                "neardup:   stage %d (attempt %d) failed after %.1f s: %s",
                info.stageId(),
                info.attemptNumber() + 1,
                seconds,
                ClusterFailure.firstLine(info.failureReason().get())));
      }
      return;
    }
    AtomicLong shuffle = stageShuffle.remove(info.stageId());
    taskTotals.remove(info.stageId());
    long written = shuffle == null ? 0 : shuffle.get();
    if (!stagesDone.add(info.stageId())) {
      return; // done once already: a retry recomputed lost output, no new line
    }
    if (quiet || (seconds < 1 && written < 1_000_000)) {
      return; // only stages worth a line
    }
    print(
        String.format(
            Locale.ROOT,
            "neardup:   stage %d done: %d tasks in %.1f s, shuffle written %s",
            info.stageId(),
            info.numTasks(),
            seconds,
            bytes(written)));
  }

  private static String attempt(int stageId, int attemptNumber) {
    return stageId + "." + attemptNumber;
  }

  private void print(String line) {
    synchronized (err) {
      err.println(line);
      err.flush();
    }
  }

  /** {@code bytes} for people: {@code 12.3 MB}. */
  static String bytes(long bytes) {
    if (bytes < 1_000) {
      return bytes + " B";
    }
    if (bytes < 1_000_000) {
      return String.format(Locale.ROOT, "%.1f kB", bytes / 1e3);
    }
    if (bytes < 1_000_000_000) {
      return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
    }
    return String.format(Locale.ROOT, "%.2f GB", bytes / 1e9);
  }
}
