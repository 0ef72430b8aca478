package org.neardup.cli.search;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.neardup.batch.corpus.Corpus;
import org.neardup.cli.ContainmentRun;
import org.neardup.cli.ExitCodes;
import org.neardup.cli.PipelineRun;
import org.neardup.cli.SkipLog;
import org.neardup.cli.TerminalProgress;
import org.neardup.config.PipelineConfig;
import org.neardup.index.Match;
import org.neardup.index.NearDupIndex;
import org.neardup.index.SearchSettings;
import org.neardup.input.Document;
import org.neardup.input.InputProblems;
import org.neardup.io.DocumentReader;
import org.neardup.io.DocumentReaders;
import org.neardup.options.Formats;
import org.neardup.options.InputMixin;
import org.neardup.options.MeasureMixin;
import org.neardup.options.OutputMixin;
import org.neardup.options.OutputTarget;
import org.neardup.options.PipelineMixin;
import org.neardup.options.UsageException;
import org.neardup.search.ExactTopK;
import org.neardup.search.TopKCollector;
import org.neardup.sketch.Sketch;
import org.neardup.verify.Containment;
import org.neardup.verify.VerifyMode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code neardup similar}: the k most similar documents of INPUT to each query, or those containing
 * it.
 */
@Command(
    name = "similar",
    mixinStandardHelpOptions = true,
    description = {
      "Finds the K documents of INPUT most similar to each query (exact Jaccard, down to --floor),"
          + " or with --measure containment those that contain the query (|Q ∩ X| / |Q| >= T,"
          + " exact).",
      "Queries: --text TEXT, --id ID (a document of INPUT, left out of its own answer) or --queries"
          + " FILE (documents read like INPUT), each repeatable. Writes one"
          + " query<TAB>id<TAB>similarity line an answer, best first for each query (ties in input"
          + " order), queries in the order given (--text queries are named text1, text2, ...)."
          + " --exact answers by brute force, for reference."
    })
