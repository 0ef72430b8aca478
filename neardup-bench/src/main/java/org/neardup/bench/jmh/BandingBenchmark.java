package org.neardup.bench.jmh;

import org.neardup.lsh.Banding;
import org.neardup.lsh.LshParams;
import org.neardup.minhash.MinHashConfig;
import org.neardup.minhash.MinHashSigner;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** The b bucket keys of one signature, with the default banding for threshold 0.8. */
@State(Scope.Benchmark)
public class BandingBenchmark extends KernelBenchmark {
  @Param({"64", "128", "256"})
  public int numPermutations;

  private Banding banding;
  private int[] signature;

  @Setup
  public void setUp() {
    banding = new Banding(LshParams.optimal(0.8, numPermutations, LshParams.DEFAULT_TARGET_RECALL));
    signature =
        MinHashSigner.create(MinHashConfig.DEFAULT.withNumPermutations(numPermutations))
            .sign(BenchData.set(1000, 2));
  }

  @Benchmark
  public long[] bucketKeys() {
    return banding.bucketKeys(signature);
  }
}
