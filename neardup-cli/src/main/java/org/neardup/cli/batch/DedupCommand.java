package org.neardup.cli.batch;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.neardup.cli.ExitCodes;
import org.neardup.cli.Formats;
import org.neardup.cli.PipelineRun;
import org.neardup.cli.UsageException;
import org.neardup.cli.options.DirectoryTarget;
import org.neardup.cli.options.InputMixin;
import org.neardup.cli.options.InputSnapshot;
import org.neardup.cli.options.OutputMixin;
import org.neardup.cli.options.OutputTarget;
import org.neardup.cli.options.PipelineMixin;
import org.neardup.cluster.Cluster;
import org.neardup.cluster.KeepPolicy;
import org.neardup.io.DirectoryFormat;
import org.neardup.io.InputFormat;
import org.neardup.io.InputOptions;
import org.neardup.pipeline.Corpus;
import org.neardup.pipeline.PipelineConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code neardup dedup}: the input minus the duplicates, in the input's own format. */
@Command(
    name = "dedup",
    mixinStandardHelpOptions = true,
    description = {
      "Writes a deduplicated copy of the input.",
      "Every input record except the non-representatives of each duplicate cluster, byte for byte in the input's format (several inputs are concatenated; a CSV header is written once). Records skipped as bad (--on-error skip) are copied through unchanged. With --format dir the output is a new directory of the kept files."
    })
public final class DedupCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin InputMixin input;
  @Mixin PipelineMixin pipeline;

  @Option(names = {"-o", "--output"}, paramLabel = "CLEAN", required = true, description = "The deduplicated copy (a file; a directory for --format dir). Written atomically; .gz compresses.")
  Path output;

  @Option(names = {"-q", "--quiet"}, description = "No progress bar and no summary on stderr.")
  boolean quiet;

  @Option(names = "--keep", paramLabel = "POLICY", defaultValue = "first", description = "Which member of a cluster stays: first, longest or shortest. Default: ${DEFAULT-VALUE}.")
  String keep;

  @Override
  public Integer call() throws IOException {
    OutputMixin.requireFile(output, "the deduplicated copy");
    var policy = ClustersCommand.parseKeep(keep);
    boolean directory = input.inputs.stream().anyMatch(p -> input.format(p).readsDirectories());
    if (directory && input.inputs.size() != 1) {
      throw new UsageException("dedup of a directory takes exactly one input directory");
    }
    PipelineConfig config = pipeline.config();
    InputSnapshot snapshot = input.checkRereadable("dedup");
    // The output is checked and opened before any work, so that an unusable one is reported at once.
    Plan plan;
    long kept;
    if (directory) {
      try (DirectoryTarget target = DirectoryTarget.open(output, input.paths())) {
        plan = plan(config, policy);
        snapshot.checkUnchanged();
        DirectoryFormat format = (DirectoryFormat) InputFormat.DIR;
        kept = format.copyExcept(input.inputs.get(0), plan.dropped().get(0)::contains, target.directory());
        target.commit();
      }
    } else {
      try (OutputTarget target = OutputTarget.open(output, spec.commandLine().getOut(), input.paths())) {
        plan = plan(config, policy);
        snapshot.checkUnchanged();
        kept = copyFiles(plan.dropped(), target);
        target.commit();
      }
    }
    if (!quiet) {
      long removed = plan.dropped().stream().mapToLong(Set::size).sum();
      spec.commandLine().getErr().printf(Locale.ROOT,
          "neardup: kept %s, removed %s in %s -> %s%n", Formats.count(kept, "record"),
          Formats.count(removed, "duplicate"), Formats.count(plan.clusters().size(), "cluster"), output);
    }
    return ExitCodes.OK;
  }

  /** The clusters found, and the record indexes to drop per input (indexed like {@code input.inputs}). */
  private record Plan(List<Cluster> clusters, List<Set<Long>> dropped) {}

  private Plan plan(PipelineConfig config, KeepPolicy policy) {
    try (PipelineRun run = PipelineRun.execute(input, pipeline, config, quiet, spec.commandLine().getErr())) {
      List<Cluster> clusters = ClustersCommand.clusters(run, policy);
      return new Plan(clusters, droppedRecords(run.corpus, clusters));
    }
  }

  /** Record indexes to drop, per input (indexed like {@code input.inputs}). */
  private List<Set<Long>> droppedRecords(Corpus corpus, List<Cluster> clusters) {
    List<Set<Long>> dropped = new ArrayList<>();
    Map<String, Integer> inputIndex = new HashMap<>();
    for (int i = 0; i < input.inputs.size(); i++) {
      dropped.add(new HashSet<>());
      inputIndex.putIfAbsent(input.inputs.get(i).toString(), i);
    }
    for (Cluster cluster : clusters) {
      for (int member : cluster.members()) {
        if (member != cluster.representative()) {
          int source = inputIndex.get(corpus.sources().get(corpus.sourceIndex(member)));
          dropped.get(source).add(corpus.recordIndex(member));
        }
      }
    }
    return dropped;
  }

  private long copyFiles(List<Set<Long>> dropped, OutputTarget target) throws IOException {
    long kept = 0;
    for (int i = 0; i < input.inputs.size(); i++) {
      Path path = input.inputs.get(i);
      Set<Long> drop = dropped.get(i);
      InputOptions options = input.options(path);
      kept += options.format().copyExcept(path, options, drop::contains, target.stream(), i == 0);
    }
    return kept;
  }
}
