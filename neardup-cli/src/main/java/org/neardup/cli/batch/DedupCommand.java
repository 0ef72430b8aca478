package org.neardup.cli.batch;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;
import org.neardup.batch.corpus.Corpus;
import org.neardup.cli.BuildVersion;
import org.neardup.cli.ExitCodes;
import org.neardup.cli.PipelineRun;
import org.neardup.cli.RunReferences;
import org.neardup.cli.SignatureInputs;
import org.neardup.cluster.Cluster;
import org.neardup.cluster.KeepOrder;
import org.neardup.cluster.KeptSet;
import org.neardup.config.PipelineConfig;
import org.neardup.input.InputProblem;
import org.neardup.io.Annotation;
import org.neardup.io.Compression;
import org.neardup.io.DirectoryFormat;
import org.neardup.io.InputFormat;
import org.neardup.io.InputSnapshot;
import org.neardup.options.AgainstMixin;
import org.neardup.options.Formats;
import org.neardup.options.InputMixin;
import org.neardup.options.KeepMixin;
import org.neardup.options.OutputMixin;
import org.neardup.options.OutputPaths;
import org.neardup.options.OutputTarget;
import org.neardup.options.PendingOutput;
import org.neardup.options.PipelineMixin;
import org.neardup.options.RunManifest;
import org.neardup.options.UsageException;
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
      "Walks the documents in --keep order and keeps each one that is not a pair of one already"
          + " kept, as 'clusters' does: every removed record has a kept record at similarity >= the"
          + " threshold, and no two kept records are a pair. Kept records are copied byte for byte"
          + " in the input's format (several inputs are concatenated; a CSV header is written"
          + " once); with --format dir the output is a new directory of the kept files.",
      "Records skipped as bad (--on-error skip) never reach the copy: they go to the rejects file"
          + " (--rejects, by default CLEAN with '.rejects' before its extension), named in the"
          + " summary.",
      "With --components, every member of a connected component of the pairs except one is removed,"
          + " even when it is far from that one (components chain)."
    })
