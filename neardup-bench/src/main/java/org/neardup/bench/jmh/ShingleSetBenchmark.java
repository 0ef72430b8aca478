package org.neardup.bench.jmh;

import java.util.Arrays;
import java.util.List;
import org.neardup.shingle.ShingleConfig;
import org.neardup.shingle.Shingler;
import org.neardup.text.Normalizer;
import org.neardup.text.NormalizerConfig;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The sort where it is used: {@code Shingler.toSet} (sort, then drop repeats) on the default char-5
 * shingle hashes of {@value #DOCUMENTS} real or generated documents, with each {@link LongSorter}.
 * One operation is one document's set (the time of all of them divided by their number), the copy
 * of its hashes into a work array included. The documents: {@link BenchData.Documents}.
 */
@State(Scope.Thread)
@OperationsPerInvocation(ShingleSetBenchmark.DOCUMENTS)
public class ShingleSetBenchmark extends KernelBenchmark {
  static final int DOCUMENTS = 1000;

  @Param public BenchData.Documents source;

  @Param public LongSorter sorter;

  private long[][] hashes;
  private long[][] work;

  @Setup
  public void setUp() {
    List<String> texts = source.texts(DOCUMENTS);
    Normalizer normalizer = new Normalizer(NormalizerConfig.DEFAULT);
    Shingler shingler = new Shingler(ShingleConfig.DEFAULT);
    hashes = new long[DOCUMENTS][];
    work = new long[DOCUMENTS][];
    for (int i = 0; i < DOCUMENTS; i++) {
      hashes[i] = shingler.hashes(normalizer.normalize(texts.get(i)));
      work[i] = new long[hashes[i].length];
    }
    int[] lengths = Arrays.stream(hashes).mapToInt(h -> h.length).sorted().toArray();
    System.out.printf(
        "%n%s: %d documents, shingles per document: median %d, 10%% %d, 90%% %d, max %d%n",
        source,
        DOCUMENTS,
        lengths[DOCUMENTS / 2],
        lengths[DOCUMENTS / 10],
        lengths[DOCUMENTS * 9 / 10],
        lengths[DOCUMENTS - 1]);
  }

  @Benchmark
  public long toSets() {
    long distinct = 0;
    for (int i = 0; i < DOCUMENTS; i++) {
      long[] values = work[i];
      System.arraycopy(hashes[i], 0, values, 0, values.length);
      distinct += sorter.toSet(values).length;
    }
    return distinct;
  }
}
