package org.neardup.bench.jmh;

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
 * What every document costs before signing: {@code Normalizer.normalize} (default config) of its
 * raw text, and {@code Shingler.hashes} (default char-5 shingles) of the normalized text, or its
 * {@code Shingler.keys} (what verification compares in their place), on {@value #DOCUMENTS}
 * documents of each source. One operation is one document. The texts are read in the benchmark's
 * JVM as a run reads them, so the JIT sees what it sees in a run: the Kijiji listings and the
 * articles hold a few characters past Latin-1, the generated documents none.
 */
@State(Scope.Thread)
@OperationsPerInvocation(TextKernelBenchmark.DOCUMENTS)
public class TextKernelBenchmark extends KernelBenchmark {
  static final int DOCUMENTS = 1000;

  /** Where the documents come from. */
  public enum Source {
    GENERATED_1KB,
    KIJIJI,
    ARTICLES
  }

  @Param public Source source;

  private final Normalizer normalizer = new Normalizer(NormalizerConfig.DEFAULT);
  private final Shingler shingler = new Shingler(ShingleConfig.DEFAULT);
  private String[] raw;
  private String[] normalized;

  @Setup
  public void setUp() {
    List<String> texts =
        switch (source) {
          case GENERATED_1KB -> BenchData.generated1kb(DOCUMENTS);
          case KIJIJI -> BenchData.kijiji(DOCUMENTS);
          case ARTICLES -> BenchData.articles(DOCUMENTS);
        };
    raw = texts.toArray(String[]::new);
    normalized = texts.stream().map(normalizer::normalize).toArray(String[]::new);
  }

  @Benchmark
  public long normalize() {
    long chars = 0;
    for (String text : raw) {
      chars += normalizer.normalize(text).length();
    }
    return chars;
  }

  @Benchmark
  public long hashes() {
    long sum = 0;
    for (String text : normalized) {
      sum += shingler.hashes(text)[0];
    }
    return sum;
  }

  @Benchmark
  public long keys() {
    long sum = 0;
    for (String text : normalized) {
      sum += shingler.keys(text)[0];
    }
    return sum;
  }
}
