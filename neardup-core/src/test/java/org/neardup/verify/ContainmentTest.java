package org.neardup.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class ContainmentTest {
  @Test
  void containmentIsTheShareOfTheQueryInTheOther() {
    long[] passage = {2, 4, 6, 8};
    long[] document = LongStream.rangeClosed(1, 100).toArray();
    assertThat(Containment.of(passage, document)).isEqualTo(1.0);
    assertThat(Containment.of(document, passage)).isEqualTo(0.04);
    assertThat(Containment.of(new long[] {2, 3, 1000}, new long[] {1, 2, 3})).isEqualTo(2.0 / 3);
    assertThat(Containment.of(new long[0], document)).isEqualTo(1.0);
  }

  @Test
  void atLeastReportsExactlyThePairsAtOrAboveTheThresholdWithTheirValue() {
    long[] query = LongStream.range(0, 10).toArray();
    long[] eight = LongStream.range(2, 50).toArray(); // holds 8 of the 10
    assertThat(Containment.atLeast(query, eight, 0.8)).isEqualTo(0.8); // exactly at the threshold
    assertThat(Containment.atLeast(query, eight, 0.81)).isEqualTo(Containment.BELOW);
    assertThat(Containment.atLeast(query, new long[] {1, 2, 3}, 0.5))
        .isEqualTo(Containment.BELOW); // too small
    assertThat(Containment.neededOverlap(10, 0.8)).isEqualTo(8);
    assertThat(Containment.neededOverlap(7, 0.5)).isEqualTo(4);
  }

  @Test
  void mergeAndGallopAgreeWithAPlainIntersectionOnRandomSets() {
    SplittableRandom random = new SplittableRandom(11);
    for (int round = 0; round < 2000; round++) {
      long[] query = randomSet(random, 1 + random.nextInt(60), 400);
      long[] other = randomSet(random, random.nextInt(round % 2 == 0 ? 80 : 3000), 400);
      int common = Jaccard.intersectionSize(query, other);
      int needed = random.nextInt(query.length + 1);
      int expected = common >= needed ? common : -1;
      assertThat(Containment.overlapAtLeast(query, other, needed))
          .as("round %d", round)
          .isEqualTo(expected);
      double t = (double) needed / query.length;
      double atLeast = Containment.atLeast(query, other, t);
      double exact = (double) common / query.length;
      assertThat(atLeast).isEqualTo(exact >= t ? exact : Containment.BELOW);
    }
  }

  private static long[] randomSet(SplittableRandom random, int size, int universe) {
    return LongStream.generate(() -> random.nextInt(universe))
        .limit(size)
        .sorted()
        .distinct()
        .toArray();
  }

  @Test
  void pairsCarryBothDirectionsAndTheirDirection() {
    ContainmentPair pair =
        ContainmentPair.of(7, 3, 8, 10, 40); // document 7 (10 shingles) lies in 3 (40)
    assertThat(pair.first()).isEqualTo(3);
    assertThat(pair.firstSize()).isEqualTo(40);
    assertThat(pair.secondInFirst()).isEqualTo(0.8);
    assertThat(pair.firstInSecond()).isEqualTo(0.2);
    assertThat(pair.containment()).isEqualTo(0.8);
    assertThat(pair.direction(0.8)).isEqualTo(ContainmentPair.Direction.SECOND_IN_FIRST);
    ContainmentPair both = ContainmentPair.of(1, 2, 9, 10, 10);
    assertThat(both.direction(0.8)).isEqualTo(ContainmentPair.Direction.BOTH);
    assertThat(Arrays.asList(ContainmentPair.Direction.values())).hasSize(3);
  }
}
