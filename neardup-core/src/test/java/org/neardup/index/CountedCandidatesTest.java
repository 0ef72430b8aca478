package org.neardup.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Counting a query's bucket entries: every handle held by at least the minimum of buckets, once,
 * with its count, most first and ascending within equal counts (the order top-k search reads them
 * in), from entries in any order and from sorted ones alike; 500 seeded inputs against a map's
 * count.
 */
class CountedCandidatesTest {
  @Test
  void countsEachHandleOnceMostHitsFirstAboveTheMinimum() {
    SplittableRandom random = new SplittableRandom(0xc0de);
    for (int trial = 0; trial < 500; trial++) {
      int size = random.nextInt(200);
      int distinct = 1 + random.nextInt(60);
      int minimum = random.nextInt(4);
      long[] entries = new long[size + random.nextInt(5)]; // room past size, ignored
      for (int i = 0; i < size; i++) {
        entries[i] = random.nextInt(distinct) * 7L;
      }
      Map<Long, Integer> counts = new TreeMap<>();
      for (int i = 0; i < size; i++) {
        counts.merge(entries[i], 1, Integer::sum);
      }
      List<long[]> expected = new ArrayList<>();
      counts.forEach(
          (handle, hits) -> {
            if (hits >= minimum) {
              expected.add(new long[] {handle, hits});
            }
          });
      expected.sort(Comparator.<long[]>comparingLong(e -> -e[1]).thenComparingLong(e -> e[0]));
      long[] sorted = Arrays.stream(entries, 0, size).sorted().toArray();

      for (CountedCandidates counted :
          List.of(
              CountedCandidates.count(entries.clone(), size, minimum),
              CountedCandidates.countSorted(sorted, size, minimum))) {
        assertThat(counted.size()).isEqualTo(expected.size());
        for (int i = 0; i < expected.size(); i++) {
          assertThat(counted.handles()[i]).isEqualTo(expected.get(i)[0]);
          assertThat(counted.hits()[i]).isEqualTo((int) expected.get(i)[1]);
        }
      }
    }
  }
}
