package org.neardup.bench.search;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import org.neardup.config.PipelineConfig;
import org.neardup.eval.TopKRecall;
import org.neardup.index.BucketSpace;
import org.neardup.index.InMemoryStorage;
import org.neardup.index.Match;
import org.neardup.index.NearDupIndex;
import org.neardup.index.SearchSettings;
import org.neardup.input.Document;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;
import org.neardup.io.DocumentReader;
import org.neardup.io.DocumentReaders;
import org.neardup.io.InputFormat;
import org.neardup.io.InputOptions;
import org.neardup.search.ExactTopK;
import org.neardup.search.TopKCollector;
import org.neardup.shingle.ShingleConfig;
import org.neardup.sketch.Sketch;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;
import org.neardup.verify.Containment;
import org.neardup.verify.Jaccard;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Top-k and containment queries against the threshold query, on one in-memory index of a corpus
 * built for all three ({@link SearchSettings}): the median time a query (sketching the text
 * included, as a caller pays it) over seeded random documents, interleaved so that the three kinds
 * share the machine's noise; recall@10 against the exact top 10 (brute force over the sets) over
 * the queries whose 10th neighbour reaches the floor; containment recall and precision against
 * brute force for passages (planted excerpts, or middle runs of 10–50% of a document's words) and
 * whole documents; and the heap each bucket space takes a document. Prints Markdown.
 *
 * <pre>
 * java -cp neardup-bench/target/benchmarks.jar org.neardup.bench.search.SearchBenchmark \
 *   --generate 20000 --max-copies 20 --max-edit-rate 0.6 --excerpts 0.2 --queries 400 --repeat 5
 * java -cp neardup-bench/target/benchmarks.jar org.neardup.bench.search.SearchBenchmark \
 *   --input ../shared/data/articles/articles_2500.train --format lines --shingle char:9
 * </pre>
 */
@Command(
    name = "search-bench",
    mixinStandardHelpOptions = true,
    description = "Top-k and containment queries vs the threshold query.")
public final class SearchBenchmark implements Callable<Integer> {
  @Option(
      names = "--generate",
      description =
          "Generate this many documents (CorpusGenerator, seed --seed) instead of --input.")
  Integer generate;

  @Option(
      names = "--max-copies",
      defaultValue = "20",
      description = "Generated: most copies of an original.")
  int maxCopies;

  @Option(
      names = "--max-edit-rate",
      defaultValue = "0.6",
      description = "Generated: highest edit rate of a copy.")
  double maxEditRate;

  @Option(
      names = "--duplicate-fraction",
      defaultValue = "0.3",
      description = "Generated: share of originals with copies.")
  double duplicateFraction;

  @Option(names = "--min-words", defaultValue = "15", description = "Generated: shortest original.")
  int minWords;

  @Option(names = "--max-words", defaultValue = "120", description = "Generated: longest original.")
  int maxWords;

  @Option(
      names = "--excerpts",
      defaultValue = "0.2",
      description = "Generated: share of originals with a planted excerpt.")
  double excerpts;

  @Option(names = "--seed", defaultValue = "42", description = "Generator and query-sample seed.")
  long seed;

  @Option(names = "--input", description = "A corpus file instead of --generate.")
  Path input;

  @Option(names = "--format", defaultValue = "tsv", description = "tsv, lines, csv, jsonl.")
  String format;

  @Option(
      names = "--delimiter",
      defaultValue = ",",
      description = "CSV delimiter ('tab' for a tab).")
  String delimiter;

  @Option(names = "--text-field", description = "CSV/JSON text fields.")
  List<String> textFields;

  @Option(names = "--shingle", defaultValue = "char:5", description = "Shingles.")
  String shingle;

  @Option(
      names = "--threshold",
      defaultValue = "0.8",
      description = "The index's threshold (of the threshold query).")
  double threshold;

  @Option(names = "--floor", defaultValue = "0.3", description = "Top-k floor.")
  double floor;

  @Option(
      names = "--query-floor",
      description = "The floor of each top-k query, at least --floor. Default: --floor.")
  Double queryFloor;

  @Option(names = "--sampling", defaultValue = "4", description = "Containment sampling.")
  int sampling;

  @Option(names = "--queries", defaultValue = "400", description = "Random documents queried.")
  int queries;

  @Option(
      names = "--repeat",
      defaultValue = "5",
      description = "Timed rounds; the median round is reported.")
  int repeat;

  private static final int K = 10;

  /** The floor of each top-k query. */
  private double lowest() {
    return queryFloor == null ? floor : queryFloor;
  }

  public static void main(String[] args) {
    System.exit(new CommandLine(new SearchBenchmark()).execute(args));
  }

  @Override
  public Integer call() throws IOException {
    List<String> texts = new ArrayList<>();
    List<String> passages = new ArrayList<>();
    String corpusName = load(texts, passages);
    PipelineConfig config =
        PipelineConfig.builder().shingle(ShingleConfig.parse(shingle)).threshold(threshold).build();
    InMemoryStorage<Integer> storage =
        new InMemoryStorage<>(texts.size(), config.lshParams().bands());
    NearDupIndex<Integer> index =
        NearDupIndex.over(config, new SearchSettings(floor, sampling), storage);
    long[][] sets = new long[texts.size()][];
    long setBytes = 0;
    for (int d = 0; d < texts.size(); d++) {
      Sketch sketch = index.sketcher().sketch(texts.get(d));
      sets[d] = sketch.shingleSet();
      setBytes += 8L * sets[d].length;
      if (!sketch.isEmpty()) {
        index.add(d, sketch);
      }
    }
    int n = texts.size();
    SplittableRandom random = new SplittableRandom(seed);
    int[] sample = random.ints(Math.min(queries, n), 0, n).toArray();
    List<String> containmentQueries = new ArrayList<>(passages);
    if (containmentQueries.isEmpty()) {
      for (int d : sample) {
        containmentQueries.add(middlePassage(texts.get(d), random));
      }
    }
    containmentQueries =
        containmentQueries.subList(0, Math.min(containmentQueries.size(), sample.length));

    // exactness and recall (once, untimed)
    double lowest = lowest();
    boolean[] inPopulation = new boolean[sample.length];
    double recall = 0;
    int population = 0;
    for (int i = 0; i < sample.length; i++) {
      int self = sample[i];
      List<TopKCollector.Found> exact = ExactTopK.of(sets, sets[self], K, d -> d == self);
      List<Double> found = new ArrayList<>();
      for (Match<Integer> match : index.top(texts.get(self), K + 1, lowest)) {
        if (match.key() != self && found.size() < K) {
          if (match.similarity() != Jaccard.similarity(sets[self], sets[match.key()])) {
            throw new IllegalStateException("a similarity that is not exact, query " + self);
          }
          found.add(match.similarity());
        }
      }
      if (exact.size() == K && exact.get(K - 1).similarity() >= lowest) {
        inPopulation[i] = true;
        population++;
        recall +=
            TopKRecall.of(exact.stream().map(TopKCollector.Found::similarity).toList(), found);
      }
    }
    long truth = 0;
    long foundTrue = 0;
    long foundFalse = 0;
    for (String passage : containmentQueries) {
      long[] q = index.sketcher().sketch(passage).shingleSet();
      List<Match<Integer>> found = index.containing(passage, Integer.MAX_VALUE);
      for (Match<Integer> match : found) {
        if (Containment.of(q, sets[match.key()]) == match.similarity()
            && match.similarity() >= config.threshold()) {
          foundTrue++;
        } else {
          foundFalse++;
        }
      }
      for (long[] set : sets) {
        truth += Containment.of(q, set) >= config.threshold() ? 1 : 0;
      }
    }

    // timing: rounds of interleaved queries
    double[][] rounds = new double[repeat][];
    for (int r = 0; r < repeat; r++) {
      rounds[r] = timeRound(index, texts, sample, containmentQueries, inPopulation);
    }
    double[] median = medianRound(rounds);

    System.out.printf(
        Locale.ROOT,
        "corpus: %s, %,d documents, shingle %s, threshold %s, floor %s (queries down to %s),"
            + " sampling 1 in %d; %d queries, median of %d rounds%n%n",
        corpusName,
        n,
        shingle,
        config.threshold(),
        floor,
        lowest,
        sampling,
        sample.length,
        repeat);
    System.out.println("| query | median µs | vs threshold query |");
    System.out.println("|---|---|---|");
    String[] names = {
      "threshold query(text) (all sampled documents)",
      "top(text, 10) (all sampled documents)",
      "threshold query(text) (10th neighbour >= floor)",
      "top(text, 10) (10th neighbour >= floor)",
      "containing(passage) (passages)",
      "threshold query(passage) (same passages)"
    };
    double[] baselines = {median[0], median[0], median[2], median[2], median[5], median[5]};
    for (int i = 0; i < names.length; i++) {
      System.out.printf(
          Locale.ROOT, "| %s | %.1f | %.2f× |%n", names[i], median[i], median[i] / baselines[i]);
    }
    System.out.printf(
        Locale.ROOT,
        "%nrecall@10 over the %d queries whose 10th neighbour has J >= %s: %.4f (every similarity"
            + " exact)%n",
        population,
        lowest,
        population == 0 ? Double.NaN : recall / population);
    System.out.printf(
        Locale.ROOT,
        "containment over %d passages: %d of %d exact pairs found (recall %.4f), %d wrong"
            + " (precision %.4f)%n",
        containmentQueries.size(),
        foundTrue,
        truth,
        truth == 0 ? 1.0 : (double) foundTrue / truth,
        foundFalse,
        foundTrue + foundFalse == 0 ? 1.0 : (double) foundTrue / (foundTrue + foundFalse));
    System.out.printf(
        Locale.ROOT,
        "%nheap a document: threshold buckets %.0f B, top-k buckets %.0f B, containment postings"
            + " %.0f B; shingle sets %.0f B, signatures %d B%n",
        (double) storage.memoryBytes(BucketSpace.THRESHOLD) / n,
        (double) storage.memoryBytes(BucketSpace.TOP_K) / n,
        (double) storage.memoryBytes(BucketSpace.CONTAINMENT) / n,
        (double) setBytes / n,
        4 * config.minHash().numPermutations());
    System.out.printf(
        Locale.ROOT,
        "entries a document: threshold %.1f, top-k %.1f, containment %.1f%n",
        (double) storage.entries(BucketSpace.THRESHOLD) / n,
        (double) storage.entries(BucketSpace.TOP_K) / n,
        (double) storage.entries(BucketSpace.CONTAINMENT) / n);
    return 0;
  }

  private String load(List<String> texts, List<String> passages) throws IOException {
    if (generate != null) {
      GeneratedCorpus corpus =
          new CorpusGenerator(
                  generate, duplicateFraction, maxCopies, maxEditRate, minWords, maxWords, seed)
              .withExcerpts(excerpts, 0.05)
              .generate();
      texts.addAll(corpus.texts());
      for (int[] excerpt : corpus.excerpts()) {
        passages.add(corpus.texts().get(excerpt[0]));
      }
      return String.format(
          Locale.ROOT,
          "generated (seed %d, copies up to %d at edit rates up to %s, excerpts %s)",
          seed,
          maxCopies,
          maxEditRate,
          excerpts);
    }
    char separator = delimiter.equalsIgnoreCase("tab") ? '\t' : delimiter.charAt(0);
    InputOptions options = new InputOptions(InputFormat.parse(format), separator, null, textFields);
    try (DocumentReader reader =
        DocumentReaders.open(input, options, new InputProblems(OnError.SKIP))) {
      for (Document document; (document = reader.next()) != null; ) {
        texts.add(document.text());
      }
    }
    return input.getFileName().toString();
  }

  /** A run of 10–50% of the words of {@code text}, starting anywhere. */
  private static String middlePassage(String text, SplittableRandom random) {
    String[] words = text.split("\\s+");
    int length = Math.max(1, (int) Math.round(words.length * (0.1 + 0.4 * random.nextDouble())));
    int start = random.nextInt(words.length - length + 1);
    return String.join(" ", Arrays.copyOfRange(words, start, start + length));
  }

  /** One round: each query's kinds back to back; the median µs of each kind. */
  private double[] timeRound(
      NearDupIndex<Integer> index,
      List<String> texts,
      int[] sample,
      List<String> passages,
      boolean[] inPopulation) {
    List<List<Double>> times = new ArrayList<>();
    for (int kind = 0; kind < 6; kind++) {
      times.add(new ArrayList<>());
    }
    for (int i = 0; i < sample.length; i++) {
      String text = texts.get(sample[i]);
      long t0 = System.nanoTime();
      index.query(text);
      long t1 = System.nanoTime();
      index.top(text, K + 1, lowest());
      long t2 = System.nanoTime();
      times.get(0).add((t1 - t0) / 1e3);
      times.get(1).add((t2 - t1) / 1e3);
      if (inPopulation[i]) {
        times.get(2).add((t1 - t0) / 1e3);
        times.get(3).add((t2 - t1) / 1e3);
      }
      if (i < passages.size()) {
        String passage = passages.get(i);
        long t3 = System.nanoTime();
        index.containing(passage, 100);
        long t4 = System.nanoTime();
        index.query(passage);
        long t5 = System.nanoTime();
        times.get(4).add((t4 - t3) / 1e3);
        times.get(5).add((t5 - t4) / 1e3);
      }
    }
    double[] medians = new double[6];
    for (int kind = 0; kind < 6; kind++) {
      medians[kind] = median(times.get(kind));
    }
    return medians;
  }

  private static double median(List<Double> values) {
    if (values.isEmpty()) {
      return Double.NaN;
    }
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    return sorted[sorted.length / 2];
  }

  /** Each kind's median over the rounds. */
  private static double[] medianRound(double[][] rounds) {
    double[] result = new double[rounds[0].length];
    for (int kind = 0; kind < result.length; kind++) {
      double[] values = new double[rounds.length];
      for (int r = 0; r < rounds.length; r++) {
        values[r] = rounds[r][kind];
      }
      Arrays.sort(values);
      result[kind] = values[values.length / 2];
    }
    return result;
  }
}
