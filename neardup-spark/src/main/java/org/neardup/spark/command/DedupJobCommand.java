package org.neardup.spark.command;

import java.io.IOException;
import org.neardup.cluster.KeepPolicy;
import org.neardup.spark.NearDupJob;
import org.neardup.spark.output.DedupWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code spark dedup}: the input minus the duplicates, as {@code ./neardup dedup} writes it. */
@Command(
    name = "dedup",
    mixinStandardHelpOptions = true,
    description = {
      "Writes a deduplicated copy of the input on Spark.",
      "Every record except the non-representatives of each cluster, byte for byte in the input's format: one part file a split of the input, in input order (a CSV part repeats the header). Parquet input gives Parquet output."
    })
final class DedupJobCommand extends JobCommand {
  @Option(names = "--keep", paramLabel = "POLICY", defaultValue = "first", description = "Which member of a cluster stays: first, longest or shortest. Default: ${DEFAULT-VALUE}.")
  String keep;

  @Override
  String what() {
    return "records";
  }

  @Override
  KeepPolicy keepPolicy() {
    return ClustersJobCommand.parseKeep(keep);
  }

  @Override
  long write(NearDupJob job) throws IOException {
    var dropped = job.clusters().filter(m -> !m.keep()).map(m -> m.memberOrdinal());
    job.spark().sparkContext().setJobDescription("write the deduplicated copy");
    return DedupWriter.write(job.spark(), job.corpus().sources(), dropped, output);
  }
}
