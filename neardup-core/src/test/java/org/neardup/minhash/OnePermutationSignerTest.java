package org.neardup.minhash;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OnePermutationSignerTest {
  private static MinHashSigner signer(int n) {
    return MinHashSigner.create(new MinHashConfig(MinHashScheme.ONE_PERMUTATION_V1, n, 1));
  }

  @Test
  void signaturesArePinned() {
    // Persisted signatures depend on these values: a change is a new MinHashScheme, not an edit.
    assertThat(signer(8).sign(new long[] {1, 2, 3, 42}))
        .containsExactly(
            -283049036,
            106347712,
            106347712,
            -1109421595,
            -1109421595,
            106347712,
            -1109421595,
            -1109421595);
    // a set that fills every bin: the minimum of each bin, no densification
    long[] set = new long[200];
    for (int i = 0; i < set.length; i++) {
      set[i] = i * 0x9E3779B97F4A7C15L;
    }
    assertThat(
            MinHashSigner.create(new MinHashConfig(MinHashScheme.ONE_PERMUTATION_V1, 16, 7))
                .sign(set))
        .containsExactly(
            1177446759,
            1013997578,
            1285394480,
            8850352,
            113726844,
            369154970,
            216448250,
            269097933,
            87995066,
            406455158,
            42768915,
            438259112,
            352814013,
            87840974,
            337282165,
            585921368);
  }

  @Test
  void equalsTheDefinitionOnSetsFromOneElementToFullBins() {
    // the signer's probe tables and complemented bins are an optimization of this definition
    java.util.SplittableRandom random = new java.util.SplittableRandom(17);
    for (int n : new int[] {1, 2, 8, 128, 300, 1024}) {
      MinHashConfig config =
          new MinHashConfig(MinHashScheme.ONE_PERMUTATION_V1, n, random.nextLong());
      MinHashSigner signer = MinHashSigner.create(config);
      for (int trial = 0; trial < 200; trial++) {
        // sizes from 1 (almost every bin borrows, far past the tabled probes) to 4n
        long[] set = random.longs(1 + random.nextInt(4 * n)).toArray();
        assertThat(signer.sign(set))
            .as("n=%d, %d elements", n, set.length)
            .containsExactly(definition(config, set));
      }
    }
  }

  @Test
  void aDeserializedSignerSignsTheSame() throws Exception {
    MinHashSigner signer = signer(128);
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
      out.writeObject(signer);
    }
    MinHashSigner copy;
    try (java.io.ObjectInputStream in =
        new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
      copy = (MinHashSigner) in.readObject();
    }
    long[] sparse = {5, 6};
    long[] dense = new java.util.SplittableRandom(3).longs(500).toArray();
    assertThat(copy.sign(sparse)).containsExactly(signer.sign(sparse));
    assertThat(copy.sign(dense)).containsExactly(signer.sign(dense));
  }

  /**
   * ONE_PERMUTATION_V1 as defined (Shrivastava 2017): each element's mixed hash picks a bin by its
   * upper 32 bits and offers its lower 32; an empty bin takes the value of the first non-empty bin
   * of its own sequence of mixed states.
   */
  private static int[] definition(MinHashConfig config, long[] set) {
    long golden = 0x9E3779B97F4A7C15L;
    long seedMix = OnePermutationSigner.mix(config.seed() * golden + 0x3C6EF372FE94F82BL);
    int n = config.numPermutations();
    long[] minimums = new long[n];
    Arrays.fill(minimums, Long.MAX_VALUE);
    for (long element : set) {
      long h = OnePermutationSigner.mix(element ^ seedMix);
      int bin = (int) (((h >>> 32) * n) >>> 32);
      minimums[bin] = Math.min(minimums[bin], h & 0xFFFFFFFFL);
    }
    int[] values = new int[n];
    for (int bin = 0; bin < n; bin++) {
      long value = minimums[bin];
      long state = OnePermutationSigner.mix(seedMix + golden * (bin + 1));
      while (value == Long.MAX_VALUE) {
        state = OnePermutationSigner.mix(state + golden);
        value = minimums[(int) (((state >>> 32) * n) >>> 32)];
      }
      values[bin] = (int) value;
    }
    return values;
  }

  @Test
  void aSingleElementFillsEveryBinWithItsValue() {
    int[] signature = signer(128).sign(new long[] {12345});
    assertThat(Arrays.stream(signature).distinct().count()).isEqualTo(1);
  }

  @Test
  void densifiedBinsBorrowOnlyValuesOfTheSet() {
    long[] set = {10, 20, 30};
    int[] signature = signer(64).sign(set);
    Set<Integer> values = new HashSet<>();
    for (int v : signature) values.add(v);
    // three elements: at most three distinct values, each used
    assertThat(values).hasSizeBetween(1, 3);
    int[] fromEach =
        new int[] {
          signer(64).sign(new long[] {10})[0],
          signer(64).sign(new long[] {20})[0],
          signer(64).sign(new long[] {30})[0]
        };
    for (int v : values) {
      assertThat(fromEach).contains(v);
    }
  }

  @Test
  void addingAnElementChangesFewValues() {
    long[] set = new java.util.SplittableRandom(4).longs(1000).toArray();
    long[] bigger = Arrays.copyOf(set, 1001);
    bigger[1000] = 77;
    int[] a = signer(128).sign(set);
    int[] b = signer(128).sign(bigger);
    // J = 1000/1001: about 128/1001 values can change
    assertThat(Signatures.estimateSimilarity(a, b)).isGreaterThan(0.95);
  }
}
