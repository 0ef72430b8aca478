package org.neardup.bench.jmh;

import java.util.List;
import org.neardup.shingle.ShingleConfig;
import org.neardup.shingle.Shingler;
import org.neardup.text.Normalizer;
import org.neardup.text.NormalizerConfig;
import org.neardup.verify.Jaccard;
import org.neardup.verify.JaccardTable;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Verifying a pair from the two documents' shingle hashes as the shingler makes them (text order,
 * repeats included), at threshold 0.8, the two ways: sort each into its set and merge ({@code
 * Shingler.toSet} twice and {@code Jaccard.similarityAtLeast}), or put one in a table and look the
 * other up ({@code JaccardTable}, no sorting). One operation is one pair (the time of {@value
 * #PAIRS} different pairs divided by their number). Each pair is a document and a copy with every
 * 12th word replaced (J about 0.6 to 0.8: near the threshold, where verification's pairs are). The
 * documents: {@link BenchData.Documents}.
 */
@State(Scope.Thread)
@OperationsPerInvocation(PairVerificationBenchmark.PAIRS)
public class PairVerificationBenchmark extends KernelBenchmark {
  static final int PAIRS = 1000;

  @Param public BenchData.Documents source;

  private long[][] a;
  private long[][] b;

  @Setup
  public void setUp() {
    List<String> texts = source.texts(PAIRS);
    Normalizer normalizer = new Normalizer(NormalizerConfig.DEFAULT);
    Shingler shingler = new Shingler(ShingleConfig.DEFAULT);
    a = new long[PAIRS][];
    b = new long[PAIRS][];
    double similarity = 0;
    for (int i = 0; i < PAIRS; i++) {
      String text = normalizer.normalize(texts.get(i));
      a[i] = shingler.hashes(text);
      b[i] = shingler.hashes(edited(text, i));
      similarity += Jaccard.similarity(Shingler.toSet(a[i]), Shingler.toSet(b[i]));
    }
    System.out.printf("%n%s: %d pairs, mean Jaccard %.3f%n", source, PAIRS, similarity / PAIRS);
  }

  /** The text with every 12th word replaced by one of its own. */
  private static String edited(String text, int seed) {
    String[] words = text.split(" ");
    for (int w = 5; w < words.length; w += 12) {
      words[w] = "w" + Integer.toString(seed * 31 + w, 36);
    }
    return String.join(" ", words);
  }

  @Benchmark
  public double sortThenMerge() {
    double sum = 0;
    for (int i = 0; i < PAIRS; i++) {
      sum += Jaccard.similarityAtLeast(Shingler.toSet(a[i]), Shingler.toSet(b[i]), 0.8);
    }
    return sum;
  }

  @Benchmark
  public double table() {
    double sum = 0;
    for (int i = 0; i < PAIRS; i++) {
      sum += JaccardTable.similarityAtLeast(a[i], b[i], 0.8);
    }
    return sum;
  }
}
