package org.neardup.bench.jmh;

import org.neardup.shingle.ShingleConfig;
import org.neardup.shingle.Shingler;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Shingle hashing: the sorted distinct char-5 shingle hashes of one normalized text. */
@State(Scope.Benchmark)
public class ShinglerBenchmark extends KernelBenchmark {
  @Param({"100", "1000", "10000"})
  public int textLength;

  private Shingler shingler;
  private String text;

  @Setup
  public void setUp() {
    shingler = new Shingler(ShingleConfig.chars(5));
    text = BenchData.text(textLength);
  }

  @Benchmark
  public long[] shingle() {
    return shingler.shingle(text);
  }
}
