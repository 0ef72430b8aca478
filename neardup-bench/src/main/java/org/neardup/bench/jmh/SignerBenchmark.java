package org.neardup.bench.jmh;

import org.neardup.minhash.MinHashConfig;
import org.neardup.minhash.MinHashScheme;
import org.neardup.minhash.MinHashSigner;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Signing one shingle set. {@code scheme} has no listed values: JMH then takes every constant of
 * {@link MinHashScheme}, so a new scheme is benchmarked from the next build on. Each operation
 * signs the next of {@value #SETS} different sets: with one set signed again and again, the CPU's
 * branch predictor learns it and the kernel looks faster than it is on a corpus.
 */
@State(Scope.Benchmark)
public class SignerBenchmark extends KernelBenchmark {
  @Param public MinHashScheme scheme;

  @Param({"100", "300", "1000", "3000", "10000"})
  public int setSize;

  @Param({"64", "128", "256"})
  public int numPermutations;

  static final int SETS = 64;

  private MinHashSigner signer;
  private long[][] sets;
  private int next;

  @Setup
  public void setUp() {
    signer =
        MinHashSigner.create(
            new MinHashConfig(scheme, numPermutations, MinHashConfig.DEFAULT_SEED));
    sets = new long[SETS][];
    for (int i = 0; i < SETS; i++) {
      sets[i] = BenchData.set(setSize, i + 1);
    }
  }

  @Benchmark
  public int[] sign() {
    next = (next + 1) % SETS;
    return signer.sign(sets[next]);
  }
}
