package org.neardup.cli.batch;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.concurrent.Callable;
import org.neardup.batch.corpus.Corpus;
import org.neardup.cli.ExitCodes;
import org.neardup.cli.PipelineRun;
import org.neardup.cluster.Cluster;
import org.neardup.cluster.Clusterer;
import org.neardup.cluster.KeepPolicy;
import org.neardup.cluster.KeptSet;
import org.neardup.options.Formats;
import org.neardup.options.InputMixin;
import org.neardup.options.OutputMixin;
import org.neardup.options.PipelineMixin;
import org.neardup.options.SignaturesMixin;
import org.neardup.options.UsageException;
import org.neardup.options.ValueCandidates;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code neardup clusters}: which documents a dedup keeps and removes, and why; or whole
 * components.
 */
@Command(
    name = "clusters",
    mixinStandardHelpOptions = true,
    description = {
      "Groups near-duplicates: what dedup keeps and removes, and why.",
      "Walks the documents in --keep order and keeps each one that is not a pair of one already"
          + " kept. So every removed document has a kept one at similarity >= the threshold, and no"
          + " two kept ones are a pair. Writes one group per kept document that removes others, as"
          + " cluster<TAB>id<TAB>role<TAB>similarity lines: cluster = the kept document's id; its"
          + " own line first (role keep, similarity 1.000000), then the documents removed for it"
          + " (role duplicate, their exact similarity to it, 6 decimals; each removed document goes"
          + " to its most similar kept one). Groups come in input order of the kept document,"
          + " removed documents in input order; documents without duplicates are not listed.",
      "With --components: the connected components of the pairs instead, as cluster<TAB>id<TAB>role"
          + " lines (cluster = id of the first-read member, role keep for the --keep choice, else"
          + " duplicate). Components chain: A~B and B~C put C with A even when J(A, C) is far below"
          + " the threshold. In the Kijiji rentals (Title + Short Description) 1801~1802 at"
          + " 0.877670 and 1802~1831 at 0.817164, but J(1801, 1831) < 0.8: --components removes"
          + " 1831 for 1801, the default keeps it."
    })
public final class ClustersCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin InputMixin input;
  @Mixin SignaturesMixin signatures;
  @Mixin PipelineMixin pipeline;
  @Mixin OutputMixin output;

  @Option(
      names = "--keep",
      completionCandidates = ValueCandidates.KeepPolicies.class,
      paramLabel = "ORDER",
      defaultValue = "first",
      description =
          "Keep order: first (input order), longest or shortest (text length, ties in input order)."
              + " Default: ${DEFAULT-VALUE}.")
  String keep;

  @Option(
      names = "--components",
      description =
          "Connected components of the pairs, one kept member each, in the 3-column layout.")
  boolean components;

  @Override
  public Integer call() throws IOException {
    KeepPolicy policy = parseKeep(keep);
    PipelineRun.toOutput(
        spec,
        input,
        signatures,
        pipeline,
        output,
        (run, out) -> {
          if (components) {
            writeComponents(run.corpus, components(run, policy), out);
          } else {
            writeGroups(run.corpus, keptSet(run, policy), out);
          }
        });
    return ExitCodes.OK;
  }

  static KeepPolicy parseKeep(String keep) {
    try {
      return KeepPolicy.parse(keep);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /** The kept set of the run's pairs. */
  public static KeptSet keptSet(PipelineRun run, KeepPolicy policy) {
    return KeptSet.choose(run.corpus.size(), run.result.pairs(), policy, run.corpus::textLength);
  }

  /** The connected components of the run's pairs. */
  public static List<Cluster> components(PipelineRun run, KeepPolicy policy) {
    return Clusterer.cluster(run.corpus.size(), run.result.pairs(), policy, run.corpus::textLength);
  }

  static void writeGroups(Corpus corpus, KeptSet kept, Writer out) throws IOException {
    for (KeptSet.Group group : kept.groups()) {
      String name = corpus.id(group.kept());
      line(out, name, name, "keep", Formats.similarity(1.0));
      for (int k = 0; k < group.removedCount(); k++) {
        line(
            out,
            name,
            corpus.id(group.removed(k)),
            "duplicate",
            Formats.similarity(group.similarity(k)));
      }
    }
  }

  private static void line(Writer out, String cluster, String id, String role, String similarity)
      throws IOException {
    out.write(cluster);
    out.write('\t');
    out.write(id);
    out.write('\t');
    out.write(role);
    out.write('\t');
    out.write(similarity);
    out.write('\n');
  }

  static void writeComponents(Corpus corpus, List<Cluster> clusters, Writer out)
      throws IOException {
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
