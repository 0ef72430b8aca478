package org.neardup.minhash;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** What every signing scheme must do: determinism, set semantics, and an accurate estimator. */
class MinHashSchemeContractTest {
  @ParameterizedTest
  @EnumSource(MinHashScheme.class)
  void deterministicAndIndependentOfOrderAndDuplicates(MinHashScheme scheme) {
    MinHashConfig config = new MinHashConfig(scheme, 128, 7);
    long[] set = new SplittableRandom(1).longs(500).toArray();
    long[] reversed = set.clone();
    for (int i = 0, j = reversed.length - 1; i < j; i++, j--) {
      long t = reversed[i];
      reversed[i] = reversed[j];
      reversed[j] = t;
    }
    long[] doubled = Arrays.copyOf(set, 1000);
    System.arraycopy(set, 0, doubled, 500, 500);
    int[] signature = MinHashSigner.create(config).sign(set);
    assertThat(MinHashSigner.create(config).sign(reversed)).isEqualTo(signature);
    assertThat(MinHashSigner.create(config).sign(doubled)).isEqualTo(signature);
    assertThat(MinHashSigner.create(config.withSeed(8)).sign(set)).isNotEqualTo(signature);
  }

  @ParameterizedTest
  @EnumSource(MinHashScheme.class)
  void identicalSetsAgreeEverywhereAndEmptySetIsAllOnes(MinHashScheme scheme) {
    MinHashSigner signer = MinHashSigner.create(new MinHashConfig(scheme, 64, 3));
    long[] small = {5, -9, 42};
    assertThat(Signatures.estimateSimilarity(signer.sign(small), signer.sign(small.clone())))
        .isEqualTo(1.0);
    assertThat(signer.sign(new long[0])).containsOnly(-1);
  }

  static Stream<Arguments> estimatorCases() {
    // (scheme, set size, distinct per side): J = (size - distinct) / (size + distinct)
    return Stream.of(MinHashScheme.values())
        .flatMap(
            scheme ->
                Stream.of(
                    Arguments.of(scheme, 300, 100), // J = 0.5, sets larger than n
                    Arguments.of(
                        scheme, 40, 4), // J = 36/44, sets smaller than n: many empty bins for OPH
                    Arguments.of(scheme, 2000, 111))); // J ~ 0.9
  }

  /**
   * Over 400 independent pairs (fresh sets and seed each) the mean estimate lies within 4 standard
   * errors of J, with the standard error of n-permutation MinHash, sqrt(J(1-J)/n)/sqrt(400); and
   * the sample variance lies within [0.5, 1.3] of J(1-J)/n (one-permutation hashing samples without
   * replacement, so its variance may be lower, never much higher).
   */
  @ParameterizedTest
  @MethodSource("estimatorCases")
  void estimatorIsUnbiasedWithAtMostTheVarianceOfClassicMinHash(
      MinHashScheme scheme, int size, int distinct) {
    SplittableRandom random = new SplittableRandom(0xd5128e3d969c8f29L ^ size);
    int pairs = 400;
    int n = 128;
    double jaccard = (double) (size - distinct) / (size + distinct);
    double[] estimates = new double[pairs];
    for (int i = 0; i < pairs; i++) {
      long[][] ab = ClassicMinHashSignerTest.setsWithJaccard(random, size, distinct);
      MinHashSigner signer = MinHashSigner.create(new MinHashConfig(scheme, n, random.nextLong()));
      estimates[i] = Signatures.estimateSimilarity(signer.sign(ab[0]), signer.sign(ab[1]));
    }
    double mean = Arrays.stream(estimates).average().orElseThrow();
    double variance =
        Arrays.stream(estimates).map(e -> (e - mean) * (e - mean)).sum() / (pairs - 1);
    double classicVariance = jaccard * (1 - jaccard) / n;
    assertThat(Math.abs(mean - jaccard))
        .as("bias")
        .isLessThan(4 * Math.sqrt(classicVariance / pairs));
    assertThat(variance / classicVariance).as("variance ratio").isBetween(0.5, 1.3);
  }
}
