package org.neardup.cli.report;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.neardup.cli.ExitCodes;
import org.neardup.cli.PipelineRun;
import org.neardup.cli.batch.ClustersCommand;
import org.neardup.cluster.Cluster;
import org.neardup.cluster.KeepOrder;
import org.neardup.cluster.KeptSet;
import org.neardup.config.PipelineConfig;
import org.neardup.io.InputSnapshot;
import org.neardup.options.Formats;
import org.neardup.options.InputMixin;
import org.neardup.options.OutputMixin;
import org.neardup.options.OutputTarget;
import org.neardup.options.PipelineMixin;
import org.neardup.options.UsageException;
import org.neardup.verify.SimilarPair;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code neardup report}: what a run found, as one self-contained HTML page. */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description = {
      "Writes an HTML report of the pairs and clusters found.",
      "One self-contained page (inline CSS and SVG; nothing loaded from elsewhere): the parameters,"
          + " the counts, a histogram of the similarities found, the largest clusters with their"
          + " member ids, and the least similar pairs and the pairs of the largest clusters with"
          + " their two texts side by side, differing words marked. Takes the options of 'pairs'."
    })
public final class ReportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin InputMixin input;
  @Mixin PipelineMixin pipeline;
  @Mixin OutputMixin output;

  @Option(
      names = "--top-clusters",
      paramLabel = "N",
      defaultValue = "10",
      description = "Largest clusters listed. Default: ${DEFAULT-VALUE}.")
  int topClusters;

  @Option(
      names = "--least-similar",
      paramLabel = "N",
      defaultValue = "50",
      description = "Least similar pairs shown with their texts. Default: ${DEFAULT-VALUE}.")
  int leastSimilar;

  @Option(
      names = "--removals",
      paramLabel = "N",
      defaultValue = "20",
      description =
          "Removals shown with the kept text beside the removed one: those least similar to their"
              + " kept match. Default: ${DEFAULT-VALUE}.")
  int removals;

  @Option(
      names = "--cluster-pairs",
      paramLabel = "N",
      defaultValue = "3",
      description =
          "Pairs shown with their texts for each listed cluster (its least similar). Default:"
              + " ${DEFAULT-VALUE}.")
  int clusterPairs;

  @Override
  public Integer call() throws IOException {
    if (topClusters < 0 || leastSimilar < 0 || clusterPairs < 0 || removals < 0) {
      throw new UsageException(
          "--top-clusters, --least-similar, --removals and --cluster-pairs must be at least 0");
    }
    PipelineConfig config = pipeline.config();
    input.checkInputs();
    try (OutputTarget target = output.open(spec, input.paths());
        InputSnapshot snapshot = input.checkRereadable();
        PipelineRun run =
            PipelineRun.execute(
                input, pipeline, config, output.quiet, spec.commandLine().getErr())) {
      KeptSet kept = ClustersCommand.keptSet(run, KeepOrder.FIRST);
      List<Cluster> clusters = kept.groups().stream().map(KeptSet.Group::toCluster).toList();
      List<Cluster> largest = ReportSelection.largest(clusters, topClusters);
      List<SimilarPair> lowest = ReportSelection.leastSimilar(run.result.pairs(), leastSimilar);
      List<ReportSelection.ClusterPairs> ofClusters =
          ReportSelection.clusterPairs(largest, run.result.pairs(), clusterPairs);
      List<ReportSelection.Removal> closest = ReportSelection.leastSimilarRemovals(kept, removals);
      Set<Integer> shown = new HashSet<>();
      closest.forEach(
          r -> {
            shown.add(r.kept());
            shown.add(r.removed());
          });
      lowest.forEach(p -> addBoth(shown, p));
      for (ReportSelection.ClusterPairs cluster : ofClusters) {
        if (cluster.identical()) {
          shown.add(cluster.cluster().first());
        }
        cluster.pairs().forEach(p -> addBoth(shown, p));
      }
      snapshot.checkUnchanged();
      Map<Integer, String> texts = RecordTexts.read(input, run.corpus, shown);
      new HtmlReport(
              run, input, pipeline.exact, clusters, largest, closest, lowest, ofClusters, texts)
          .write(target.writer());
      target.commit();
      if (!output.quiet && output.file != null) {
        spec.commandLine()
            .getErr()
            .printf(
                Locale.ROOT,
                "neardup: report of %s in %s, %s shown -> %s%n",
                Formats.count(run.result.pairs().size(), "pair"),
                Formats.count(clusters.size(), "cluster"),
                Formats.count(shown.size(), "document"),
                output.file);
        spec.commandLine().getErr().flush();
      }
    }
    return ExitCodes.OK;
  }

  private static void addBoth(Set<Integer> ordinals, SimilarPair pair) {
    ordinals.add(pair.first());
    ordinals.add(pair.second());
  }
}
