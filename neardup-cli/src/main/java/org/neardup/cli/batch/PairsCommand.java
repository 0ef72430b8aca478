package org.neardup.cli.batch;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.reference.ReferencePairs;
import org.neardup.cli.ContainmentRun;
import org.neardup.cli.ExitCodes;
import org.neardup.cli.PipelineRun;
import org.neardup.config.PipelineConfig;
import org.neardup.options.AgainstMixin;
import org.neardup.options.Formats;
import org.neardup.options.InputMixin;
import org.neardup.options.MeasureMixin;
import org.neardup.options.OutputMixin;
import org.neardup.options.OutputTarget;
import org.neardup.options.PipelineMixin;
import org.neardup.options.SignaturesMixin;
import org.neardup.options.UsageException;
import org.neardup.verify.ReferencePair;
import org.neardup.verify.SimilarPair;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code neardup pairs}: the near-duplicate pairs, one {@code idA<TAB>idB<TAB>similarity} line
 * each.
 */
@Command(
    name = "pairs",
    mixinStandardHelpOptions = true,
    description = {
      "Finds the near-duplicate pairs.",
      "Writes one idA<TAB>idB<TAB>similarity line a pair: idA < idB (String order), similarity ="
          + " exact Jaccard of the shingle sets with 6 decimals; lines sorted by idA, then idB.",
      "With --measure containment: pairs where one document holds at least T of the other's"
          + " shingles, one idA<TAB>idB<TAB>containment<TAB>direction line a pair (containment ="
          + " the larger direction, exact; direction a-in-b, b-in-a or both)."
    })
public final class PairsCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin InputMixin input;
  @Mixin SignaturesMixin signatures;
  @Mixin AgainstMixin against;
  @Mixin PipelineMixin pipeline;

  @Mixin OutputMixin output;
  @Mixin MeasureMixin measure;

  @Override
  public Integer call() throws IOException {
    if (measure.containment()) {
      return containmentPairs();
    }
    PipelineRun.toOutput(
        spec,
        input,
        signatures,
        against,
        pipeline,
        output,
        (run, out) -> write(run.corpus, run.result.pairs(), run.against, out));
    return ExitCodes.OK;
  }

  /** {@code --measure containment}: over text inputs (not signature files). */
  private Integer containmentPairs() throws IOException {
    if (!signatures.files.isEmpty()) {
      throw new UsageException(
          "--measure containment reads text inputs; --signatures files do not go with it");
    }
    if (against.any()) {
      throw new UsageException(
          "--measure containment finds pairs among the inputs; --against does not go with it");
    }
    PipelineConfig config = pipeline.config();
    input.checkInputs();
    try (OutputTarget target = output.open(spec, input.paths());
        ContainmentRun run =
            ContainmentRun.execute(
                input, pipeline, config, measure, output.quiet, spec.commandLine().getErr())) {
      output.warnIfNamedForAnotherFormat(spec.commandLine().getErr(), "pairs");
      ContainmentPairs.write(
          run.corpus, run.result.pairs(), run.config.threshold(), target.writer());
      target.commit();
    }
    return ExitCodes.OK;
  }

  /**
   * One line a pair, ids in String order within and across lines: the pairs among the documents,
   * then those with references' documents.
   */
  static void write(Corpus corpus, List<SimilarPair> pairs, ReferencePairs against, Writer out)
      throws IOException {
    List<String[]> lines = new ArrayList<>(pairs.size() + against.size());
    for (SimilarPair pair : pairs) {
      lines.add(line(corpus.id(pair.first()), corpus.id(pair.second()), pair.similarity()));
    }
    for (ReferencePair pair : against) {
      lines.add(
          line(
              corpus.id(pair.document()),
              against.referenceId(pair.reference()),
              pair.similarity()));
    }
    lines.sort(Comparator.<String[], String>comparing(l -> l[0]).thenComparing(l -> l[1]));
    for (String[] line : lines) {
      out.write(line[0]);
      out.write('\t');
      out.write(line[1]);
      out.write('\t');
      out.write(line[2]);
      out.write('\n');
    }
  }

  private static String[] line(String a, String b, double similarity) {
    String written = Formats.similarity(similarity);
    return a.compareTo(b) < 0 ? new String[] {a, b, written} : new String[] {b, a, written};
  }
}
