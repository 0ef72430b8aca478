package org.neardup.minhash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ClassicMinHashSignerTest {
  private static final BigInteger P = BigInteger.valueOf(ClassicMinHashSigner.PRIME);
  private static final MinHashConfig CLASSIC = new MinHashConfig(MinHashScheme.CLASSIC_V1, 128, 1);
  private final MinHashSigner signer = MinHashSigner.create(CLASSIC);

  /** Property over 5000 seeded random (a, b, hash), plus the extremes. */
  @Test
  void permuteIsAxPlusBModMersennePrime() {
    long p = ClassicMinHashSigner.PRIME;
    long[][] extremes = {{1, 0, 0}, {p - 1, p - 1, -1L}, {p - 1, 0, p - 1}, {1, p - 1, p}};
    for (long[] e : extremes) {
      assertPermuteMatchesBigInteger(e[0], e[1], e[2]);
    }
    SplittableRandom random = new SplittableRandom(0x61);
    for (int trial = 0; trial < 5000; trial++) {
      assertPermuteMatchesBigInteger(
          random.nextLong(1, p), random.nextLong(0, p), random.nextLong());
    }
  }

  private static void assertPermuteMatchesBigInteger(long a, long b, long hash) {
    long x = ClassicMinHashSigner.reduce(hash);
    BigInteger unsignedHash = new BigInteger(Long.toUnsignedString(hash));
    assertThat(BigInteger.valueOf(x)).isEqualTo(unsignedHash.mod(P));
    BigInteger expected =
        BigInteger.valueOf(a).multiply(BigInteger.valueOf(x)).add(BigInteger.valueOf(b)).mod(P);
    assertThat(ClassicMinHashSigner.permute(a, b, x)).isEqualTo(expected.longValueExact());
  }

  @Test
  void reduceHandlesTheValuesAroundThePrime() {
    long p = ClassicMinHashSigner.PRIME;
    assertThat(ClassicMinHashSigner.reduce(p)).isZero();
    assertThat(ClassicMinHashSigner.reduce(p + 1)).isEqualTo(1);
    assertThat(ClassicMinHashSigner.reduce(-1L))
        .isEqualTo(new BigInteger(Long.toUnsignedString(-1L)).mod(P).longValue());
  }

  @Test
  void signatureIsDeterministicAndIndependentOfOrderAndDuplicates() {
    long[] set = randomSet(new SplittableRandom(1), 500);
    long[] shuffled = set.clone();
    reverse(shuffled);
    long[] withDuplicates = Arrays.copyOf(set, set.length * 2);
    System.arraycopy(set, 0, withDuplicates, set.length, set.length);
    int[] signature = signer.sign(set);
    assertThat(signature).hasSize(128);
    assertThat(MinHashSigner.create(CLASSIC).sign(shuffled)).isEqualTo(signature);
    assertThat(signer.sign(withDuplicates)).isEqualTo(signature);
  }

  @Test
  void differentSeedsGiveDifferentSignatures() {
    long[] set = randomSet(new SplittableRandom(2), 100);
    assertThat(MinHashSigner.create(CLASSIC.withSeed(2)).sign(set)).isNotEqualTo(signer.sign(set));
  }

  @Test
  void emptySetSignatureIsAllOnes() {
    int[] signature = signer.sign(new long[0]);
    assertThat(signature).containsOnly(-1);
  }

  @Test
  void signaturesArePinned() {
    // Persisted signatures depend on these values: a change is a new MinHashScheme, not an edit.
    int[] signature =
        MinHashSigner.create(CLASSIC.withNumPermutations(4)).sign(new long[] {1, 2, 3, 42});
    assertThat(signature).containsExactly(GoldenSignature.SEED_1_N_4_OF_1_2_3_42);
  }

  /**
   * The estimator is unbiased with variance J(1-J)/n: over 400 independent pairs with J = 0.5 and n
   * = 128, the mean estimate lies within 4 standard errors of J, and the sample variance within
   * [0.7, 1.3] of J(1-J)/n (with 400 samples its relative standard error is about 7%).
   */
  @Test
  void estimatorIsUnbiasedWithBinomialVariance() {
    SplittableRandom random = new SplittableRandom(0xd5128e3d969c8f29L);
    int pairs = 400;
    int n = 128;
    double[] estimates = new double[pairs];
    for (int i = 0; i < pairs; i++) {
      long[][] ab = setsWithJaccard(random, 300, 100); // |A∩B| = 300 - 100 = 200, |A∪B| = 400
      MinHashSigner seeded =
          MinHashSigner.create(new MinHashConfig(MinHashScheme.CLASSIC_V1, n, random.nextLong()));
      estimates[i] = Signatures.estimateSimilarity(seeded.sign(ab[0]), seeded.sign(ab[1]));
    }
    double jaccard = 0.5;
    double mean = Arrays.stream(estimates).average().orElseThrow();
    double variance =
        Arrays.stream(estimates).map(e -> (e - mean) * (e - mean)).sum() / (pairs - 1);
    double expectedVariance = jaccard * (1 - jaccard) / n;
    assertThat(Math.abs(mean - jaccard)).isLessThan(4 * Math.sqrt(expectedVariance / pairs));
    assertThat(variance / expectedVariance).isBetween(0.7, 1.3);
  }

  @Test
  void configRejectsOutOfRangeLengths() {
    assertThatThrownBy(() -> MinHashConfig.DEFAULT.withNumPermutations(0))
        .hasMessage("numPermutations must be in [1, 65536], got 0");
  }

  @Test
  void estimateRejectsSignaturesOfDifferentLengths() {
    assertThatThrownBy(() -> Signatures.estimateSimilarity(new int[2], new int[3]))
        .hasMessageContaining("different lengths");
  }

  @Test
  void schemeIdsRoundTrip() {
    for (MinHashScheme scheme : MinHashScheme.values()) {
      assertThat(MinHashScheme.ofId(scheme.id())).isEqualTo(scheme);
    }
    assertThatThrownBy(() -> MinHashScheme.ofId(999)).hasMessageContaining("999");
  }

  /** Two sets of {@code size} random elements sharing all but {@code distinct} of them. */
  static long[][] setsWithJaccard(SplittableRandom random, int size, int distinct) {
    long[] shared = randomSet(random, size - distinct);
    long[] a = Arrays.copyOf(shared, size);
    long[] b = Arrays.copyOf(shared, size);
    for (int i = size - distinct; i < size; i++) {
      a[i] = random.nextLong();
      b[i] = random.nextLong();
    }
    return new long[][] {a, b};
  }

  static long[] randomSet(SplittableRandom random, int size) {
    return random.longs(size).toArray();
  }

  private static void reverse(long[] values) {
    for (int i = 0, j = values.length - 1; i < j; i++, j--) {
      long t = values[i];
      values[i] = values[j];
      values[j] = t;
    }
  }
}