public final class SimilarCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin InputMixin input;
  @Mixin PipelineMixin pipeline;
  @Mixin MeasureMixin measure;
  @Mixin OutputMixin output;

  @Option(
      names = "--top",
      paramLabel = "K",
      defaultValue = "10",
      description =
          "Answers a query (the most similar, or most contained). Default: ${DEFAULT-VALUE}.")
  int top;

  @Option(
      names = "--floor",
      paramLabel = "F",
      defaultValue = "" + SearchSettings.DEFAULT_TOP_K_FLOOR,
      description =
          "Jaccard: the lowest similarity answered; every document at or above it is found with"
              + " probability >= --target-recall. Below the threshold. Default: ${DEFAULT-VALUE}.")
  double floor;

  @Option(names = "--text", paramLabel = "TEXT", description = "A query text.")
  List<String> texts = List.of();

  @Option(names = "--id", paramLabel = "ID", description = "A document of INPUT as the query.")
  List<String> ids = List.of();

  @Option(
      names = "--queries",
      paramLabel = "FILE",
      description = "A file of query documents, in an input format.")
  List<Path> queryFiles = List.of();

  private long[][] sets; // every shingle set of INPUT, read once for --exact

  /** One query: its name, its sketch, and the ordinal of INPUT it must not answer (-1: none). */
  private record Query(String name, Sketch sketch, int self) {}

  @Override
  public Integer call() throws IOException {
    boolean containment = measure.containment();
    if (top < 1) {
      throw new UsageException("--top must be at least 1, got " + top);
    }
    if (texts.isEmpty() && ids.isEmpty() && queryFiles.isEmpty()) {
      throw new UsageException("similar needs a query: --text TEXT, --id ID or --queries FILE");
    }
    if (input.paths().isEmpty()) {
      throw new UsageException("missing INPUT");
    }
    PipelineConfig config = pipeline.config();
    PrintWriter warnings = spec.commandLine().getErr();
    pipeline.warnUnused(
        warnings,
        "similar",
        "its queries search an index of the input; --exact answers them by brute force",
        "--lsh",
        "--max-candidates");
    if (containment) {
      pipeline.warnUnused(
          warnings,
          "similar --measure containment",
          ContainmentRun.NO_BANDING,
          "--bands",
          "--rows");
    } else {
      pipeline.warnBandingUnusedByExact(warnings);
    }
    if (containment && config.verify() != VerifyMode.EXACT) {
      throw new UsageException(
          "--measure containment needs shingle sets: --estimate does not go with it");
    }
    if (pipeline.exact && config.verify() != VerifyMode.EXACT) {
      throw new UsageException("--exact and --estimate exclude each other");
    }
    SearchSettings search;
    try {
      search =
          containment ? SearchSettings.containment(measure.sampling()) : SearchSettings.topK(floor);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage().replace("top-k floor", "--floor"));
    }
    if (!containment && floor >= config.threshold()) {
      throw new UsageException(
          "--floor must be below the threshold ("
              + Formats.plain(config.threshold())
              + "), got "
              + Formats.plain(floor)
              + "; at or above it, use 'pairs' or the index's query");
    }
    input.checkInputs();
    var err = spec.commandLine().getErr();
    SkipLog skips = new SkipLog(input.verbose, err);
    InputProblems problems = skips.problems(input.onErrorPolicy());
    long started = System.nanoTime();
    try (OutputTarget target = output.open(spec, inputsAndQueries());
        Corpus corpus =
            PipelineRun.read(
                input,
                config,
                problems,
                TerminalProgress.create(output.quiet),
                output.quiet,
                err)) {
      PipelineRun.warnShortDocuments(err, config, corpus);
      NearDupIndex<Integer> index = NearDupIndex.inMemory(config, search);
      for (int d = 0; d < corpus.size(); d++) {
        index.add(d, sketchOf(corpus, d));
      }
      List<Query> queries = queries(corpus, index);
      long indexed = System.nanoTime();
      int answers = 0;
      List<String> unanswered = new ArrayList<>();
      for (Query query : queries) {
        int written =
            answer(query, corpus, index, containment, config.threshold(), target.writer());
        answers += written;
        if (written == 0) {
          unanswered.add(query.name());
        }
      }
      target.commit();
      skips.print(problems);
      sayUnanswered(
          err, unanswered, queries.size(), containment, config.threshold(), index.topKFloor());
      if (!output.quiet) {
        summarize(
            spec.commandLine().getErr(),
            index,
            corpus.size(),
            queries.size(),
            answers,
            containment,
            (indexed - started) / 1e9,
            (System.nanoTime() - indexed) / 1e9);
      }
    }
    return ExitCodes.OK;
  }

  /**
   * One line on stderr when queries found nothing (no document at or above the floor, or holding
   * the threshold of the query), naming the first few, so that an empty output is not mistaken for
   * a failure. Written with {@code --quiet} too, as warnings are.
   */
  private static void sayUnanswered(
      PrintWriter err,
      List<String> unanswered,
      int queries,
      boolean containment,
      double threshold,
      double floor) {
    if (unanswered.isEmpty()) {
      return;
    }
    int named = Math.min(5, unanswered.size());
    String names =
        String.join(", ", unanswered.subList(0, named))
            + (unanswered.size() > named ? ", ..." : "");
    String why =
        containment
            ? "no document holds "
                + Formats.plain(threshold)
                + " of it (a lower --threshold finds smaller overlaps)"
            : "no document has Jaccard similarity >= "
                + Formats.plain(floor)
                + " with it (a lower --floor finds less similar ones)";
    err.printf(
        Locale.ROOT,
        "neardup: no answer for %,d of %,d %s (%s): %s%n",
        unanswered.size(),
        queries,
        queries == 1 ? "query" : "queries",
        names,
        why);
    err.flush();
  }

  /** The inputs and query files: an output must be none of them. */
  private List<Path> inputsAndQueries() {
    List<Path> all = new ArrayList<>(input.paths());
    all.addAll(queryFiles);
    return all;
  }

  private static Sketch sketchOf(Corpus corpus, int ordinal) {
    long[] set = corpus.shingles(ordinal);
    return set == null
        ? Sketch.ofSignature(corpus.signature(ordinal))
        : Sketch.ofSet(set, corpus.signature(ordinal), -1);
  }

  private List<Query> queries(Corpus corpus, NearDupIndex<Integer> index) throws IOException {
    List<Query> queries = new ArrayList<>();
    for (int i = 0; i < texts.size(); i++) {
      Sketch sketch = index.sketcher().sketch(texts.get(i));
      if (sketch.isEmpty()) {
        throw new UsageException(
            "--text number " + (i + 1) + " is empty after normalization: nothing to compare");
      }
      queries.add(new Query("text" + (i + 1), sketch, -1));
    }
    if (!ids.isEmpty()) {
      Map<String, Integer> ordinals = new HashMap<>();
      for (int d = 0; d < corpus.size(); d++) {
        ordinals.put(corpus.id(d), d);
      }
      for (String id : ids) {
        Integer ordinal = ordinals.get(id);
        if (ordinal == null) {
          throw new UsageException(
              "unknown id '"
                  + id
                  + "': not among the "
                  + corpus.size()
                  + " documents of "
                  + String.join(", ", corpus.sources()));
        }
        queries.add(new Query(id, sketchOf(corpus, ordinal), ordinal));
      }
    }
    InputProblems problems = new InputProblems(input.onErrorPolicy());
    for (Path file : queryFiles) {
      try (DocumentReader reader = DocumentReaders.open(file, input.options(file), problems)) {
        for (Document document; (document = reader.next()) != null; ) {
          Sketch sketch = index.sketcher().sketch(document.text());
          if (!sketch.isEmpty()) {
            queries.add(new Query(document.id(), sketch, -1));
          }
        }
      }
    }
    return queries;
  }

  /** Writes the answers of one query; returns how many. */
  private int answer(
      Query query,
      Corpus corpus,
      NearDupIndex<Integer> index,
      boolean containment,
      double threshold,
      Writer out)
      throws IOException {
    int wanted = top + (query.self() >= 0 ? 1 : 0);
    List<Match<Integer>> matches;
    if (pipeline.exact) {
      matches =
          containment ? exactContaining(corpus, query, threshold) : exactTop(corpus, query, wanted);
    } else {
      matches =
          containment
              ? index.containing(query.sketch(), threshold, wanted)
              : index.top(query.sketch(), wanted);
    }
    int written = 0;
    for (Match<Integer> match : matches) {
      if (match.key() == query.self() || written == top) {
        continue;
      }
      out.write(query.name());
      out.write('\t');
      out.write(corpus.id(match.key()));
      out.write('\t');
      out.write(Formats.similarity(match.similarity()));
      out.write('\n');
      written++;
    }
    return written;
  }

  /** The exact top k by brute force, down to the floor as the index answers. */
  private List<Match<Integer>> exactTop(Corpus corpus, Query query, int wanted) {
    long[][] sets = allSets(corpus);
    List<Match<Integer>> matches = new ArrayList<>();
    for (TopKCollector.Found found :
        ExactTopK.of(sets, query.sketch().shingleSet(), wanted, i -> false)) {
      if (found.similarity() >= floor) {
        matches.add(new Match<>((int) found.handle(), found.similarity()));
      }
    }
    return matches;
  }

  /** Every document holding at least the threshold of the query, by brute force. */
  private List<Match<Integer>> exactContaining(Corpus corpus, Query query, double threshold) {
    long[][] sets = allSets(corpus);
    List<TopKCollector.Found> found = new ArrayList<>();
    long[] set = query.sketch().shingleSet();
    for (int d = 0; d < sets.length; d++) {
      double c = Containment.atLeast(set, sets[d], threshold);
      if (c >= 0) {
        found.add(new TopKCollector.Found(d, c));
      }
    }
    found.sort(TopKCollector.Found.BEST_FIRST);
    List<Match<Integer>> matches = new ArrayList<>();
    for (TopKCollector.Found f : found) {
      matches.add(new Match<>((int) f.handle(), f.similarity()));
    }
    return matches;
  }

  private long[][] allSets(Corpus corpus) {
    if (sets == null) {
      sets = new long[corpus.size()][];
      for (int d = 0; d < sets.length; d++) {
        sets[d] = corpus.shingles(d);
      }
    }
    return sets;
  }

  private void summarize(
      PrintWriter err,
      NearDupIndex<Integer> index,
      int documents,
      int queries,
      int answers,
      boolean containment,
      double indexSeconds,
      double querySeconds) {
    String how;
    if (containment) {
      how =
          String.format(
              Locale.ROOT,
              "containment >= %s, sample 1 in %d (P(found) >= %s for queries of %d+ shingles)",
              Formats.plain(index.config().threshold()),
              index.containmentPlan().orElseThrow().sample().rate(),
              Formats.plain(index.config().targetRecall()),
              index.containmentPlan().orElseThrow().minimumQuerySize());
    } else {
      how =
          String.format(
              Locale.ROOT,
              "top %d down to J = %s (floor banding %s)",
              top,
              Formats.plain(index.topKFloor()),
              index
                  .searchSettings()
                  .topKBanding(
                      index.config().minHash().numPermutations(), index.config().targetRecall())
                  .orElseThrow());
    }
    err.printf(
        Locale.ROOT,
        "neardup: %s indexed in %.1f s; %s%s; %s, %s in %.3f s%n",
        Formats.count(documents, "document"),
        indexSeconds,
        how,
        pipeline.exact ? " (answered by brute force)" : "",
        queries == 1 ? "1 query" : String.format(Locale.ROOT, "%,d queries", queries),
        Formats.count(answers, "answer"),
        querySeconds);
    err.flush();
  }
}
