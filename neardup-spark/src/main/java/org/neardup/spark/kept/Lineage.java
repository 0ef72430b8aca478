package org.neardup.spark.kept;

import org.apache.spark.api.java.JavaRDDLike;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * Cuts the lineage of an iterative computation every few rounds, so that a lost block is recomputed
 * from the last cut and not from the start. With a checkpoint directory on the context (the job
 * always sets one) the cut is a reliable checkpoint, which survives lost executors; without one
 * (library callers, tests) a local checkpoint, which does not. Stateless.
 */
public final class Lineage {
  /** Rounds between cuts. */
  public static final int CUT_EVERY = 4;

  private Lineage() {}

  /** Marks {@code rdd} for a cut if {@code round} is due; call before the first action on it. */
  public static void cutIfDue(JavaSparkContext context, JavaRDDLike<?, ?> rdd, int round) {
    if (round % CUT_EVERY != 0) {
      return;
    }
    if (context.getCheckpointDir().isPresent()) {
      rdd.checkpoint();
    } else {
      rdd.rdd().localCheckpoint();
    }
  }
}
