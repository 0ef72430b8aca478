package org.neardup.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.LongConsumer;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class ContainmentQueryTest {
  /** Posting lists of a list of sets: each shingle's documents, in ascending order. */
  private record MapPostings(Map<Long, List<Long>> lists) implements Postings {
    static MapPostings of(List<long[]> sets) {
      Map<Long, List<Long>> lists = new HashMap<>();
      for (int d = 0; d < sets.size(); d++) {
        for (long shingle : sets.get(d)) {
          lists.computeIfAbsent(shingle, s -> new ArrayList<>()).add((long) d);
        }
      }
      return new MapPostings(lists);
    }

    @Override
    public int size(long key) {
      return lists.getOrDefault(key, List.of()).size();
    }

    @Override
    public void forEach(long key, LongConsumer consumer) {
      lists.getOrDefault(key, List.of()).forEach(consumer::accept);
    }
  }

  /** The same lists in a store that cannot tell their lengths (as the RocksDB store). */
  private record UnsizedPostings(MapPostings postings) implements Postings {
    @Override
    public int size(long key) {
      return 0;
    }

    @Override
    public void forEach(long key, LongConsumer consumer) {
      postings.forEach(key, consumer);
    }
  }

  /**
   * Property over 300 seeded random corpora whose posting lists are of very different lengths (a
   * few shingles in most documents, most in few): the documents that pass the candidate rule (found
   * in the posting lists, then holding h of the k sampled shingles) are exactly those that hold h
   * of them, and the hits counted for each never exceed what it holds.
   */
  @Test
  void candidatesAreExactlyTheDocumentsHoldingEnoughSampledShingles() {
    candidatesAreExact(false);
  }

  /**
   * The same where the store cannot tell the lists' lengths: any k - h + 1 lists are read first.
   */
  @Test
  void candidatesAreExactWhereListLengthsAreUnknown() {
    candidatesAreExact(true);
  }

  private static void candidatesAreExact(boolean unsized) {
    SplittableRandom random = new SplittableRandom(0xc047);
    for (int trial = 0; trial < 300; trial++) {
      int universe = 20 + random.nextInt(200);
      double[] frequency = new double[universe];
      for (int s = 0; s < universe; s++) {
        frequency[s] = Math.pow(random.nextDouble(), 3); // mostly rare, some common
      }
      long[] query = randomSet(random, universe, 0.5, null);
      List<long[]> sets = new ArrayList<>();
      int documents = 1 + random.nextInt(300);
      for (int d = 0; d < documents; d++) {
        sets.add(randomSet(random, universe, 0, frequency));
      }
      double threshold = 0.5 + 0.5 * random.nextDouble();
      ContainmentQuery containment =
          new ContainmentQuery(
              new ContainmentPlan(threshold, 0.99, new ContainmentSample(1)), query);
      MapPostings postings = MapPostings.of(sets);
      ContainmentQuery.Candidates candidates =
          containment.candidates(unsized ? new UnsizedPostings(postings) : postings);

      TreeSet<Long> passing = new TreeSet<>();
      for (int i = 0; i < candidates.size(); i++) {
        if (candidates.holdsEnoughSampled(i, sets.get((int) candidates.handle(i)))) {
          passing.add(candidates.handle(i));
        }
      }
      TreeSet<Long> expected = new TreeSet<>();
      for (int d = 0; d < documents; d++) {
        if (query.length > 0 && containment.holdsEnoughSampled(sets.get(d))) {
          expected.add((long) d);
        }
      }
      assertThat(passing).as("trial %d", trial).isEqualTo(expected);
      for (int i = 1; i < candidates.size(); i++) {
        assertThat(candidates.handle(i)).isGreaterThan(candidates.handle(i - 1));
      }
    }
  }

  /** Shingles 0..universe-1, each in the set with probability p (or frequency[s]). */
  private static long[] randomSet(
      SplittableRandom random, int universe, double p, double[] frequency) {
    return LongStream.range(0, universe)
        .filter(s -> random.nextDouble() < (frequency == null ? p : frequency[(int) s]))
        .map(s -> s * 0x9E3779B97F4A7C15L)
        .sorted()
        .toArray();
  }
}
