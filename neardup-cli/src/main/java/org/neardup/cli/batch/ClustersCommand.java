package org.neardup.cli.batch;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.neardup.batch.corpus.Corpus;
import org.neardup.cli.ExitCodes;
import org.neardup.cli.PipelineRun;
import org.neardup.cluster.Cluster;
import org.neardup.cluster.Clusterer;
import org.neardup.cluster.KeepOrder;
import org.neardup.cluster.KeptSet;
import org.neardup.options.AgainstMixin;
import org.neardup.options.Formats;
import org.neardup.options.InputMixin;
import org.neardup.options.KeepMixin;
import org.neardup.options.OutputMixin;
import org.neardup.options.PipelineMixin;
import org.neardup.options.SignaturesMixin;
import org.neardup.options.UsageException;
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
  @Mixin AgainstMixin against;
  @Mixin PipelineMixin pipeline;
  @Mixin OutputMixin output;
  @Mixin KeepMixin keep;

  @Option(
      names = "--components",
      description =
          "Connected components of the pairs, one kept member each, in the 3-column layout.")
  boolean components;

  @Option(
      names = "--cluster-size",
      description =
          "Add a last column to every line: how many documents the group's kept document stands"
              + " for, itself included (with --components, the component's size), as dedup"
              + " --annotate's cluster_size.")
  boolean clusterSize;

  @Override
  public Integer call() throws IOException {
    KeepOrder order = keepOrder(keep, input, signatures.files);
    if (components && against.any()) {
      throw new UsageException(
          "--components joins whole components, --against keeps its references whatever they"
              + " join: drop one");
    }
    PipelineRun.toOutput(
        spec,
        input,
        signatures,
        against,
        pipeline,
        output,
        (run, out) -> {
          if (components) {
            writeComponents(run.corpus, components(run, order), clusterSize, out);
          } else {
            writeGroups(run, keptSet(run, order), clusterSize, out);
          }
        });
    return ExitCodes.OK;
  }

  /**
   * The order {@code --keep} gives, with the inputs told to read the field it keeps by, if any.
   *
   * @throws UsageException when it keeps by a field and an input has none (a TSV input, a signature
   *     file)
   */
  static KeepOrder keepOrder(KeepMixin keep, InputMixin input, List<Path> signatureFiles) {
    KeepOrder order = keep.order();
    if (order.byField() && !signatureFiles.isEmpty()) {
      throw new UsageException(
          signatureFiles.get(0)
              + ": a signature file has no fields to keep by: --keep field:NAME reads a CSV"
              + " column, a JSON field or a Parquet column");
    }
    input.keepBy(order);
    return order;
  }

  /** The kept set of the run's pairs, after the references' documents (kept by definition). */
  public static KeptSet keptSet(PipelineRun run, KeepOrder order) {
    return KeptSet.choose(
        run.corpus.size(),
        run.result.pairs(),
        order.order(run.corpus.size(), run.corpus.keepKeys()),
        run.against);
  }

  /** The id of a kept set's match: a document's, or a reference's. */
  public static String matchId(PipelineRun run, int match) {
    return KeptSet.isReference(match)
        ? run.against.referenceId(KeptSet.referenceIndex(match))
        : run.corpus.id(match);
  }

  /** The connected components of the run's pairs. */
  public static List<Cluster> components(PipelineRun run, KeepOrder order) {
    return Clusterer.cluster(
        run.corpus.size(),
        run.result.pairs(),
        order.order(run.corpus.size(), run.corpus.keepKeys()));
  }

  /**
   * The groups: first those of references' documents (role {@code reference}, by id), then those of
   * kept documents, in input order.
   */
  static void writeGroups(PipelineRun run, KeptSet kept, boolean withSize, Writer out)
      throws IOException {
    for (KeptSet.Group group : kept.referenceGroups()) {
      writeGroup(run, run.against.referenceId(group.kept()), "reference", group, withSize, out);
    }
    for (KeptSet.Group group : kept.groups()) {
      writeGroup(run, run.corpus.id(group.kept()), "keep", group, withSize, out);
    }
  }

  /** A group: its head's line ({@code role}), then its removed documents'. */
  private static void writeGroup(
      PipelineRun run, String name, String role, KeptSet.Group group, boolean withSize, Writer out)
      throws IOException {
    String size = withSize ? Integer.toString(group.removedCount() + 1) : null;
    line(out, name, name, role, Formats.similarity(1.0), size);
    for (int k = 0; k < group.removedCount(); k++) {
      line(
          out,
          name,
          run.corpus.id(group.removed(k)),
          "duplicate",
          Formats.similarity(group.similarity(k)),
          size);
    }
  }

  /** One line, its fields tab-separated; the size last when not null. */
  private static void line(Writer out, String... fields) throws IOException {
    int last = fields[fields.length - 1] == null ? fields.length - 1 : fields.length;
    for (int i = 0; i < last; i++) {
      if (i > 0) {
        out.write('\t');
      }
      out.write(fields[i]);
    }
    out.write('\n');
  }

  static void writeComponents(Corpus corpus, List<Cluster> clusters, boolean withSize, Writer out)
      throws IOException {
    for (Cluster cluster : clusters) {
      String name = corpus.id(cluster.first());
      String size = withSize ? Integer.toString(cluster.size()) : null;
      for (int member : cluster.members()) {
        line(
            out,
            name,
            corpus.id(member),
            member == cluster.representative() ? "keep" : "duplicate",
            size);
      }
    }
  }
}
