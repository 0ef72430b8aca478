package org.neardup.spark.command;

import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.storage.StorageLevel;
import org.neardup.cli.UsageException;
import org.neardup.cluster.KeepPolicy;
import org.neardup.spark.NearDupJob;
import org.neardup.spark.cluster.ClusterMember;
import org.neardup.spark.output.ResultWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code spark clusters}: the clusters of {@code ./neardup clusters}, as sorted part files. */
@Command(
    name = "clusters",
    mixinStandardHelpOptions = true,
    description = {
      "Groups near-duplicates into clusters on Spark (distributed connected components).",
      "Writes part files of cluster<TAB>id<TAB>keep|duplicate lines in the CLI's order (clusters by first-read member, members in input order), or Parquet."
    })
final class ClustersJobCommand extends JobCommand {
  @Option(names = "--output-format", paramLabel = "FORMAT", defaultValue = "text", description = "text (the CLI's lines) or parquet (cluster, id, role). Default: ${DEFAULT-VALUE}.")
  String outputFormat;

  @Option(names = "--keep", paramLabel = "POLICY", defaultValue = "first", description = "Representative of a cluster: first, longest or shortest (text length). Default: ${DEFAULT-VALUE}.")
  String keep;

  @Override
  String what() {
    return "cluster members";
  }

  @Override
  KeepPolicy keepPolicy() {
    return parseKeep(keep);
  }

  static KeepPolicy parseKeep(String keep) {
    try {
      return KeepPolicy.parse(keep);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  @Override
  long write(NearDupJob job) {
    var format = outputFormat(outputFormat);
    JavaRDD<ClusterMember> sorted = ResultWriter.sortedClusters(job.clusters(), job.settings().partitions())
        .persist(StorageLevel.MEMORY_AND_DISK());
    job.spark().sparkContext().setJobDescription("write clusters");
    ResultWriter.writeClusters(job.spark(), sorted, output, format);
    long count = sorted.count();
    sorted.unpersist(false);
    return count;
  }
}
