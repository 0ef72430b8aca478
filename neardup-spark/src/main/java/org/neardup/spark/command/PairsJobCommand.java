package org.neardup.spark.command;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.neardup.spark.NearDupJob;
import org.neardup.spark.output.OutputFormat;
import org.neardup.spark.output.ResultWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code spark pairs}: the pairs of {@code ./neardup pairs}, as sorted part files. */
@Command(
    name = "pairs",
    mixinStandardHelpOptions = true,
    description = {
      "Finds the near-duplicate pairs on Spark.",
      "Writes part files of idA<TAB>idB<TAB>similarity lines, sorted across the parts (concatenated"
          + " in name order they are ./neardup pairs' output), or Parquet."
    })
final class PairsJobCommand extends JobCommand {
  @Option(
      names = "--output-format",
      paramLabel = "FORMAT",
      defaultValue = "text",
      description =
          "text (the CLI's lines) or parquet (id_a, id_b, similarity). Default: ${DEFAULT-VALUE}.")
  String outputFormat;

  @Override
  String what() {
    return "pairs";
  }

  @Override
  long write(NearDupJob job) {
    OutputFormat format = outputFormat(outputFormat);
    job.verify();
    job.spark().sparkContext().setJobDescription("write pairs");
    if (format == OutputFormat.TEXT) {
      return ResultWriter.writeLines(job.pairLines(), job.partitions(), output);
    }
    Dataset<Row> pairs = job.pairs();
    return ResultWriter.write(pairs, ResultWriter.Layout.PAIRS, job.partitions(), output, format);
  }
}
