package org.neardup.bench.jmh;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;

/** Deterministic inputs for the kernel benchmarks. */
final class BenchData {
  private static final long SEED = 0x5eed_2026L;

  private BenchData() {}

  /** Generated text (lower-case pseudo-words, as the corpus generator writes) of exactly {@code length} chars. */
  static String text(int length) {
    StringBuilder sb = new StringBuilder(length + 1000);
    GeneratedCorpus corpus = corpus(Math.max(10, length / 200));
    for (int i = 0; sb.length() < length; i = (i + 1) % corpus.size()) {
      if (sb.length() > 0) sb.append(' ');
      sb.append(corpus.texts().get(i));
    }
    return sb.substring(0, length);
  }

  /** A corpus of the generator's defaults (15-120 words, 30% of originals copied). */
  static GeneratedCorpus corpus(int documents) {
    return new CorpusGenerator(documents, 0.3, 3, 0.25, 15, 120, SEED).generate();
  }

  /** A sorted set of {@code size} distinct random 64-bit hashes. */
  static long[] set(int size, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    long[] values = random.longs(size * 2L).distinct().limit(size).toArray();
    Arrays.sort(values);
    return values;
  }

  /**
   * {@code set} with about {@code fraction} of its elements replaced by new random ones, sorted:
   * Jaccard similarity about (1 - f) / (1 + f).
   */
  static long[] perturbed(long[] set, double fraction, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    long[] copy = set.clone();
    for (int i = 0; i < copy.length; i++) {
      if (random.nextDouble() < fraction) {
        copy[i] = random.nextLong();
      }
    }
    return Arrays.stream(copy).distinct().sorted().toArray();
  }
}
