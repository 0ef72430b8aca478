package org.neardup.cli.batch;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.concurrent.Callable;
import org.neardup.cli.ExitCodes;
import org.neardup.cli.PipelineRun;
import org.neardup.cli.UsageException;
import org.neardup.cli.options.InputMixin;
import org.neardup.cli.options.OutputMixin;
import org.neardup.cli.options.PipelineMixin;
import org.neardup.cli.options.SignaturesMixin;
import org.neardup.cluster.Cluster;
import org.neardup.cluster.Clusterer;
import org.neardup.cluster.KeepPolicy;
import org.neardup.pipeline.Corpus;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code neardup clusters}: groups of near-duplicates, one member a line. */
@Command(
    name = "clusters",
    mixinStandardHelpOptions = true,
    description = {
      "Groups near-duplicates into clusters.",
      "Writes the connected components of the pairs as cluster<TAB>id<TAB>role lines: cluster = id of the cluster's first-read member, role = keep (the representative, see --keep) or duplicate. Clusters come in input order of their first member, members in input order; documents without duplicates are not listed."
    })
public final class ClustersCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin InputMixin input;
  @Mixin SignaturesMixin signatures;
  @Mixin PipelineMixin pipeline;
  @Mixin OutputMixin output;

  @Option(names = "--keep", paramLabel = "POLICY", defaultValue = "first", description = "Representative of a cluster: first, longest or shortest (text length). Default: ${DEFAULT-VALUE}.")
  String keep;

  @Override
  public Integer call() throws IOException {
    KeepPolicy policy = parseKeep(keep);
    PipelineRun.toOutput(spec, input, signatures, pipeline, output,
        (run, out) -> write(run.corpus, clusters(run, policy), out));
    return ExitCodes.OK;
  }

  static KeepPolicy parseKeep(String keep) {
    try {
      return KeepPolicy.parse(keep);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  public static List<Cluster> clusters(PipelineRun run, KeepPolicy policy) {
    return Clusterer.cluster(run.corpus.size(), run.result.pairs(), policy, run.corpus::textLength);
  }

  static void write(Corpus corpus, List<Cluster> clusters, Writer out) throws IOException {
    for (Cluster cluster : clusters) {
      String name = corpus.id(cluster.first());
      for (int member : cluster.members()) {
        out.write(name);
        out.write('\t');
        out.write(corpus.id(member));
        out.write('\t');
        out.write(member == cluster.representative() ? "keep" : "duplicate");
        out.write('\n');
      }
    }
  }
}
