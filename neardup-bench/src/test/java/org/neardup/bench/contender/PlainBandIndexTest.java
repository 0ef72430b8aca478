package org.neardup.bench.contender;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.neardup.lsh.LshParams;

class PlainBandIndexTest {
  private static final LshParams TWO_BY_THREE = LshParams.of(2, 3);

  @Test
  void documentsSharingOneBandAreFound() {
    long[] a = PlainBandIndex.bandKeys(new int[] {1, 2, 3, 4, 5, 6, 99}, TWO_BY_THREE);
    long[] b = PlainBandIndex.bandKeys(new int[] {1, 2, 3, 7, 8, 9, 98}, TWO_BY_THREE);
    long[] c = PlainBandIndex.bandKeys(new int[] {3, 2, 1, 6, 5, 4, 97}, TWO_BY_THREE);
    PlainBandIndex index = new PlainBandIndex(2);
    index.insert(0, a);
    index.insert(1, b);
    index.insert(2, c);
    List<Integer> found = new ArrayList<>();
    index.forEachInBuckets(a, found::add);
    // b shares the first band; c has the same values in another order, so no band; values past
    // b * r are unused.
    assertThat(found).containsExactlyInAnyOrder(0, 0, 1);
  }
}
