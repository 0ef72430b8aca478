package org.neardup.spark.command;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The top-level command of the Spark job: a list of subcommands. */
@Command(
    name = "neardup spark",
    mixinStandardHelpOptions = true,
    version = "neardup-spark 0.1.0",
    description =
        "The neardup pipeline on Spark: the same pairs, clusters and deduplicated copy as"
            + " ./neardup, in local[*] or on a cluster.",
    subcommands = {PairsJobCommand.class, ClustersJobCommand.class, DedupJobCommand.class},
    footer = {
      "",
      "Exit codes: 0 ok, 2 bad usage or bad input, 4 internal error, 5 no executor came (the"
          + " request is more than the cluster offers, or executors did not start), 6 the cluster"
          + " lost executors or data more often than Spark retries, or stopped the application."
    })
public final class SparkJobCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new ParameterException(
        spec.commandLine(), "missing subcommand (pairs, clusters or dedup)");
  }
}
