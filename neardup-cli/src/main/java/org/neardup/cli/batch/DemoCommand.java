package org.neardup.cli.batch;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.PairResult;
import org.neardup.batch.reference.ReferencePairs;
import org.neardup.cli.ExitCodes;
import org.neardup.cli.PipelineRun;
import org.neardup.cli.tune.StringShingles;
import org.neardup.eval.Evaluation;
import org.neardup.eval.IdPair;
import org.neardup.eval.PairEvaluator;
import org.neardup.options.OutputTarget;
import org.neardup.options.TempFiles;
import org.neardup.options.UsageException;
import org.neardup.shingle.ShingleConfig;
import org.neardup.sort.SpillFile;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;
import org.neardup.text.Normalizer;
import org.neardup.verify.SimilarPair;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code neardup demo}: the whole pipeline on a generated corpus with planted near-duplicates. */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description = {
      "Runs the whole pipeline on a generated corpus and scores it.",
      "Generates a corpus with planted near-duplicates of graded similarity, finds its pairs with"
          + " the default settings, and scores them against the planted truth (computed"
          + " independently, on string shingles) and against the exact all-pairs join. With --dir,"
          + " leaves corpus.tsv, pairs.tsv and truth.tsv there; without, works in a temporary"
          + " directory that it deletes."
    })
