package org.neardup.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class ParityBitmapTest {
  /** Pairs of every similarity around the thresholds: a pair at or above t is never ruled out. */
  @Test
  void neverRulesOutAPairAtOrAboveTheThresholdAndRulesOutMostFarBelow() {
    SplittableRandom random = new SplittableRandom(9);
    long[] bitmaps = new long[128];
    int ruledOutFarBelow = 0;
    int farBelow = 0;
    for (int trial = 0; trial < 20_000; trial++) {
      int size = random.nextInt(1, 1500);
      long[] a = LongStream.generate(random::nextLong).limit(size).sorted().distinct().toArray();
      double keep = random.nextDouble();
      long[] b =
          LongStream.concat(
                  LongStream.of(a).filter(x -> random.nextDouble() < keep),
                  LongStream.generate(random::nextLong).limit(random.nextInt(0, size + 1)))
              .sorted()
              .distinct()
              .toArray();
      if (b.length == 0) {
        continue;
      }
      double similarity = Jaccard.similarity(a, b);
      for (double threshold : new double[] {0.3, 0.5, 0.8, 0.9, 1.0}) {
        int words = ParityBitmap.wordsFor(threshold);
        ParityBitmap.write(a, bitmaps, 0, words);
        ParityBitmap.write(b, bitmaps, 64, words);
        boolean may =
            ParityBitmap.mayReach(bitmaps, 0, a.length, bitmaps, 64, b.length, words, threshold);
        if (similarity >= threshold) {
          assertThat(may)
              .as("J = %s at t = %s, sizes %d and %d", similarity, threshold, a.length, b.length)
              .isTrue();
        }
        if ((threshold == 0.8 && similarity < 0.5 || threshold == 0.3 && similarity < 0.15)
            && a.length + b.length > 400) {
          farBelow++;
          ruledOutFarBelow += may ? 0 : 1;
        }
      }
    }
    assertThat(farBelow).isGreaterThan(1000);
    assertThat((double) ruledOutFarBelow / farBelow).isGreaterThan(0.9);
  }
}
