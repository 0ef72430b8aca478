package org.neardup.minhash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class AgreementFilterTest {
  /**
   * The binomial minimum is the largest m with P(Binomial(n, p) &lt; m) &lt;= 1e-6, checked against
   * the tail summed exactly in BigDecimal.
   */
  @Test
  void binomialMinimumIsTheExactLowerQuantile() {
    for (int n : new int[] {16, 64, 128, 256, 1000}) {
      for (double p : new double[] {0.3, 0.5, 0.8, 0.9, 0.95, 0.99}) {
        int m = AgreementFilter.binomialMinimum(n, p, AgreementFilter.MISS);
        BigDecimal miss = new BigDecimal(AgreementFilter.MISS);
        assertThat(tailBelow(n, p, m).compareTo(miss))
            .as("n=%d p=%s m=%d", n, p, m)
            .isLessThanOrEqualTo(0);
        if (m < n) {
          assertThat(tailBelow(n, p, m + 1).compareTo(miss)).as("n=%d p=%s m+1", n, p).isPositive();
        }
      }
    }
    assertThat(AgreementFilter.binomialMinimum(128, 0, 1e-6)).isZero();
    assertThat(AgreementFilter.binomialMinimum(128, 1, 1e-6)).isEqualTo(128);
    // 65,536 values: no underflow of (1 - p)^n on the way
    assertThat(AgreementFilter.binomialMinimum(65536, 0.8, 1e-6)).isBetween(51900, 52000);
  }

  /** P(X &lt; m) for X ~ Binomial(n, p), exactly. */
  private static BigDecimal tailBelow(int n, double p, int m) {
    MathContext context = MathContext.DECIMAL128;
    BigDecimal bp = new BigDecimal(p);
    BigDecimal bq = BigDecimal.ONE.subtract(bp);
    BigDecimal sum = BigDecimal.ZERO;
    BigDecimal choose = BigDecimal.ONE;
    for (int k = 0; k < m; k++) {
      sum =
          sum.add(
              choose
                  .multiply(bp.pow(k, context), context)
                  .multiply(bq.pow(n - k, context), context),
              context);
      choose =
          choose.multiply(BigDecimal.valueOf(n - k)).divide(BigDecimal.valueOf(k + 1), context);
    }
    return sum;
  }

  @Test
  void minimumsAtOneHundredTwentyEightValues() {
    AgreementFilter filter = new AgreementFilter(128, 0.8);
    assertThat(filter.looseMinimum())
        .isEqualTo(Signatures.minimumAgreement(128, 0.8))
        .isEqualTo(70);
    assertThat(filter.binomialMinimum()).isEqualTo(79);
    assertThat(filter.bar()).isEqualTo(0.8);
    // never below the loose minimum, even where the binomial quantile would be
    AgreementFilter few = new AgreementFilter(8, 0.9);
    assertThat(few.binomialMinimum()).isGreaterThanOrEqualTo(few.looseMinimum());
    assertThatThrownBy(() -> new AgreementFilter(0, 0.5))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new AgreementFilter(128, 1.5))
        .isInstanceOf(IllegalArgumentException.class);
  }

  /**
   * Property over 3,000 seeded random pairs of signatures: the filter passes exactly when the
   * agreement reaches the binomial minimum, or reaches the loose one and a signature shows fewer
   * than 96 distinct patterns of its low 10 bits (of 128 values); the offset form answers as the
   * plain one.
   */
  @Test
  void passesByTheMinimumTheSignaturesAllow() {
    SplittableRandom random = new SplittableRandom(0xf1);
    AgreementFilter filter = new AgreementFilter(128, 0.8);
    for (int trial = 0; trial < 3000; trial++) {
      int[] a = random.ints(128).toArray();
      int[] b = a.clone();
      int changed = random.nextInt(0, 70);
      for (int i = 0; i < changed; i++) {
        b[random.nextInt(128)] = random.nextInt();
      }
      int[] copied =
          random.nextBoolean() ? a : b; // values copied within a signature, as densification does
      int copies = random.nextInt(3) == 0 ? random.nextInt(20, 45) : random.nextInt(0, 5);
      for (int i = 0; i < copies; i++) {
        copied[random.nextInt(128)] = copied[random.nextInt(128)];
      }
      int agreement = Signatures.agreement(a, b);
      boolean sparse = Math.min(distinctLowBits(a), distinctLowBits(b)) < 96;
      boolean expected =
          agreement >= filter.binomialMinimum() || (sparse && agreement >= filter.looseMinimum());
      assertThat(filter.passes(a, b))
          .as("agreement %d, sparse %s", agreement, sparse)
          .isEqualTo(expected);
      int[] store = new int[3 * 128];
      System.arraycopy(a, 0, store, 128, 128);
      System.arraycopy(b, 0, store, 256, 128);
      assertThat(filter.passes(store, 128, store, 256)).isEqualTo(expected);
    }
  }

  /** Distinct low 10 bits (a table of 1,024 for 128 values), counted with a set. */
  private static int distinctLowBits(int[] values) {
    return (int) java.util.Arrays.stream(values).map(v -> v & 1023).distinct().count();
  }

  @Test
  void distinctLowBitsCountsEachPatternOnce() {
    // values 5, 5, 1, 9, 9 of the seven: three patterns
    assertThat(AgreementFilter.distinctLowBits(new int[] {9, 5, 5, 1, 9, 9, 2}, 1, 5)).isEqualTo(3);
    assertThat(AgreementFilter.distinctLowBits(new int[] {4}, 0, 0)).isZero();
    // 128 values: a table of 1,024, so 7 and 7 + 1024 share a pattern and 7 + 512 does not
    int[] values = new int[128];
    java.util.Arrays.setAll(values, i -> i * 3);
    values[0] = 7;
    values[1] = 7 + 1024;
    values[2] = 7 + 512;
    assertThat(AgreementFilter.distinctLowBits(values, 0, 128)).isEqualTo(127);
    // negative values index by their low bits too
    assertThat(AgreementFilter.distinctLowBits(new int[] {-1, 1023, -2}, 0, 3)).isEqualTo(2);
    // never more than the distinct values, on seeded random signatures with repeats
    SplittableRandom random = new SplittableRandom(3);
    for (int trial = 0; trial < 200; trial++) {
      int[] signature = random.ints(128).toArray();
      for (int i = random.nextInt(64); i > 0; i--) {
        signature[random.nextInt(128)] = signature[random.nextInt(128)];
      }
      int distinct = (int) java.util.Arrays.stream(signature).distinct().count();
      assertThat(AgreementFilter.distinctLowBits(signature, 0, 128))
          .isEqualTo(distinctLowBits(signature))
          .isLessThanOrEqualTo(distinct);
    }
  }

  /**
   * Why the binomial minimum needs well-filled signatures. Agreement counts of 2,000
   * one-permutation pairs at J = 0.8 (seeded), of the pairs the filter would treat each way: 900
   * elements a set and both signatures well filled (at least 96 distinct low-bit patterns), the
   * variance is at most the binomial one, n·J·(1 − J) = 20.5, within 4 standard errors of a sample
   * variance; 9 elements a set (most bins empty, every signature repeating values), it is larger
   * (about 1.5 times: at least 1.25, 4 standard errors below; every such signature has fewer than
   * 96 distinct patterns).
   */
  @Test
  void oneMutationSpreadIsBinomialOnlyWithoutRepeats() {
    MinHashConfig config = new MinHashConfig(MinHashScheme.ONE_PERMUTATION_V1, 128, 7);
    double binomial = 128 * 0.8 * 0.2;
    double[] large = agreementMeanAndVariance(config, 900, 100, false, 2000);
    double[] small = agreementMeanAndVariance(config, 9, 1, true, 2000);
    double standardError = binomial * Math.sqrt(2.0 / 1999);
    assertThat(large[0])
        .isCloseTo(102.4, org.assertj.core.data.Offset.offset(4 * Math.sqrt(binomial / 2000)));
    assertThat(large[1]).isLessThanOrEqualTo(binomial + 4 * standardError);
    assertThat(small[1]).isGreaterThan(1.25 * binomial);
  }

  /**
   * Mean and sample variance of the agreement of {@code pairs} pairs of sets of {@code size}
   * elements ({@code distinct} of them unshared) whose signatures are sparse (either shows fewer
   * than 96 distinct low-bit patterns) or not, as asked.
   */
  private static double[] agreementMeanAndVariance(
      MinHashConfig base, int size, int distinct, boolean sparse, int pairs) {
    SplittableRandom random = new SplittableRandom(0x5eed + size);
    double sum = 0;
    double sumSquares = 0;
    for (int counted = 0; counted < pairs; ) {
      long[][] ab = ClassicMinHashSignerTest.setsWithJaccard(random, size, distinct);
      MinHashSigner signer = MinHashSigner.create(base.withSeed(random.nextLong()));
      int[] a = signer.sign(ab[0]);
      int[] b = signer.sign(ab[1]);
      if ((Math.min(distinctLowBits(a), distinctLowBits(b)) < 96) != sparse) {
        continue;
      }
      counted++;
      int agreement = Signatures.agreement(a, b);
      sum += agreement;
      sumSquares += (double) agreement * agreement;
    }
    double mean = sum / pairs;
    return new double[] {mean, (sumSquares - pairs * mean * mean) / (pairs - 1)};
  }
}
