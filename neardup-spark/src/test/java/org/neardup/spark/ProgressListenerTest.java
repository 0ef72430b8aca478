package org.neardup.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Properties;
import org.apache.spark.ExecutorLostFailure;
import org.apache.spark.Success$;
import org.apache.spark.TaskEndReason;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.StageInfo;
import org.junit.jupiter.api.Test;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/** Progress lines: totals, a failed attempt in one line, a stage reported done once. */
class ProgressListenerTest {
  private final StringWriter lines = new StringWriter();
  private final ProgressListener listener =
      new ProgressListener(new PrintWriter(lines, true), false);

  @Test
  void aFailedAttemptIsOneLineAndARetriedStageIsReportedDoneOnce() {
    StageInfo first = stage(7, 0, 8, 0, 2_500);
    listener.onStageSubmitted(new SparkListenerStageSubmitted(first, new Properties()));
    first.failureReason_$eq(
        Option.apply(
            "org.apache.spark.shuffle.FetchFailedException: Failed to connect to /127.0.0.1:40000\n"
                + "\tat org.apache.spark.storage.ShuffleBlockFetcherIterator.throwFetchFailedException(ShuffleBlockFetcherIterator.scala:1238)\n"
                + "\tat scala.collection.Iterator$$anon$10.next"));
    listener.onStageCompleted(new SparkListenerStageCompleted(first));
    listener.onStageCompleted(
        new SparkListenerStageCompleted(first)); // again, as its job is aborted
    StageInfo retry = stage(7, 1, 3, 3_000, 5_000);
    listener.onStageSubmitted(new SparkListenerStageSubmitted(retry, new Properties()));
    listener.onStageCompleted(new SparkListenerStageCompleted(retry));
    // A later job recomputes the stage's lost output: no second "done".
    StageInfo recomputed = stage(7, 2, 1, 9_000, 11_000);
    listener.onStageSubmitted(new SparkListenerStageSubmitted(recomputed, new Properties()));
    listener.onStageCompleted(new SparkListenerStageCompleted(recomputed));

    List<String> printed = lines.toString().lines().toList();
    assertThat(printed)
        .containsExactly(
            "neardup:   stage 7 (attempt 1) failed after 2.5 s:"
                + " org.apache.spark.shuffle.FetchFailedException: Failed to connect to"
                + " /127.0.0.1:40000",
            "neardup:   stage 7 done: 3 tasks in 2.0 s, shuffle written 0 B");
  }

  @Test
  void taskCountsHaveTheStageTotalAndCountOnlyTasksThatSucceeded() throws InterruptedException {
    StageInfo stage = stage(3, 0, 4, 0, 0);
    listener.onStageSubmitted(new SparkListenerStageSubmitted(stage, new Properties()));
    TaskEndReason lost =
        new ExecutorLostFailure("1", true, Option.apply("Command exited with code 137"));
    listener.onTaskEnd(new SparkListenerTaskEnd(3, 0, "ResultTask", lost, null, null, null));
    listener.onTaskEnd(
        new SparkListenerTaskEnd(3, 0, "ResultTask", Success$.MODULE$, null, null, null));
    Thread.sleep(5_100); // progress lines come at most every 5 s
    listener.onTaskEnd(
        new SparkListenerTaskEnd(3, 0, "ResultTask", Success$.MODULE$, null, null, null));

    assertThat(lines.toString()).isEqualTo("neardup:   stage 3: 2/4 tasks\n");
  }

  private static StageInfo stage(int id, int attempt, int tasks, long submitted, long completed) {
    StageInfo info =
        new StageInfo(
            id,
            attempt,
            "stage " + id,
            tasks,
            CollectionConverters.asScala(List.<org.apache.spark.storage.RDDInfo>of()).toList(),
            CollectionConverters.asScala(List.<Object>of()).toList(),
            "",
            null,
            CollectionConverters.asScala(
                    List
                        .<scala.collection.immutable.Seq<org.apache.spark.scheduler.TaskLocation>>
                            of())
                .toList(),
            Option.empty(),
            0,
            false,
            0);
    info.submissionTime_$eq(Option.apply((Object) submitted));
    info.completionTime_$eq(Option.apply((Object) completed));
    return info;
  }
}
