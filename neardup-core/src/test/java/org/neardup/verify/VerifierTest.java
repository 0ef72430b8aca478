package org.neardup.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.neardup.minhash.Signatures;

class VerifierTest {
  private static final int N = 128;

  /** A signature agreeing with {@code base} on its first {@code agreeing} values. */
  private static int[] agreeingOn(int[] base, int agreeing) {
    int[] signature = base.clone();
    for (int i = agreeing; i < signature.length; i++) {
      signature[i] = ~signature[i];
    }
    return signature;
  }

  private static int[] randomSignature(SplittableRandom random) {
    return random.ints(N).toArray();
  }

  @Test
  void exactModeRejectsByTheFilterWithoutAskingForTheSets() {
    Verifier verifier = new Verifier(0.8, N, VerifyMode.EXACT);
    int[] base = randomSignature(new SplittableRandom(1));
    AtomicInteger asked = new AtomicInteger();
    Supplier<long[]> set =
        () -> {
          asked.incrementAndGet();
          return new long[] {1, 2, 3};
        };
    SignatureCheck far = verifier.check(base, agreeingOn(base, 40));
    assertThat(far.outcome()).isEqualTo(SignatureCheck.Outcome.REJECTED);
    assertThat(far.rejected()).isTrue();
    assertThat(far.mayBePair()).isFalse();
    assertThat(far.similarity()).isEqualTo(Jaccard.BELOW);
    assertThat(verifier.verify(base, agreeingOn(base, 40), set, set)).isEqualTo(Jaccard.BELOW);
    assertThat(asked).hasValue(0);
  }

  @Test
  void exactModeSendsAPairThatPassesTheFilterToTheExactStep() {
    Verifier verifier = new Verifier(0.5, N, VerifyMode.EXACT);
    int[] base = randomSignature(new SplittableRandom(2));
    SignatureCheck near = verifier.check(base, base.clone());
    assertThat(near.outcome()).isEqualTo(SignatureCheck.Outcome.NEEDS_SETS);
    assertThat(near.mayBePair()).isTrue();
    assertThatThrownBy(near::similarity).isInstanceOf(IllegalStateException.class);
    long[] a = {1, 2, 3, 4};
    long[] b = {2, 3, 4, 5};
    long[] c = {4, 5, 6, 7};
    assertThat(verifier.exact(a, b)).isEqualTo(3.0 / 5);
    assertThat(verifier.exact(a, c)).isEqualTo(Jaccard.BELOW); // 1/7 < 0.5
    assertThat(verifier.verify(base, base, () -> a, () -> b)).isEqualTo(3.0 / 5);
  }

  @Test
  void estimateModeIsDoneByTheSignaturesAloneAtTheThreshold() {
    Verifier verifier = new Verifier(0.75, N, VerifyMode.ESTIMATE);
    assertThat(verifier.needsSets()).isFalse();
    int[] base = randomSignature(new SplittableRandom(3));
    assertThat(verifier.minimumAgreement()).isEqualTo(96); // 96 / 128 = 0.75
    SignatureCheck at = verifier.check(base, agreeingOn(base, 96));
    assertThat(at.outcome()).isEqualTo(SignatureCheck.Outcome.DONE);
    assertThat(at.similarity()).isEqualTo(0.75);
    assertThat(at.mayBePair()).isTrue();
    SignatureCheck under = verifier.check(base, agreeingOn(base, 95));
    assertThat(under.outcome()).isEqualTo(SignatureCheck.Outcome.DONE);
    assertThat(under.rejected()).isFalse();
    assertThat(under.similarity()).isEqualTo(Jaccard.BELOW);
    assertThat(under.mayBePair()).isFalse();
    Supplier<long[]> never =
        () -> {
          throw new AssertionError("estimate mode reads no set");
        };
    assertThat(verifier.verify(base, agreeingOn(base, 100), never, never)).isEqualTo(100.0 / N);
  }

  /**
   * Property over seeded random pairs at every agreement: the check of signatures stored at offsets
   * in larger arrays is the check of the signatures alone, in both modes, and a pair agreeing on
   * fewer than {@link Verifier#minimumAgreement} values is never one that may be a pair.
   */
  @Test
  void theCheckAtOffsetsIsTheCheckOfTheSignaturesAndTheMinimumBoundsIt() {
    SplittableRandom random = new SplittableRandom(4);
    for (VerifyMode mode : VerifyMode.values()) {
      for (double threshold : new double[] {0.3, 0.5, 0.8, 0.95}) {
        Verifier verifier = new Verifier(threshold, N, mode);
        for (int agreeing = 0; agreeing <= N; agreeing++) {
          int[] a = randomSignature(random);
          int[] b = agreeingOn(a, agreeing);
          int[] valuesA = new int[3 * N];
          int[] valuesB = new int[2 * N];
          System.arraycopy(a, 0, valuesA, 2 * N, N);
          System.arraycopy(b, 0, valuesB, N, N);
          SignatureCheck alone = verifier.check(a, b);
          SignatureCheck stored = verifier.check(valuesA, 2 * N, valuesB, N);
          assertThat(stored.outcome())
              .as("%s %s %d", mode, threshold, agreeing)
              .isEqualTo(alone.outcome());
          if (!alone.needsSets()) {
            assertThat(stored.similarity()).isEqualTo(alone.similarity());
          }
          if (Signatures.agreement(a, b) < verifier.minimumAgreement()) {
            assertThat(alone.mayBePair()).as("%s %s %d", mode, threshold, agreeing).isFalse();
          }
        }
      }
    }
  }

  @Test
  void theExactStepOverHashesInAnyOrderIsTheExactStepOverSortedSets() {
    Verifier verifier = new Verifier(0.3, N, VerifyMode.EXACT);
    SplittableRandom random = new SplittableRandom(5);
    for (int trial = 0; trial < 200; trial++) {
      long[] a = random.longs(1 + random.nextInt(60), 0, 80).toArray();
      long[] b = random.longs(1 + random.nextInt(60), 0, 80).toArray();
      long[] setA = LongStream.of(a).sorted().distinct().toArray();
      long[] setB = LongStream.of(b).sorted().distinct().toArray();
      assertThat(verifier.exactOfHashes(a, b)).isEqualTo(verifier.exact(setA, setB));
    }
  }
}
