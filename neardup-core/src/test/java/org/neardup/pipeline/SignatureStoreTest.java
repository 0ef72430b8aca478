package org.neardup.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.neardup.lsh.Banding;
import org.neardup.lsh.LshParams;
import org.neardup.minhash.Signatures;

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
      try (SignatureStore store = new SignatureStore(length, banding, MemoryBudget.ofHeap(1 << 30, null))) {
        for (int[] signature : signatures) {
          store.add(signature, null);
        }
        assertThat(store.keepsFull()).isTrue();
        for (int a = 0; a < signatures.length; a++) {
          for (int b = 0; b < signatures.length; b += 7) {
            int full = Signatures.agreement(signatures[a], signatures[b]);
            assertThat(store.packedAgreement(a, b)).isGreaterThanOrEqualTo(full).isLessThanOrEqualTo(length);
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
}
