package org.neardup.bench.contender;

import org.neardup.bench.spark.NeardupSparkRun;

/** The neardup Spark job in {@code local[2]} ({@link NeardupSparkRun}). */
final class NeardupSpark extends SparkContender {
  @Override
  public String name() {
    return "neardup-spark";
  }

  @Override
  public String description() {
    return "neardup-spark NearDupJob in local[2]: Spark reads the TSV, signs, bands (default"
        + " banding), verifies exactly";
  }

  @Override
  public ContenderOutcome run(BenchSettings settings, Phases phases) throws Exception {
    return NeardupSparkRun.run(settings, phases);
  }
}
