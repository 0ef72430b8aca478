package org.neardup.bench.contender;

import info.debatty.java.lsh.LSHMinHash;
import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * java-LSH ({@code info.debatty:java-lsh}) as its documentation shows it: {@link LSHMinHash} with s
 * stages and B buckets per stage over a dictionary of the corpus's distinct shingles, each document
 * given as a {@code boolean[]} of dictionary size. The library fixes its own threshold at 0.5 and
 * derives r = ⌈log(1/s) / log 0.5⌉ + 1 rows per stage from s; s is the largest whose s·r values fit
 * in the benchmark's n. A stage's bucket is the sum of its values mod B, so candidates are the
 * documents sharing a (stage, bucket); they are verified exactly ({@link BandedSearch}). B defaults
 * to documents / 100, following the library's Javadoc ("at least 100 items per bucket").
 */
final class JavaLsh implements Contender {
  /** java-LSH's hard-coded threshold for the rows per stage. */
  private static final double LIBRARY_THRESHOLD = 0.5;

  @Override
  public String name() {
    return "java-lsh";
  }

  @Override
  public String description() {
    return "java-LSH LSHMinHash(stages, buckets, dictionary size), its own banding, exact"
        + " verification";
  }

  @Override
  public ContenderOutcome run(BenchSettings settings, Phases phases) throws Exception {
    BenchCorpus corpus =
        phases.time("read+shingle", () -> BenchCorpus.read(settings.corpus(), settings.shingle()));
    long[] dictionary = phases.time("dictionary", corpus::dictionary);
    int stages = stages(settings.permutations());
    int buckets =
        settings.javaLshBuckets() > 0
            ? settings.javaLshBuckets()
            : Math.max(10, corpus.size() / 100);
    LSHMinHash lsh = new LSHMinHash(stages, buckets, dictionary.length, settings.seed());
    long[][] keys = phases.time("sign+band", () -> bucketKeys(corpus, dictionary, lsh));
    String parameters = "stages=" + stages + " rows=" + rows(stages) + " buckets=" + buckets;
    return BandedSearch.run(corpus, keys, settings.threshold(), parameters, phases);
  }

  /** Rows per stage as java-LSH computes them for s stages. */
  static int rows(int stages) {
    return (int) Math.ceil(Math.log(1.0 / stages) / Math.log(LIBRARY_THRESHOLD)) + 1;
  }

  /** The most stages whose signature (stages × rows) fits in n values. */
  static int stages(int numPermutations) {
    int best = 1;
    for (int s = 1; s * rows(s) <= numPermutations; s++) {
      best = s;
    }
    return best;
  }

  private static long[][] bucketKeys(BenchCorpus corpus, long[] dictionary, LSHMinHash lsh) {
    ThreadLocal<boolean[]> vectors = ThreadLocal.withInitial(() -> new boolean[dictionary.length]);
    long[][] keys = new long[corpus.size()][];
    IntStream.range(0, corpus.size())
        .parallel()
        .forEach(
            i -> {
              boolean[] vector = vectors.get();
              long[] set = corpus.shingles(i);
              for (long shingle : set) vector[Arrays.binarySearch(dictionary, shingle)] = true;
              int[] stageBuckets = lsh.hash(vector);
              for (long shingle : set) vector[Arrays.binarySearch(dictionary, shingle)] = false;
              keys[i] = Arrays.stream(stageBuckets).asLongStream().toArray();
            });
    return keys;
  }
}
