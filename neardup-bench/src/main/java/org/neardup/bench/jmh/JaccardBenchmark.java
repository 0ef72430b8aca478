package org.neardup.bench.jmh;

import org.neardup.verify.Jaccard;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Verification of one candidate pair at threshold 0.8: a similar pair (J about 0.82, the merge runs
 * to the end) and a dissimilar pair of equal sizes (J about 0, the early exit stops the merge).
 * Each operation takes the next of {@value #PAIRS} different pairs: with one pair again and again,
 * the branch predictor learns the merge's path and the kernel looks faster than on a corpus.
 */
@State(Scope.Benchmark)
public class JaccardBenchmark extends KernelBenchmark {
  /** The two kinds of pair. */
  public enum Pair {
    SIMILAR,
    DISSIMILAR
  }

  @Param({"100", "1000", "10000"})
  public int setSize;

  @Param public Pair pair;

  static final int PAIRS = 64;

  private long[][] a;
  private long[][] b;
  private int next;

  @Setup
  public void setUp() {
    a = new long[PAIRS][];
    b = new long[PAIRS][];
    for (int i = 0; i < PAIRS; i++) {
      a[i] = BenchData.set(setSize, 3 + 3L * i);
      b[i] =
          pair == Pair.SIMILAR
              ? BenchData.perturbed(a[i], 0.1, 4 + 3L * i)
              : BenchData.set(setSize, 5 + 3L * i);
    }
  }

  @Benchmark
  public double similarityAtLeast() {
    next = (next + 1) % PAIRS;
    return Jaccard.similarityAtLeast(a[next], b[next], 0.8);
  }
}
