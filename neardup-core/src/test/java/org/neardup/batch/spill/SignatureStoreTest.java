package org.neardup.batch.spill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.neardup.config.MemoryBudget;
import org.neardup.lsh.Banding;
import org.neardup.lsh.LshParams;
import org.neardup.minhash.AgreementFilter;
import org.neardup.minhash.Signatures;
import org.neardup.verify.Verifier;
import org.neardup.verify.VerifyMode;

class SignatureStoreTest {
  private static final Banding BANDING = new Banding(LshParams.of(21, 6));

  /** Signatures that share a random part of their values, as similar documents do. */
  private static int[][] signatures(int count, int length, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    int[] base = random.ints(length).toArray();
    int[][] signatures = new int[count][];
    for (int i = 0; i < count; i++) {
      double shared = random.nextDouble();
      signatures[i] = new int[length];
      for (int v = 0; v < length; v++) {
        signatures[i][v] = random.nextDouble() < shared ? base[v] : random.nextInt();
      }
    }
    return signatures;
  }

  @Test
  void packedAgreementIsNeverBelowTheFullOneAndBandsThatAgreeAreSeen() {
    for (int length : new int[] {128, 130, 7 * 18}) {
      int[][] signatures = signatures(300, length, length);
      Banding banding = new Banding(LshParams.of(length / 7, 7));
      try (SignatureStore store =
          new SignatureStore(length, banding, MemoryBudget.ofHeap(1 << 30, null))) {
        for (int[] signature : signatures) {
          store.add(signature, null);
        }
        assertThat(store.keepsFull()).isTrue();
        for (int a = 0; a < signatures.length; a++) {
          for (int b = 0; b < signatures.length; b += 7) {
            int full = Signatures.agreement(signatures[a], signatures[b]);
            assertThat(store.packedAgreement(a, b))
                .isGreaterThanOrEqualTo(full)
                .isLessThanOrEqualTo(length);
            if (a == b) {
              assertThat(store.packedAgreement(a, b)).isEqualTo(length);
            }
            for (int band = 1; band < length / 7; band++) {
              if (sharesBandBefore(signatures[a], signatures[b], band, 7)) {
                assertThat(store.mayShareEarlierBand(a, b, band)).isTrue();
              }
            }
          }
        }
        assertThat(store.full(5)).containsExactly(signatures[5]);
      }
    }
  }

  private static boolean sharesBandBefore(int[] a, int[] b, int band, int rows) {
    for (int earlier = 0; earlier < band; earlier++) {
      boolean equal = true;
      for (int r = earlier * rows; r < (earlier + 1) * rows; r++) {
        equal &= a[r] == b[r];
      }
      if (equal) {
        return true;
      }
    }
    return false;
  }

  @Test
  void fullSignaturesAreDroppedPastTheirBudgetButPackedOnesStay() {
    int[][] signatures = signatures(100, 128, 3);
    MemoryBudget budget = new MemoryBudget(0, 50 * 4 * 128, 1 << 20, 0, 0, null);
    try (SignatureStore store = new SignatureStore(128, BANDING, budget)) {
      for (int[] signature : signatures) {
        store.add(signature, null);
      }
      assertThat(store.keepsFull()).isFalse();
      assertThatThrownBy(() -> store.full(0)).isInstanceOf(IllegalStateException.class);
      assertThat(store.packedAgreement(10, 10)).isEqualTo(128);
      assertThat(store.size()).isEqualTo(100);
    }
  }

  /**
   * Once full signatures are dropped (part way through: bits for the documents before are made from
   * the full ones, after from each signature added), the packed filter passes every pair the full
   * filter passes, and holds pairs of well-filled signatures to the binomial minimum: of pairs
   * whose packed agreement lies between the two minimums, those with a small set's signature (few
   * distinct values) pass and those of two well-filled ones do not.
   */
  @Test
  void packedFilterWithWellFilledBitsPassesWhatTheFullOnePasses() {
    int length = 128;
    Verifier verifier = new Verifier(0.8, length, VerifyMode.EXACT);
    AgreementFilter filter = verifier.filter();
    SplittableRandom random = new SplittableRandom(9);
    int count = 400;
    int[][] signatures = new int[count][];
    int[] base = random.ints(length).toArray();
    int[] smallBase =
        random.ints(length, 0, 12).toArray(); // a small set's signature: few distinct values
    for (int i = 0; i < count; i++) {
      boolean small = i % 5 == 0;
      double shared = 0.45 + 0.55 * random.nextDouble();
      signatures[i] = new int[length];
      for (int v = 0; v < length; v++) {
        boolean same = random.nextDouble() < shared;
        signatures[i][v] =
            small ? (same ? smallBase[v] : random.nextInt(12)) : same ? base[v] : random.nextInt();
      }
    }
    MemoryBudget budget = new MemoryBudget(0, 150 * 4 * length, 1 << 20, 0, 0, null);
    try (SignatureStore store = new SignatureStore(length, BANDING, budget, 0, verifier)) {
      for (int[] signature : signatures) {
        store.add(signature, null);
      }
      assertThat(store.keepsFull()).isFalse();
      long[] differences = new long[store.words()];
      int heldToBinomial = 0;
      int passedAsSmall = 0;
      for (int a = 0; a < count; a++) {
        for (int b = a + 1; b < count; b += 3) {
          store.differences(a, b, differences);
          boolean packed = store.passes(differences, a, b);
          if (filter.passes(signatures[a], signatures[b])) {
            assertThat(packed).as("pair %d %d", a, b).isTrue();
          }
          int agreement = store.agreement(differences);
          if (agreement >= filter.looseMinimum() && agreement < filter.binomialMinimum()) {
            boolean bothWellFilled =
                filter.wellFilled(signatures[a], 0) && filter.wellFilled(signatures[b], 0);
            assertThat(packed).isEqualTo(!bothWellFilled);
            heldToBinomial += bothWellFilled ? 1 : 0;
            passedAsSmall += bothWellFilled ? 0 : 1;
          }
        }
      }
      assertThat(heldToBinomial)
          .as("well-filled pairs between the minimums, dropped")
          .isGreaterThan(20);
      assertThat(passedAsSmall)
          .as("small sets' pairs between the minimums, kept")
          .isGreaterThan(20);
    }
  }
}
