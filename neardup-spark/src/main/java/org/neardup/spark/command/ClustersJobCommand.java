package org.neardup.spark.command;

import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.storage.StorageLevel;
import org.neardup.spark.NearDupJob;
import org.neardup.spark.cluster.ClusterMember;
import org.neardup.spark.kept.KeptMember;
import org.neardup.spark.output.OutputFormat;
import org.neardup.spark.output.ResultWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code spark clusters}: the clusters of {@code ./neardup clusters}, as sorted part files. */
@Command(
    name = "clusters",
    mixinStandardHelpOptions = true,
    description = {
      "Groups near-duplicates on Spark, as ./neardup clusters does.",
      "Default: the kept set, greedy in --keep order: a document is kept iff no near-duplicate of"
          + " it was kept before it; every removed document is in the group of its most similar"
          + " kept near-duplicate. Writes part files of cluster<TAB>id<TAB>role<TAB>similarity"
          + " lines (cluster = the kept id; its keep line, then its duplicates with their exact"
          + " similarity to it), groups in input order of the kept document, or Parquet.",
      "With --components: connected components (a chain of pairs joins documents however far"
          + " apart), cluster<TAB>id<TAB>keep|duplicate lines."
    })
final class ClustersJobCommand extends JobCommand {
  @Option(
      names = "--output-format",
      paramLabel = "FORMAT",
      defaultValue = "text",
      description =
          "text (the CLI's lines) or parquet (cluster, id, role, similarity; with --components:"
              + " cluster, id, role). Default: ${DEFAULT-VALUE}.")
  String outputFormat;

  @Mixin KeptSetOptions keptSet;

  @Override
  String what() {
    return keptSet.components ? "cluster members" : "group lines";
  }

  @Override
  KeptSetOptions keptSetOptions() {
    return keptSet;
  }

  @Override
  long write(NearDupJob job) {
    OutputFormat format = outputFormat(outputFormat);
    int partitions = job.settings().partitions();
    if (keptSet.components) {
      JavaRDD<ClusterMember> sorted =
          ResultWriter.sortedClusters(job.clusters(), partitions)
              .persist(StorageLevel.MEMORY_AND_DISK());
      job.spark().sparkContext().setJobDescription("write clusters");
      ResultWriter.writeClusters(job.spark(), sorted, output, format);
      long count = sorted.count();
      sorted.unpersist(false);
      return count;
    }
    JavaRDD<KeptMember> sorted =
        ResultWriter.sortedGroups(job.keptSet(), partitions)
            .persist(StorageLevel.MEMORY_AND_DISK());
    job.spark().sparkContext().setJobDescription("write clusters");
    ResultWriter.writeGroups(job.spark(), sorted, output, format);
    long count = sorted.count();
    sorted.unpersist(false);
    return count;
  }
}
