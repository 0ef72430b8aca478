package org.neardup.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class JaccardTableTest {
  /** The answer sorted sets give: the reference. */
  private static double expected(long[] hashesA, long[] hashesB, double threshold) {
    return Jaccard.similarityAtLeast(
        LongStream.of(hashesA).sorted().distinct().toArray(),
        LongStream.of(hashesB).sorted().distinct().toArray(),
        threshold);
  }

  /** Hashes in random order with repeats: {@code size} draws from {@code universe} values. */
  private static long[] hashes(SplittableRandom random, long[] universe, int size) {
    long[] hashes = new long[size];
    for (int i = 0; i < size; i++) {
      hashes[i] = universe[random.nextInt(universe.length)];
    }
    return hashes;
  }

  /**
   * Property over 4000 seeded random pairs, sizes 1 to 3000 (the table grows and is reused), any
   * order, repeats, heavy or light overlap, every threshold from 0.05 to 1: the same answer as the
   * sorted sets' merge, whether B is new to the table or kept from the call before.
   */
  @Test
  void sameAnswerAsSortedSetsForHashesInAnyOrderWithRepeats() {
    SplittableRandom random = new SplittableRandom(0x7ab1e);
    JaccardTable table = new JaccardTable();
    long[] kept = null;
    for (int trial = 0; trial < 4000; trial++) {
      int universeSize = 1 + random.nextInt(random.nextBoolean() ? 40 : 2000);
      long[] universe = random.longs(universeSize).toArray();
      long[] a = hashes(random, universe, 1 + random.nextInt(Math.min(3000, 2 * universeSize)));
      long[] b =
          kept != null && random.nextInt(3) == 0
              ? kept
              : hashes(random, universe, 1 + random.nextInt(Math.min(3000, 2 * universeSize)));
      double threshold = random.nextInt(1, 21) / 20.0;
      if (random.nextInt(4) == 0) {
        threshold = expected(a, b, 0.0001); // exactly at the pair's similarity: inclusive
        threshold = threshold < 0 ? 0.5 : threshold;
      }
      assertThat(table.atLeast(a, b, threshold))
          .as("trial %d", trial)
          .isEqualTo(expected(a, b, threshold));
      assertThat(JaccardTable.similarityAtLeast(a, b, threshold))
          .isEqualTo(expected(a, b, threshold));
      kept = b;
    }
  }

  /**
   * A kept B compared with many A's (a later member with many earlier ones), near-duplicates and
   * not.
   */
  @Test
  void aKeptTableAnswersEveryPairOfItsMember() {
    SplittableRandom random = new SplittableRandom(12);
    long[] universe = random.longs(1500).toArray();
    long[] b = hashes(random, universe, 1000);
    JaccardTable table = new JaccardTable();
    for (int trial = 0; trial < 300; trial++) {
      long[] a = b.clone();
      int edits = random.nextInt(a.length);
      for (int e = 0; e < edits; e++) {
        a[random.nextInt(a.length)] = random.nextLong();
      }
      assertThat(table.atLeast(a, b, 0.8)).isEqualTo(expected(a, b, 0.8));
      assertThat(table.atLeast(a, b, 0.3)).isEqualTo(expected(a, b, 0.3));
    }
  }

  @Test
  void emptyDocumentsAsJaccardHasThem() {
    JaccardTable table = new JaccardTable();
    assertThat(table.atLeast(new long[0], new long[0], 1)).isEqualTo(1.0);
    assertThat(table.atLeast(new long[0], new long[] {5}, 0.1)).isEqualTo(Jaccard.BELOW);
    assertThat(table.atLeast(new long[] {5, 5}, new long[0], 0.1)).isEqualTo(Jaccard.BELOW);
    assertThat(table.atLeast(new long[] {5, 5, 5}, new long[] {5}, 1)).isEqualTo(1.0);
  }

  /** Past the last stamp the marks are cleared and the kept table made again: answers unchanged. */
  @Test
  void answersStayTheSameAcrossTheEndOfTheStamps() {
    SplittableRandom random = new SplittableRandom(3);
    long[] universe = random.longs(300).toArray();
    JaccardTable table = new JaccardTable(Integer.MAX_VALUE - 20);
    long[] b = hashes(random, universe, 200);
    for (int trial = 0; trial < 60; trial++) {
      long[] a = hashes(random, universe, 200);
      if (trial % 7 == 0) {
        b = hashes(random, universe, 1 + random.nextInt(400));
      }
      assertThat(table.atLeast(a, b, 0.3)).as("trial %d", trial).isEqualTo(expected(a, b, 0.3));
      assertThat(table.atLeast(b, a, 0.2)).isEqualTo(expected(b, a, 0.2));
    }
  }
}
