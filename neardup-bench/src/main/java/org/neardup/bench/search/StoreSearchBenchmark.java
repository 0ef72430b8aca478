package org.neardup.bench.search;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import org.neardup.config.PipelineConfig;
import org.neardup.index.IndexSettings;
import org.neardup.index.NearDupIndex;
import org.neardup.index.SearchSettings;
import org.neardup.server.store.IndexDirectory;
import org.neardup.shingle.ShingleConfig;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The threshold query, top-10 and containment (of the document in others) on the service's
 * persistent index (RocksDB, as {@code ./neardup serve} opens it), for documents of the corpus: the
 * median of each over the queries, for a few rounds. A corpus file of one text a line; the index is
 * built in {@code --data} on the first run and reused after.
 */
@Command(
    name = "store-search-bench",
    mixinStandardHelpOptions = true,
    description = "Threshold query, top-10 and containment on the persistent index.")
public final class StoreSearchBenchmark implements Callable<Integer> {
  @Option(names = "--lines", required = true, description = "Corpus: one text a line.")
  Path lines;

  @Option(
      names = "--data",
      required = true,
      description = "Index directory (made on the first run).")
  Path data;

  @Option(names = "--shingle", defaultValue = "char:5", description = "Shingles.")
  String shingle;

  @Option(names = "--queries", defaultValue = "300", description = "Random documents queried.")
  int queries;

  @Option(names = "--rounds", defaultValue = "4", description = "Rounds; each prints its medians.")
  int rounds;

  public static void main(String[] args) {
    System.exit(new CommandLine(new StoreSearchBenchmark()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    List<String> texts = Files.readAllLines(lines);
    PipelineConfig config = PipelineConfig.builder().shingle(ShingleConfig.parse(shingle)).build();
    IndexSettings settings = IndexSettings.of(config, false, new SearchSettings(0.3, 4));
    try (IndexDirectory directory =
        IndexDirectory.open(
            data, new IndexDirectory.Options(settings, true, false, 256L << 20, 2))) {
      NearDupIndex<String> index = directory.index();
      if (index.size() == 0) {
        for (int d = 0; d < texts.size(); d++) {
          index.add("d" + d, texts.get(d));
        }
      }
      int[] sample = new SplittableRandom(42).ints(queries, 0, texts.size()).toArray();
      for (int round = 0; round < rounds; round++) {
        double[] threshold = new double[sample.length];
        double[] top = new double[sample.length];
        double[] containing = new double[sample.length];
        for (int i = 0; i < sample.length; i++) {
          String text = texts.get(sample[i]);
          long t0 = System.nanoTime();
          index.query(text);
          long t1 = System.nanoTime();
          index.top(text, 11);
          long t2 = System.nanoTime();
          index.containing(text, 10);
          long t3 = System.nanoTime();
          threshold[i] = (t1 - t0) / 1e3;
          top[i] = (t2 - t1) / 1e3;
          containing[i] = (t3 - t2) / 1e3;
        }
        Arrays.sort(threshold);
        Arrays.sort(top);
        Arrays.sort(containing);
        double q = threshold[sample.length / 2];
        double t = top[sample.length / 2];
        double c = containing[sample.length / 2];
        System.out.printf(
            Locale.ROOT,
            "round %d: threshold query %.1f µs, top(text, 10) %.1f µs, %.2f×, containing(text) %.1f"
                + " µs, %.2f×%n",
            round,
            q,
            t,
            t / q,
            c,
            c / q);
      }
    }
    return 0;
  }
}
