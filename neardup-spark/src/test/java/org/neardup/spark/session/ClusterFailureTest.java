package org.neardup.spark.session;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.spark.SparkException;
import org.junit.jupiter.api.Test;

/** Spark's failures of a cluster, each in one line with its exit code; other errors are not. */
class ClusterFailureTest {
  private static final String TRACE =
      "\n"
          + "\tat org.apache.spark.scheduler.DAGScheduler.failJobAndIndependentStages(DAGScheduler.scala:3321)\n"
          + "\tat scala.collection.immutable.List.foreach(List.scala:323)\n";

  @Test
  void lostExecutorsSayWhichTaskAndWhy() {
    SparkException thrown =
        new SparkException(
            "Job aborted due to stage failure: Task 1 in stage 93.0 failed 4 times, most recent"
                + " failure: Lost task 1.3 in stage 93.0 (TID 160) (127.0.0.1 executor 3):"
                + " ExecutorLostFailure (executor 3 exited caused by one of the running tasks)"
                + " Reason: Command exited with code 137"
                + TRACE);

    ClusterFailure failure = ClusterFailure.of(new RuntimeException(thrown), "app-1").orElseThrow();

    assertThat(failure.exitCode()).isEqualTo(ClusterFailure.CLUSTER_FAILED).isEqualTo(6);
    assertThat(failure.message())
        .isEqualTo(
            "task 1 in stage 93.0 was tried 4 times: executors were lost (executor 3 exited caused"
                + " by one of the running tasks; Command exited with code 137); give executors more"
                + " memory (--executor-memory), or more attempts (spark.task.maxFailures)")
        .doesNotContain("\n");
  }

  @Test
  void lostShuffleDataIsOneLine() {
    SparkException thrown =
        new SparkException(
            "Job aborted due to stage failure: ResultStage 12 (count at"
                + " GreedyIndependentSet.java:77) has failed the maximum allowable number of times:"
                + " 4. Most recent failure reason:\n"
                + "org.apache.spark.shuffle.MetadataFetchFailedException: Missing an output"
                + " location for shuffle 22 partition 0"
                + TRACE);

    ClusterFailure failure = ClusterFailure.of(thrown, "app-1").orElseThrow();

    assertThat(failure.exitCode()).isEqualTo(6);
    assertThat(failure.message())
        .startsWith(
            "data held by a lost executor could not be read"
                + " (org.apache.spark.shuffle.MetadataFetchFailedException: Missing an output"
                + " location for shuffle 22 partition 0)")
        .doesNotContain("\n");
  }

  @Test
  void anApplicationTheClusterStoppedNamesTheWorkersStderr() {
    IllegalStateException thrown = new IllegalStateException("SparkContext has been shutdown");
    SparkException cancelled =
        new SparkException("Job 3 cancelled because SparkContext was shut down");

    assertThat(ClusterFailure.of(thrown, "app-7")).isEmpty();
    assertThat(ClusterFailure.of(cancelled, "app-7").orElseThrow().message())
        .contains("stopped the application app-7")
        .contains("app-7/*/stderr");
  }

  @Test
  void aTaskThatFailsOnItsOwnIsNotTheClusters() {
    SparkException thrown =
        new SparkException(
            "Job aborted due to stage failure: Task 0 in stage 1.0 failed 4 times, most recent"
                + " failure: Lost task 0.3 in stage 1.0 (TID 7): java.lang.NullPointerException"
                + TRACE);

    assertThat(ClusterFailure.of(thrown, "app-1")).isEmpty();
  }
}
