package org.neardup.minhash;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SignaturesTest {
  @Test
  void agreementCountsEqualPositions() {
    assertThat(Signatures.agreement(new int[] {1, 2, 3, 4}, new int[] {1, 0, 3, 0})).isEqualTo(2);
  }

  /** Property over 2000 seeded random pairs: the early-exit test equals counting. */
  @Test
  void agreeAtLeastAnswersLikeACount() {
    SplittableRandom random = new SplittableRandom(0xa9);
    for (int trial = 0; trial < 2000; trial++) {
      int n = random.nextInt(1, 200);
      int[] a = random.ints(n, 0, 3).toArray();
      int[] b = random.ints(n, 0, 3).toArray();
      int minimum = random.nextInt(0, n + 2);
      assertThat(Signatures.agreeAtLeast(a, b, minimum))
          .isEqualTo(Signatures.agreement(a, b) >= minimum);
    }
  }

  /**
   * Property over 2000 seeded random pairs (lengths 1..200, so the last long is often partial):
   * lowByteAgreement counts the positions whose low bytes are equal, as a loop over the values
   * does.
   */
  @Test
  void lowByteAgreementCountsEqualLowBytes() {
    SplittableRandom random = new SplittableRandom(0x10b);
    for (int trial = 0; trial < 2000; trial++) {
      int n = random.nextInt(1, 200);
      int[] a = random.ints(n).toArray();
      int[] b = new int[n];
      for (int i = 0; i < n; i++) {
        int choice = random.nextInt(3);
        b[i] =
            choice == 0
                ? a[i]
                : choice == 1 ? (a[i] & ~0xFF) | random.nextInt(256) : random.nextInt();
      }
      int expected = 0;
      for (int i = 0; i < n; i++) {
        expected += (a[i] & 0xFF) == (b[i] & 0xFF) ? 1 : 0;
      }
      assertThat(Signatures.lowByteAgreement(Signatures.lowBytes(a), Signatures.lowBytes(b), n))
          .isEqualTo(expected);
    }
  }

  @Test
  void minimumAgreementIsSevenSigmasBelowTheMeanAtTheThreshold() {
    // 128 * 0.8 - 7 * sqrt(128 * 0.8 * 0.2) = 102.4 - 31.68 = 70.7
    assertThat(Signatures.minimumAgreement(128, 0.8)).isEqualTo(70);
    assertThat(Signatures.minimumAgreement(16, 0.5)).isZero();
    assertThat(Signatures.minimumAgreement(128, 1.0)).isEqualTo(128);
  }

  /**
   * No true pair is lost to the filter in practice: 3000 pairs at exactly J = 0.8 with each scheme
   * all agree on at least the minimum (the bound allows about 1e-12 per pair).
   */
  @Test
  void pairsAtTheThresholdPassTheFilter() {
    SplittableRandom random = new SplittableRandom(0xf117);
    int minimum = Signatures.minimumAgreement(128, 0.8);
    for (MinHashScheme scheme : MinHashScheme.values()) {
      for (int trial = 0; trial < 3000; trial++) {
        long[][] ab = ClassicMinHashSignerTest.setsWithJaccard(random, 90, 10); // J = 80/100
        MinHashSigner signer =
            MinHashSigner.create(new MinHashConfig(scheme, 128, random.nextLong()));
        assertThat(Signatures.agreement(signer.sign(ab[0]), signer.sign(ab[1])))
            .isGreaterThanOrEqualTo(minimum);
      }
    }
  }
}
