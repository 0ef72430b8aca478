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
 * {@link MinHashScheme}, so a new scheme is benchmarked from the next build on.
 */
@State(Scope.Benchmark)
public class SignerBenchmark extends KernelBenchmark {
  @Param
  public MinHashScheme scheme;

  @Param({"100", "1000", "10000"})
  public int setSize;

  @Param({"64", "128", "256"})
  public int numPermutations;

  private MinHashSigner signer;
  private long[] set;

  @Setup
  public void setUp() {
    signer = MinHashSigner.create(new MinHashConfig(scheme, numPermutations, MinHashConfig.DEFAULT_SEED));
    set = BenchData.set(setSize, 1);
  }

  @Benchmark
  public int[] sign() {
    return signer.sign(set);
  }
}
