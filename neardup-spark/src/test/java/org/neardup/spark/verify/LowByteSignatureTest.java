package org.neardup.spark.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.sketch.SketchParams;
import org.neardup.verify.Verifier;
import org.neardup.verify.VerifyMode;

class LowByteSignatureTest {
  private static final DocumentSketcher SKETCHER = DocumentSketcher.create(SketchParams.DEFAULT);

  @Test
  void passesEveryPairTheFullSignaturesPassAndFewOthers() {
    SplittableRandom random = new SplittableRandom(44);
    int passedFull = 0;
    int rejectedFull = 0;
    int passedOnlyLow = 0;
    int pairs = 4000;
    for (int p = 0; p < pairs; p++) {
      // short texts (few shingles, signatures not well filled) and long ones, at every overlap
      int words = random.nextInt(10) < 3 ? 2 + random.nextInt(6) : 20 + random.nextInt(80);
      StringBuilder a = new StringBuilder();
      StringBuilder b = new StringBuilder();
      double change = random.nextDouble() * 0.6;
      for (int w = 0; w < words; w++) {
        String word = "w" + random.nextInt(5000);
        a.append(word).append(' ');
        b.append(random.nextDouble() < change ? "x" + random.nextInt(5000) : word).append(' ');
      }
      int[] first = SKETCHER.sketch(a.toString()).signature();
      int[] second = SKETCHER.sketch(b.toString()).signature();
      int length = first.length;
      double threshold = random.nextBoolean() ? 0.8 : 0.5;
      Verifier verifier = new Verifier(threshold, length, VerifyMode.EXACT);

      boolean full = !verifier.check(first, second).rejected();
      // the second signature among others in one array, as a batch holds them
      int[] both = new int[2 * length];
      System.arraycopy(second, 0, both, length, length);
      LowByteSignature sent = LowByteSignature.of(both, length, length, verifier.filter());
      long[] batch = new long[2 * LowByteSignature.words(length)];
      System.arraycopy(
          sent.lowBytes(),
          0,
          batch,
          LowByteSignature.words(length),
          LowByteSignature.words(length));
      boolean low =
          LowByteSignature.of(first, 0, length, verifier.filter())
              .passes(
                  verifier.filter(),
                  length,
                  batch,
                  LowByteSignature.words(length),
                  sent.wellFilled());

      if (full) {
        assertThat(low).as("pair %d passes the full signatures' filter", p).isTrue();
        passedFull++;
      } else {
        rejectedFull++;
        passedOnlyLow += low ? 1 : 0;
      }
    }
    assertThat(passedFull).isGreaterThan(pairs / 10);
    assertThat(rejectedFull).isGreaterThan(pairs / 10);
    // two unequal values agree on their low byte with probability 1/256: few pairs change sides
    assertThat(passedOnlyLow).isLessThanOrEqualTo(rejectedFull / 50);
  }

  @Test
  void keepsTheLowBytesAndTheFillOfTheSignatureAtItsOffset() {
    int[] signature =
        SKETCHER.sketch("a text long enough to fill most of its signature bins").signature();
    int length = signature.length;
    int[] many = new int[3 * length];
    System.arraycopy(signature, 0, many, 2 * length, length);
    Verifier verifier = new Verifier(0.8, length, VerifyMode.EXACT);

    LowByteSignature low = LowByteSignature.of(many, 2 * length, length, verifier.filter());

    assertThat(low.lowBytes()).containsExactly(org.neardup.minhash.Signatures.lowBytes(signature));
    assertThat(low.wellFilled()).isEqualTo(verifier.filter().wellFilled(signature, 0));
  }
}