public final class DemoCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--documents",
      paramLabel = "N",
      defaultValue = "5000",
      description = "Corpus size. Default: ${DEFAULT-VALUE}.")
  int documents;

  @Option(
      names = "--seed",
      paramLabel = "SEED",
      defaultValue = "42",
      description = "Generator seed. Default: ${DEFAULT-VALUE}.")
  long seed;

  @Option(
      names = "--dir",
      paramLabel = "DIR",
      description =
          "Where to write the corpus and results, and leave them. Default: a temporary directory,"
              + " deleted at the end.")
  Path dir;

  @Override
  public Integer call() throws IOException {
    if (documents < 2 || documents > 1_000_000) {
      throw new UsageException("--documents must be in [2, 1000000], got " + documents);
    }
    if (dir != null && Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new UsageException("--dir " + dir + ": not a directory");
    }
    if (dir != null) {
      run(Files.createDirectories(dir), true);
      return ExitCodes.OK;
    }
    Path temporary = SpillFile.directoryOf(null).resolve(temporaryName());
    TempFiles.create(temporary, () -> Files.createDirectory(temporary));
    try {
      run(temporary, false);
    } finally {
      TempFiles.discard(temporary);
    }
    return ExitCodes.OK;
  }

  private static String temporaryName() {
    return "neardup-demo-" + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36);
  }

  /** The demo in {@code workDir}; {@code kept} when its files stay there. */
  private void run(Path workDir, boolean kept) throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    GeneratedCorpus generated =
        new CorpusGenerator(documents, 0.3, 3, 0.25, 15, 120, seed).generate();
    Path corpusFile = workDir.resolve("corpus.tsv");
    writeCorpus(generated, corpusFile);
    out.printf(
        Locale.ROOT,
        "Generated %,d documents (%,d families of near-duplicates) -> %s%n",
        generated.size(),
        generated.families().size(),
        kept ? corpusFile : corpusFile + " (temporary)");

    // Exactly what `neardup pairs corpus.tsv` would do: its options, parsed with their defaults.
    PairsCommand pairs =
        new picocli.CommandLine(new PairsCommand())
            .parseArgs(corpusFile.toString())
            .commandSpec()
            .commandLine()
            .getCommand();
    long started = System.nanoTime();
    try (PipelineRun lsh =
        PipelineRun.execute(
            pairs.input,
            pairs.pipeline,
            pairs.pipeline.config(),
            true,
            spec.commandLine().getErr())) {
      report(out, generated, lsh, (System.nanoTime() - started) / 1e9, workDir);
    }
    tryItYourself(out, workDir, kept);
  }

  /**
   * The commands that do what the demo did: on its files when {@code kept}, else on the same corpus
   * generated again (the demo's files are gone).
   */
  private void tryItYourself(PrintWriter out, Path workDir, boolean kept) {
    if (kept) {
      out.printf(
          Locale.ROOT,
          "%nTry it yourself:%n  ./neardup pairs %s > pairs.tsv%n  ./neardup eval --truth %s"
              + " --found pairs.tsv%n",
          workDir.resolve("corpus.tsv"),
          workDir.resolve("truth.tsv"));
    } else {
      out.printf(
          Locale.ROOT,
          "%nTry it yourself (the same corpus; the demo's own files were in a temporary directory,"
              + " now deleted: --dir DIR keeps them):%n"
              + "  ./neardup generate --documents %d --seed %d -o corpus.tsv%n"
              + "  ./neardup pairs corpus.tsv > pairs.tsv%n"
              + "  ./neardup pairs --exact corpus.tsv > truth.tsv%n"
              + "  ./neardup eval --truth truth.tsv --found pairs.tsv%n",
          documents,
          seed);
    }
    out.flush();
  }

  private static void report(
      PrintWriter out, GeneratedCorpus generated, PipelineRun lsh, double lshSeconds, Path workDir)
      throws IOException {
    Corpus corpus = lsh.corpus;
    PairResult exact =
        org.neardup.batch.PairFinder.exact(corpus, org.neardup.batch.corpus.Progress.NONE);

    Set<IdPair> found = idPairs(corpus, lsh.result.pairs());
    Set<IdPair> exactPairs = idPairs(corpus, exact.pairs());
    Map<IdPair, Double> planted =
        plantedTruth(
            generated,
            lsh.config.shingle(),
            new Normalizer(lsh.config.normalizer()),
            lsh.config.threshold());
    writePairs(corpus, lsh.result.pairs(), workDir.resolve("pairs.tsv"));
    writePairs(corpus, exact.pairs(), workDir.resolve("truth.tsv"));

    out.printf(
        Locale.ROOT,
        "Settings: threshold 0.8, shingle char:5, 128-value MinHash, %s (chosen for recall >="
            + " 0.99)%n",
        lsh.result.lshParams());
    out.printf(
        Locale.ROOT,
        "LSH found %,d pairs from %,d candidate pairs in %.2f s%n",
        found.size(),
        lsh.result.candidatePairs(),
        lshSeconds);
    Evaluation vsPlanted = PairEvaluator.evaluate(planted.keySet(), found);
    out.printf(
        Locale.ROOT,
        "Against the planted truth (%d pairs with J >= 0.8): precision %.4f, recall %.4f%n",
        planted.size(),
        vsPlanted.precision(),
        vsPlanted.recall());
    Evaluation vsExact = PairEvaluator.evaluate(exactPairs, found);
    out.printf(
        Locale.ROOT,
        "Against the exact all-pairs join (%d pairs): precision %.4f, recall %.4f%n",
        exactPairs.size(),
        vsExact.precision(),
        vsExact.recall());
    Map<IdPair, Double> exactWithSimilarity = new HashMap<>();
    for (SimilarPair pair : exact.pairs()) {
      exactWithSimilarity.put(
          IdPair.of(corpus.id(pair.first()), corpus.id(pair.second())), pair.similarity());
    }
    EvalCommand.printBands(out, PairEvaluator.recallByBand(exactWithSimilarity, found, 0.8, 0.05));
    printExamples(out, generated, lsh.result.pairs(), corpus);
  }

  /** Written like every output: through a temporary file, renamed when complete. */
  private static void writeCorpus(GeneratedCorpus generated, Path file) throws IOException {
    try (OutputTarget target = OutputTarget.open(file, null, List.of())) {
      Writer writer = target.writer();
      for (int i = 0; i < generated.size(); i++) {
        writer.write(generated.ids().get(i));
        writer.write('\t');
        writer.write(generated.texts().get(i));
        writer.write('\n');
      }
      target.commit();
    }
  }

  private static void writePairs(Corpus corpus, List<SimilarPair> pairs, Path file)
      throws IOException {
    try (OutputTarget target = OutputTarget.open(file, null, List.of())) {
      PairsCommand.write(corpus, pairs, ReferencePairs.none(), target.writer());
      target.commit();
    }
  }

  private static Set<IdPair> idPairs(Corpus corpus, List<SimilarPair> pairs) {
    Set<IdPair> ids = new HashSet<>();
    for (SimilarPair pair : pairs) {
      ids.add(IdPair.of(corpus.id(pair.first()), corpus.id(pair.second())));
    }
    return ids;
  }

  /**
   * Pairs within a planted family whose Jaccard similarity, computed on sets of shingle strings (no
   * hashing, no MinHash), is at least the threshold.
   */
  static Map<IdPair, Double> plantedTruth(
      GeneratedCorpus generated, ShingleConfig shingle, Normalizer normalizer, double threshold) {
    Map<IdPair, Double> truth = new HashMap<>();
    for (int[] family : generated.families()) {
      for (int a = 0; a < family.length; a++) {
        Set<String> setA =
            StringShingles.of(normalizer.normalize(generated.texts().get(family[a])), shingle);
        for (int b = a + 1; b < family.length; b++) {
          Set<String> setB =
              StringShingles.of(normalizer.normalize(generated.texts().get(family[b])), shingle);
          double similarity = StringShingles.jaccard(setA, setB);
          if (similarity >= threshold) {
            truth.put(
                IdPair.of(generated.ids().get(family[a]), generated.ids().get(family[b])),
                similarity);
          }
        }
      }
    }
    return truth;
  }

  private static void printExamples(
      PrintWriter out, GeneratedCorpus generated, List<SimilarPair> pairs, Corpus corpus) {
    Map<String, Integer> index = new HashMap<>();
    for (int i = 0; i < generated.size(); i++) index.put(generated.ids().get(i), i);
    out.println("Examples near the threshold:");
    pairs.stream()
        .filter(p -> p.similarity() < 0.85)
        .limit(2)
        .forEach(
            p -> {
              out.printf(
                  Locale.ROOT,
                  "  %s ~ %s  J=%.4f%n",
                  corpus.id(p.first()),
                  corpus.id(p.second()),
                  p.similarity());
              out.printf(
                  Locale.ROOT,
                  "    %s%n",
                  snippet(generated.texts().get(index.get(corpus.id(p.first())))));
              out.printf(
                  Locale.ROOT,
                  "    %s%n",
                  snippet(generated.texts().get(index.get(corpus.id(p.second())))));
            });
  }

  private static String snippet(String text) {
    return text.length() <= 100 ? text : text.substring(0, 100) + "...";
  }
}
