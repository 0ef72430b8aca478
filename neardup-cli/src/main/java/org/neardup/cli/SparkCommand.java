package org.neardup.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.neardup.options.UsageException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;

/**
 * {@code neardup spark}: listed here so that the usage and {@code help spark} show it. The job runs
 * on Apache Spark, not in this JVM: the launcher {@code ./neardup} of a source checkout and {@code
 * bin/neardup} of a release (with {@code spark-submit} on the PATH) start it before Java is
 * reached. Reached here, the command says how to run it.
 */
@Command(
    name = "spark",
    mixinStandardHelpOptions = true,
    description = {
      "pairs, clusters and dedup on Apache Spark, with the options of 'pairs' and '--output DIR'"
          + " (docs/spark.md).",
      "From a source checkout, ./neardup spark builds the job and runs it in local[*]; from a"
          + " release, bin/neardup spark runs lib/neardup-spark.jar with the spark-submit found on"
          + " the PATH."
    },
    customSynopsis = "neardup spark pairs|clusters|dedup [options] INPUT... --output DIR")
final class SparkCommand implements Callable<Integer> {
  @Unmatched List<String> arguments;

  @Override
  public Integer call() {
    throw new UsageException(
        "spark: the Spark job runs on Apache Spark, not in this Java process: from a source"
            + " checkout run ./neardup spark ...; from a release, put Spark's spark-submit on the"
            + " PATH and run bin/neardup spark ..., or run spark-submit --class"
            + " org.neardup.spark.SparkMain lib/neardup-spark.jar ... yourself (docs/spark.md)");
  }
}
