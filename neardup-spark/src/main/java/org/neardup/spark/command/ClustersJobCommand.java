package org.neardup.spark.command;

import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.neardup.spark.NearDupJob;
import org.neardup.spark.output.OutputFormat;
import org.neardup.spark.output.ResultWriter;
import org.neardup.spark.output.ResultWriter.Place;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import scala.Tuple2;

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
    if (format == OutputFormat.TEXT) {
      JavaPairRDD<Place, String> lines =
          keptSet.components
              ? job.componentMembers()
                  .mapToPair(
                      m -> new Tuple2<>(new Place(m.clusterOrdinal(), m.memberOrdinal()), m.line()))
              : job.groupMembers()
                  .mapToPair(
                      m -> new Tuple2<>(new Place(m.keptOrdinal(), m.orderInGroup()), m.line()));
      job.spark().sparkContext().setJobDescription("write clusters");
      return ResultWriter.writeMembers(lines, job.partitions(), output);
    }
    Dataset<Row> clusters = keptSet.components ? job.components() : job.groups();
    job.spark().sparkContext().setJobDescription("write clusters");
    return ResultWriter.write(
        clusters,
        keptSet.components ? ResultWriter.Layout.COMPONENTS : ResultWriter.Layout.GROUPS,
        job.partitions(),
        output,
        format);
  }
}
