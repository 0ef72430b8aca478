package org.neardup.bench.jmh;

import java.util.List;
import org.neardup.shingle.ShingleConfig;
import org.neardup.shingle.ShingleUnit;
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
 * What word 5-shingles cost a document with each way of finding words: {@code Shingler.hashes} of
 * the normalized text, words between Unicode word boundaries (ICU4J, {@link ShingleUnit#WORD}) or
 * split on whitespace ({@link ShingleUnit#WHITESPACE_WORD}), on {@value #DOCUMENTS} English
 * documents of each source. One operation is one document.
 */
@State(Scope.Thread)
@OperationsPerInvocation(WordShingleBenchmark.DOCUMENTS)
public class WordShingleBenchmark extends KernelBenchmark {
  static final int DOCUMENTS = 1000;

  /** Where the documents come from. */
  public enum Source {
    GENERATED_1KB,
    ARTICLES
  }

  @Param public Source source;

  @Param({"WORD", "WHITESPACE_WORD"})
  public ShingleUnit unit;

  private Shingler shingler;
  private String[] normalized;

  @Setup
  public void setUp() {
    List<String> texts =
        switch (source) {
          case GENERATED_1KB -> BenchData.generated1kb(DOCUMENTS);
          case ARTICLES -> BenchData.articles(DOCUMENTS);
        };
    Normalizer normalizer = new Normalizer(NormalizerConfig.DEFAULT);
    normalized = texts.stream().map(normalizer::normalize).toArray(String[]::new);
    shingler = new Shingler(new ShingleConfig(unit, 5));
  }

  @Benchmark
  public long hashes() {
    long sum = 0;
    for (String text : normalized) {
      sum += shingler.hashes(text)[0];
    }
    return sum;
  }
}
