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
 */
@State(Scope.Benchmark)
public class JaccardBenchmark extends KernelBenchmark {
  /** The two kinds of pair. */
  public enum Pair { SIMILAR, DISSIMILAR }

  @Param({"100", "1000", "10000"})
  public int setSize;

  @Param
  public Pair pair;

  private long[] a;
  private long[] b;

  @Setup
  public void setUp() {
    a = BenchData.set(setSize, 3);
    b = pair == Pair.SIMILAR ? BenchData.perturbed(a, 0.1, 4) : BenchData.set(setSize, 5);
  }

  @Benchmark
  public double similarityAtLeast() {
    return Jaccard.similarityAtLeast(a, b, 0.8);
  }
}
