package org.neardup.spark.command;

import java.io.IOException;
import org.apache.spark.api.java.JavaRDD;
import org.neardup.spark.NearDupJob;
import org.neardup.spark.output.DedupWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code spark dedup}: the input minus the removed documents, as {@code ./neardup dedup} writes it. */
@Command(
    name = "dedup",
    mixinStandardHelpOptions = true,
    description = {
      "Writes a deduplicated copy of the input on Spark, as ./neardup dedup does.",
      "Default: removes the documents outside the kept set (greedy in --keep order), so every removed document has a kept near-duplicate and no two kept documents are near-duplicates. With --components: keeps one document of each connected component.",
      "Every other record byte for byte in the input's format: one part file a split of the input, in input order (a CSV part repeats the header). Parquet input gives Parquet output."
    })
final class DedupJobCommand extends JobCommand {
  @Mixin KeptSetOptions keptSet;

  @Override
  String what() {
    return "records";
  }

  @Override
  KeptSetOptions keptSetOptions() {
    return keptSet;
  }

  @Override
  long write(NearDupJob job) throws IOException {
    JavaRDD<Long> dropped = keptSet.components
        ? job.clusters().filter(m -> !m.keep()).map(m -> m.memberOrdinal())
        : job.keptSet().filter(m -> !m.keep()).map(m -> m.memberOrdinal());
    job.spark().sparkContext().setJobDescription("write the deduplicated copy");
    return DedupWriter.write(job.spark(), job.corpus().sources(), dropped, output);
  }
}
