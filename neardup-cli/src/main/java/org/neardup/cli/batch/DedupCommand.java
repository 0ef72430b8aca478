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
import org.neardup.cli.ExitCodes;
import org.neardup.cli.PipelineRun;
import org.neardup.cluster.Cluster;
import org.neardup.cluster.KeepPolicy;
import org.neardup.cluster.KeptSet;
import org.neardup.config.PipelineConfig;
import org.neardup.io.Annotation;
import org.neardup.io.Compression;
import org.neardup.io.DirectoryFormat;
import org.neardup.io.InputFormat;
import org.neardup.io.InputSnapshot;
import org.neardup.options.Formats;
import org.neardup.options.InputMixin;
import org.neardup.options.OutputMixin;
import org.neardup.options.OutputPaths;
import org.neardup.options.PendingOutput;
import org.neardup.options.PipelineMixin;
import org.neardup.options.UsageException;
import org.neardup.options.ValueCandidates;
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
          "Remove all but one member of each connected component of the pairs (the --keep choice)"
              + " instead.")
  boolean components;

  @Option(
      names = "--annotate",
      description =
          "Write every record, the removed ones too, each with two fields added: the id of the kept"
              + " record it duplicates and their similarity (both empty for a kept record): the"
              + " last two columns of TSV, LINES and CSV (named duplicate_of and similarity in a"
              + " CSV header), members \"duplicate_of\" and \"similarity\" of a JSON Lines or JSON"
              + " array object (null for a kept record), columns duplicate_of and similarity at the"
              + " end of a Parquet schema (null for a kept row), a list "
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

  @Override
  public Integer call() throws IOException {
    OutputMixin.requireFile(output, "the deduplicated copy");
    OutputMixin.requireFile(removed, "--removed");
    OutputMixin.requireFile(rejects, "--rejects");
    if (annotate && components) {
      throw new UsageException(
          "--annotate names each removed record's kept record and their similarity, which"
              + " components do not have: drop --components");
    }
    var policy = ClustersCommand.parseKeep(keep);
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
    PipelineConfig config = pipeline.config();
    // The outputs named are checked and opened before any work, so that an unusable one is reported
    // at once.
    Path defaultRejects = rejects == null ? rejectsBeside(output) : null;
    Map<String, Path> outputs = new LinkedHashMap<>();
    outputs.put("-o", output);
    outputs.put("--removed", removed);
    outputs.put(
        rejects != null ? "--rejects" : "the rejects file",
        rejects != null ? rejects : defaultRejects);
    OutputPaths.checkDistinct(outputs);
    DedupWriter writer = new DedupWriter(input, spec.commandLine().getOut(), directory);
    Plan plan;
    long kept;
    input.checkInputs();
    try (PendingOutput clean = writer.open(output);
        PendingOutput removedTarget = removed == null ? null : writer.open(removed);
        PendingOutput rejectsTarget = rejects == null ? null : writer.open(rejects);
        InputSnapshot snapshot = input.checkRereadable()) {
      warnOfMisnamedOutputs(); // once the command line is known to be good
      plan = plan(config, policy);
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
      }
      if (!quiet) {
        summarize(plan, kept, rejectsWritten ? (rejects != null ? rejects : defaultRejects) : null);
      }
    }
    return ExitCodes.OK;
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
        "neardup: %s %s, removed %s in %s -> %s%n",
        annotate ? "wrote" : "kept",
        Formats.count(kept, "record"),
        Formats.count(removedCount, "duplicate"),
        Formats.count(plan.groups(), "cluster"),
        output);
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
   * What to write, per input (indexed like {@code input.inputs}): the record indexes removed, each
   * with its annotation, and those skipped as bad.
   */
  private record Plan(
      int groups, List<Map<Long, Annotation>> removedAnnotations, List<Set<Long>> rejected) {
    List<Set<Long>> dropped() {
      return removedAnnotations.stream().map(Map::keySet).toList();
    }

    List<LongFunction<Annotation>> annotations() {
      return removedAnnotations.stream()
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

  private Plan plan(PipelineConfig config, KeepPolicy policy) {
    try (PipelineRun run =
        PipelineRun.execute(input, pipeline, config, quiet, spec.commandLine().getErr())) {
      Corpus corpus = run.corpus;
      List<Map<Long, Annotation>> removedRecords = new ArrayList<>();
      List<Set<Long>> rejected = new ArrayList<>();
      Map<String, Integer> inputIndex = new HashMap<>();
      for (int i = 0; i < input.inputs.size(); i++) {
        removedRecords.add(new HashMap<>());
        rejected.add(new HashSet<>());
        inputIndex.putIfAbsent(input.inputs.get(i).toString(), i);
      }
      int groups;
      if (components) {
        List<Cluster> clusters = ClustersCommand.components(run, policy);
        for (Cluster cluster : clusters) {
          for (int member : cluster.members()) {
            if (member != cluster.representative()) {
              removedRecords
                  .get(inputOf(corpus, member, inputIndex))
                  .put(
                      corpus.recordIndex(member),
                      new Annotation(corpus.id(cluster.representative()), ""));
            }
          }
        }
        groups = clusters.size();
      } else {
        KeptSet kept = ClustersCommand.keptSet(run, policy);
        for (int i = 0; i < kept.documentCount(); i++) {
          if (!kept.isKept(i)) {
            removedRecords
                .get(inputOf(corpus, i, inputIndex))
                .put(
                    corpus.recordIndex(i),
                    new Annotation(
                        corpus.id(kept.matchOf(i)), Formats.similarity(kept.similarityOf(i))));
          }
        }
        groups = kept.groups().size();
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
      return new Plan(groups, removedRecords, rejected);
    }
  }

  private static String fileName(Path path) {
    return path.getFileName() == null ? "" : path.getFileName().toString();
  }

  private static int inputOf(Corpus corpus, int ordinal, Map<String, Integer> inputIndex) {
    return inputIndex.get(corpus.sources().get(corpus.sourceIndex(ordinal)));
  }
}