public final class DedupCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin InputMixin input;
  @Mixin AgainstMixin against;
  @Mixin PipelineMixin pipeline;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "CLEAN",
      required = true,
      description =
          "The deduplicated copy (a file; a directory for --format dir). Written atomically; .gz"
              + " compresses with gzip, .zst with zstd.")
  Path output;

  @Option(
      names = {"-q", "--quiet"},
      description = "No progress bar and no summary on stderr.")
  boolean quiet;

  @Mixin KeepMixin keep;

  @Option(
      names = "--components",
      description =
          "Remove all but one member of each connected component of the pairs (the --keep choice)"
              + " instead.")
  boolean components;

  @Option(
      names = "--annotate",
      description =
          "Write every record, the removed ones too, each with three fields added: the id of the"
              + " kept record (or --against document) it duplicates and their similarity (both"
              + " empty for a kept record), and for a kept record how many records it stands for,"
              + " itself included (empty for a removed one): the last three columns of TSV, LINES"
              + " and CSV (named duplicate_of, similarity and cluster_size in a CSV header),"
              + " members \"duplicate_of\", \"similarity\" and \"cluster_size\" of a JSON Lines or"
              + " JSON array object (null where empty), columns of those names at the end of a"
              + " Parquet schema (null where empty), a list "
              + DirectoryFormat.ANNOTATIONS
              + " in a directory output.")
  boolean annotate;

  @Option(
      names = "--removed",
      paramLabel = "FILE",
      description =
          "Also write the removed records to FILE, in the input's format (a new directory for"
              + " --format dir).")
  Path removed;

  @Option(
      names = "--rejects",
      paramLabel = "FILE",
      description =
          "Where records skipped as bad go (--on-error skip), in the input's format. Default: CLEAN"
              + " with '.rejects' before its extension, written only when records were skipped.")
  Path rejects;

  @Option(
      names = "--manifest",
      paramLabel = "FILE",
      description =
          "Also write a record of the run to FILE, as JSON: neardup's version and commit, the"
              + " command line, every setting (banding included) and the pair method used, each"
              + " input and output with its size and SHA-256, the counts (read, kept, removed,"
              + " rejected) and the start and end times.")
  Path manifest;

  @Option(
      names = "--signatures-out",
      paramLabel = "FILE",
      description =
          "Also write the kept documents' signatures and shingle sets to FILE, a signature file as"
              + " 'neardup sign' writes (not the documents kept by --against references): the next"
              + " run takes it as --against FILE, beside the earlier ones. Written atomically; .gz"
              + " compresses.")
  Path signaturesOut;

  @Override
  public Integer call() throws IOException {
    RunManifest record = new RunManifest("dedup");
    OutputMixin.requireFile(output, "the deduplicated copy");
    OutputMixin.requireFile(removed, "--removed");
    OutputMixin.requireFile(rejects, "--rejects");
    OutputMixin.requireFile(manifest, "--manifest");
    OutputMixin.requireFile(signaturesOut, "--signatures-out");
    if (annotate && components) {
      throw new UsageException(
          "--annotate names each removed record's kept record and their similarity, which"
              + " components do not have: drop --components");
    }
    if (components && (against.any() || signaturesOut != null)) {
      throw new UsageException(
          (against.any() ? "--against" : "--signatures-out")
              + " goes with the kept set, not with --components: drop one");
    }
    KeepOrder policy = ClustersCommand.keepOrder(keep, input, List.of());
    boolean directory = input.inputs.stream().anyMatch(p -> input.format(p).readsDirectories());
    if (directory && input.inputs.size() != 1) {
      throw new UsageException("dedup of a directory takes exactly one input directory");
    }
    if (input.inputs.stream().anyMatch(p -> input.format(p) == InputFormat.PARQUET)) {
      if (input.inputs.size() != 1) {
        throw new UsageException(
            "dedup writes a Parquet input back as one Parquet file, so it takes exactly one"
                + " such input");
      }
      for (Path target : new Path[] {output, removed, rejects}) {
        var suffix = target == null ? null : Compression.claimedSuffix(fileName(target));
        if (suffix != null && suffix.isPresent()) {
          throw new UsageException(
              target
                  + ": a Parquet copy is compressed page by page with the input's codec,"
                  + " not as a whole: name it without "
                  + suffix.get());
        }
      }
    }
    if (input.inputs.size() != 1
        && input.inputs.stream().anyMatch(p -> input.format(p) == InputFormat.JSON)) {
      throw new UsageException(
          "dedup writes a JSON array input back as one whole array, so it takes exactly one"
              + " such input (convert several to JSON Lines: jq -c '.[]' FILE)");
    }
    // The outputs named are checked and opened before any work, so that an unusable one is reported
    // at once.
    Path defaultRejects = rejects == null ? rejectsBeside(output) : null;
    Map<String, Path> outputs = new LinkedHashMap<>();
    outputs.put("-o", output);
    outputs.put("--removed", removed);
    outputs.put(
        rejects != null ? "--rejects" : "the rejects file",
        rejects != null ? rejects : defaultRejects);
    outputs.put("--manifest", manifest);
    outputs.put("--signatures-out", signaturesOut);
    OutputPaths.checkDistinct(outputs);
    Plan plan;
    long kept;
    try (RunReferences references =
        RunReferences.open(against, input, spec.commandLine().getErr())) {
      PipelineConfig config = references.config(pipeline, pipeline.config(), false);
      input.checkInputs();
      List<Path> read = new ArrayList<>(input.paths());
      read.addAll(references.paths());
      DedupWriter writer = new DedupWriter(input, read, spec.commandLine().getOut(), directory);
      try (PendingOutput clean = writer.open(output);
          PendingOutput removedTarget = removed == null ? null : writer.open(removed);
          PendingOutput rejectsTarget = rejects == null ? null : writer.open(rejects);
          OutputTarget manifestTarget =
              manifest == null
                  ? null
                  : OutputTarget.open(manifest, spec.commandLine().getOut(), read);
          OutputTarget signaturesTarget =
              signaturesOut == null
                  ? null
                  : OutputTarget.open(signaturesOut, spec.commandLine().getOut(), read);
          InputSnapshot snapshot = input.checkRereadable()) {
        warnOfMisnamedOutputs(); // once the command line is known to be good
        plan = plan(config, policy, references, signaturesTarget);
        snapshot.checkUnchanged();
        boolean rejectsWritten = rejectsTarget != null || !plan.isEmpty(plan.rejected());
        try (PendingOutput besideTarget =
            rejectsTarget == null && rejectsWritten ? writer.open(defaultRejects) : null) {
          if (annotate) {
            kept =
                writer.copyAnnotated(
                    clean, i -> plan.rejected().get(i)::contains, plan.annotations()::get);
          } else {
            kept = writer.copy(clean, i -> plan.either(i, plan.rejected(), plan.dropped()));
          }
          if (removedTarget != null) {
            writer.copy(removedTarget, i -> plan.allBut(plan.dropped().get(i)));
          }
          PendingOutput rejectsOut = rejectsTarget != null ? rejectsTarget : besideTarget;
          if (rejectsOut != null) {
            writer.copy(rejectsOut, i -> plan.allBut(plan.rejected().get(i)));
            rejectsOut.commit();
          }
          if (removedTarget != null) {
            removedTarget.commit();
          }
          clean.commit();
          if (signaturesTarget != null) {
            signaturesTarget.commit();
          }
        }
        Path rejectsFile = rejectsWritten ? (rejects != null ? rejects : defaultRejects) : null;
        if (manifestTarget != null) {
          writeManifest(
              record, config, policy, references, plan, kept, rejectsFile, manifestTarget);
        }
        if (!quiet) {
          summarize(plan, kept, rejectsFile);
        }
      }
    }
    return ExitCodes.OK;
  }

  /** The run's record: settings, inputs and outputs with their checksums, counts, times. */
  private void writeManifest(
      RunManifest record,
      PipelineConfig config,
      KeepOrder order,
      RunReferences references,
      Plan plan,
      long written,
      Path rejectsFile,
      OutputTarget target)
      throws IOException {
    long removedCount = plan.count(plan.dropped());
    long rejectedCount = plan.count(plan.rejected());
    long kept = annotate ? written - removedCount : written;
    record
        .tool(BuildVersion.build())
        .arguments(spec.commandLine().getParseResult().originalArgs())
        .pipeline(config)
        .setting("pair_method", pipeline.exact ? "exact" : pipeline.lsh ? "lsh" : "planned")
        .setting("pair_method_used", plan.method())
        .setting("keep", order.toString())
        .setting("components", components)
        .setting("annotate", annotate)
        .setting("reading", input.describe());
    for (Path path : input.paths()) {
      record.input(path, input.format(path).name());
    }
    references.references.describe(record);
    record.output("clean", output);
    if (removed != null) {
      record.output("removed", removed);
    }
    if (rejectsFile != null) {
      record.output("rejects", rejectsFile);
    }
    if (signaturesOut != null) {
      record.output("signatures", signaturesOut);
    }
    record
        .count("read", kept + removedCount + rejectedCount)
        .count("kept", kept)
        .count("removed", removedCount)
        .count("removed_for_references", plan.forReferences())
        .count("rejected", rejectedCount)
        .count("empty", plan.empty())
        .count("groups", plan.groups())
        .write(target);
  }

  /**
   * The copies are in the input's format, whatever their names say: a name that says another format
   * (clean.csv of a TSV input) is one the commands would read in that format. Said for an input
   * whose format its name or content decided; with --format the user chose it.
   */
  private void warnOfMisnamedOutputs() {
    if (!input.format.equalsIgnoreCase("auto") || input.inputs.isEmpty()) {
      return;
    }
    InputFormat format = input.format(input.inputs.get(0));
    for (Path target : new Path[] {output, removed, rejects}) {
      if (target == null || format.readsDirectories()) {
        continue;
      }
      List<InputFormat> named = InputFormat.namedBy(target);
      if (!named.isEmpty() && !named.contains(format)) {
        spec.commandLine()
            .getErr()
            .printf(
                Locale.ROOT,
                "neardup: warning: %s: dedup copies the input's records in their format (%s),"
                    + " which this name would have the commands read as %s: name it for %s%n",
                target,
                format.name(),
                named.get(0).name(),
                format.name());
      }
    }
    spec.commandLine().getErr().flush();
  }

  private void summarize(Plan plan, long kept, Path rejectsFile) {
    long removedCount = plan.count(plan.dropped());
    var err = spec.commandLine().getErr();
    err.printf(
        Locale.ROOT,
        "neardup: %s %s, removed %s%s in %s -> %s%n",
        annotate ? "wrote" : "kept",
        Formats.count(kept, "record"),
        Formats.count(removedCount, "duplicate"),
        against.any()
            ? String.format(
                Locale.ROOT, " (%,d of them for --against documents)", plan.forReferences())
            : "",
        Formats.count(plan.groups(), "cluster"),
        output);
    if (signaturesOut != null) {
      err.printf(Locale.ROOT, "neardup: kept documents' signatures -> %s%n", signaturesOut);
    }
    if (removed != null) {
      err.printf(Locale.ROOT, "neardup: removed records -> %s%n", removed);
    }
    if (rejectsFile != null) {
      err.printf(
          Locale.ROOT,
          "neardup: %s skipped as bad -> %s%n",
          Formats.count(plan.count(plan.rejected()), "record"),
          rejectsFile);
    }
    err.flush();
  }

  /**
   * {@code CLEAN} with {@code .rejects} before its extension: {@code x.tsv} -> {@code
   * x.rejects.tsv}.
   */
  static Path rejectsBeside(Path clean) {
    String name = fileName(clean);
    String suffix = Compression.claimedSuffix(name).orElse("");
    name = name.substring(0, name.length() - suffix.length());
    int dot = name.lastIndexOf('.');
    String stem = dot > 0 ? name.substring(0, dot) : name;
    String extension = dot > 0 ? name.substring(dot) : "";
    return clean.resolveSibling(stem + ".rejects" + extension + suffix);
  }

  /**
   * What to write, per input (indexed like {@code input.inputs}): the record indexes removed, the
   * annotation of each record that is not {@link Annotation#KEPT} (the removed ones, and the kept
   * ones that stand for others), and the record indexes skipped as bad.
   */
  private record Plan(
      int groups,
      List<Set<Long>> dropped,
      List<Map<Long, Annotation>> annotated,
      List<Set<Long>> rejected,
      String method,
      long empty,
      long forReferences) {
    List<LongFunction<Annotation>> annotations() {
      return annotated.stream()
          .<LongFunction<Annotation>>map(m -> i -> m.getOrDefault(i, Annotation.KEPT))
          .toList();
    }

    LongPredicate either(int input, List<Set<Long>> a, List<Set<Long>> b) {
      Set<Long> first = a.get(input);
      Set<Long> second = b.get(input);
      return i -> first.contains(i) || second.contains(i);
    }

    LongPredicate allBut(Set<Long> records) {
      return i -> !records.contains(i);
    }

    boolean isEmpty(List<Set<Long>> sets) {
      return sets.stream().allMatch(Set::isEmpty);
    }

    long count(List<Set<Long>> sets) {
      return sets.stream().mapToLong(Set::size).sum();
    }
  }

  private Plan plan(
      PipelineConfig config,
      KeepOrder policy,
      RunReferences references,
      OutputTarget signaturesTarget)
      throws IOException {
    try (PipelineRun run =
        PipelineRun.execute(
            input,
            SignatureInputs.none(),
            references,
            signaturesTarget != null,
            pipeline,
            config,
            quiet,
            spec.commandLine().getErr())) {
      Corpus corpus = run.corpus;
      List<Set<Long>> dropped = new ArrayList<>();
      List<Map<Long, Annotation>> annotated = new ArrayList<>();
      List<Set<Long>> rejected = new ArrayList<>();
      Map<String, Integer> inputIndex = new HashMap<>();
      for (int i = 0; i < input.inputs.size(); i++) {
        dropped.add(new HashSet<>());
        annotated.add(new HashMap<>());
        rejected.add(new HashSet<>());
        inputIndex.putIfAbsent(input.inputs.get(i).toString(), i);
      }
      int groups;
      long forReferences = 0;
      if (components) {
        List<Cluster> clusters = ClustersCommand.components(run, policy);
        for (Cluster cluster : clusters) {
          for (int member : cluster.members()) {
            if (member != cluster.representative()) {
              dropped.get(inputOf(corpus, member, inputIndex)).add(corpus.recordIndex(member));
            }
          }
        }
        groups = clusters.size();
      } else {
        KeptSet kept = ClustersCommand.keptSet(run, policy);
        for (int i = 0; i < kept.documentCount(); i++) {
          int in = inputOf(corpus, i, inputIndex);
          long record = corpus.recordIndex(i);
          if (!kept.isKept(i)) {
            dropped.get(in).add(record);
            annotated
                .get(in)
                .put(
                    record,
                    new Annotation(
                        ClustersCommand.matchId(run, kept.matchOf(i)),
                        Formats.similarity(kept.similarityOf(i))));
            forReferences += KeptSet.isReference(kept.matchOf(i)) ? 1 : 0;
          } else if (kept.clusterSize(i) > 1) {
            annotated.get(in).put(record, Annotation.kept(kept.clusterSize(i)));
          }
        }
        groups = kept.groups().size() + kept.referenceGroups().size();
        if (signaturesTarget != null) {
          KeptSignatures.write(run.corpus, kept::isKept, signaturesTarget);
        }
      }
      run.skips
          .rejected()
          .forEach(
              (source, indexes) -> {
                // a directory's problems name the file, not the input: a directory is the only
                // input
                Integer index = inputIndex.get(source);
                rejected.get(index == null ? 0 : index).addAll(indexes);
              });
      return new Plan(
          groups,
          dropped,
          annotated,
          rejected,
          run.result.lshParams() == null ? "exact" : "lsh",
          run.problems.skipped().getOrDefault(InputProblem.EMPTY_DOCUMENT, 0L),
          forReferences);
    }
  }

  private static String fileName(Path path) {
    return path.getFileName() == null ? "" : path.getFileName().toString();
  }

  private static int inputOf(Corpus corpus, int ordinal, Map<String, Integer> inputIndex) {
    return inputIndex.get(corpus.sources().get(corpus.sourceIndex(ordinal)));
  }
}
