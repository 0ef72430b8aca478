package org.neardup.cli.batch;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.neardup.batch.corpus.Corpus;
import org.neardup.cli.ExitCodes;
import org.neardup.cli.PipelineRun;
import org.neardup.cli.SkipLog;
import org.neardup.cli.TerminalProgress;
import org.neardup.config.PipelineConfig;
import org.neardup.format.SignatureFile;
import org.neardup.input.InputProblems;
import org.neardup.options.InputMixin;
import org.neardup.options.OutputMixin;
import org.neardup.options.OutputTarget;
import org.neardup.options.SketchOptionsMixin;
import org.neardup.options.UsageException;
import org.neardup.sketch.SketchParams;
import org.neardup.verify.VerifyMode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code neardup sign}: the inputs' sketches in a signature file, for later runs without the text.
 */
@Command(
    name = "sign",
    mixinStandardHelpOptions = true,
    description = {
      "Writes the inputs' signatures (and shingle sets) to a signature file.",
      "'neardup pairs --signatures FILE' and 'neardup clusters --signatures FILE' then find the"
          + " same pairs without reading or sketching the text again; the file records the sketch"
          + " settings, so it cannot be compared with other settings by mistake. Without"
          + " --signatures-only the file carries each document's shingle set (compact: about 7"
          + " bytes a shingle) and gives exactly the pairs of the text; with it, only the"
          + " signatures (4 bytes a value), and pairs are confirmed by the signature estimate."
          + " Layout: docs/formats.md."
    })
public final class SignCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin InputMixin input;
  @Mixin SketchOptionsMixin sketch;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FILE",
      required = true,
      description =
          "The signature file (conventionally .nds). Written atomically; .gz"
              + " compresses with gzip, .zst with zstd.")
  Path output;

  @Option(
      names = "--signatures-only",
      description =
          "Leave the shingle sets out: a smaller file, but pairs from it are confirmed by the"
              + " signature estimate (as --estimate), not exact Jaccard.")
  boolean signaturesOnly;

  @Option(
      names = "--threads",
      paramLabel = "N",
      description = "Worker threads. Default: all processors.")
  Integer threads;

  @Option(
      names = {"-q", "--quiet"},
      description = "No progress bar and no summary on stderr.")
  boolean quiet;

  @Override
  public Integer call() throws IOException {
    if (input.paths().isEmpty()) {
      throw new UsageException("missing INPUT");
    }
    OutputMixin.requireFile(output, "the signature file");
    SketchParams params = sketch.params();
    PipelineConfig.Builder builder =
        PipelineConfig.builder()
            .normalizer(params.normalizer())
            .shingle(params.shingle())
            .minHash(params.minHash())
            .verify(signaturesOnly ? VerifyMode.ESTIMATE : VerifyMode.EXACT);
    if (threads != null) {
      if (threads < 1 || threads > 1024) {
        throw new UsageException("--threads must be in [1, 1024], got " + threads);
      }
      builder.threads(threads);
    }
    PipelineConfig config = builder.build();
    input.checkInputs();
    var err = spec.commandLine().getErr();
    SkipLog skips = new SkipLog(input.verbose, err);
    InputProblems problems = skips.problems(input.onErrorPolicy());
    long written = 0;
    try (OutputTarget target =
            OutputTarget.open(output, spec.commandLine().getOut(), input.paths());
        Corpus corpus =
            PipelineRun.read(input, config, problems, TerminalProgress.create(quiet), quiet, err)) {
      PipelineRun.warnShortDocuments(err, config, corpus);
      SignatureFile.Writer writer = SignatureFile.write(target.stream(), params, !signaturesOnly);
      for (int i = 0; i < corpus.size(); i++) {
        long[] set = signaturesOnly ? null : corpus.shingles(i);
        writer.add(
            new SignatureFile.Entry(corpus.id(i), corpus.textLength(i), corpus.signature(i), set));
        written++;
      }
      writer.flush();
      target.commit();
    }
    skips.print(problems);
    if (!quiet) {
      err.printf(
          Locale.ROOT,
          "neardup: %,d documents signed (%s)%s -> %s%n",
          written,
          params,
          signaturesOnly ? ", signatures only" : ", with shingle sets",
          output);
      err.flush();
    }
    return ExitCodes.OK;
  }
}
