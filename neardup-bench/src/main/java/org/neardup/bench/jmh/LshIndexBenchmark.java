package org.neardup.bench.jmh;

import java.util.List;
import org.neardup.lsh.LshIndex;
import org.neardup.lsh.LshParams;
import org.neardup.minhash.MinHashConfig;
import org.neardup.minhash.MinHashSigner;
import org.neardup.shingle.ShingleConfig;
import org.neardup.shingle.Shingler;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * {@link LshIndex} insert and query, default banding (threshold 0.8, 128 values: 21 x 6), on the
 * signatures of a generated corpus of {@value #DOCUMENTS} documents with planted near-duplicates.
 * Times are per document.
 */
@State(Scope.Benchmark)
public class LshIndexBenchmark extends KernelBenchmark {
  static final int DOCUMENTS = 10_000;
  static final int BATCH = 1_000;

  private LshParams params;
  private int[][] signatures;
  private LshIndex<Integer> filled;
  private int next;

  @Setup
  public void setUp() {
    params =
        LshParams.optimal(0.8, MinHashConfig.DEFAULT_PERMUTATIONS, LshParams.DEFAULT_TARGET_RECALL);
    Shingler shingler = new Shingler(ShingleConfig.chars(5));
    MinHashSigner signer = MinHashSigner.create(MinHashConfig.DEFAULT);
    List<String> texts = BenchData.corpus(DOCUMENTS).texts();
    signatures = new int[texts.size()][];
    filled = new LshIndex<>(params, texts.size());
    for (int i = 0; i < texts.size(); i++) {
      signatures[i] = signer.sign(shingler.shingle(texts.get(i)));
      filled.insert(i, signatures[i]);
    }
  }

  /** Builds an index of {@value #BATCH} documents from empty. */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public LshIndex<Integer> insert() {
    LshIndex<Integer> index = new LshIndex<>(params);
    for (int i = 0; i < BATCH; i++) {
      index.insert(i, signatures[i]);
    }
    return index;
  }

  /** One query against the full index (finds at least the document itself). */
  @Benchmark
  public void query(Blackhole blackhole) {
    int[] signature = signatures[next];
    next = next + 1 == signatures.length ? 0 : next + 1;
    blackhole.consume(filled.query(signature));
  }
}
