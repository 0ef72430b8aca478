package org.neardup.lsh;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class BucketTableTest {
  /** Property over 30 seeded runs: random adds and removes agree with a plain map of sets. */
  @Test
  void behavesLikeAMapOfSetsUnderRandomAddsAndRemoves() {
    SplittableRandom seeds = new SplittableRandom(0xb0c4);
    for (int trial = 0; trial < 30; trial++) {
      SplittableRandom random = new SplittableRandom(seeds.nextLong());
      int keySpace = 1 + random.nextInt(200); // few keys: big buckets; many keys: singletons
      BucketTable table = new BucketTable(random.nextInt(64));
      Map<Long, TreeSet<Integer>> reference = new HashMap<>();
      for (int step = 0; step < 5000; step++) {
        long key =
            random.nextInt(keySpace) * 0x9E3779B97F4A7C15L; // spread, with collisions of slots
        int handle = random.nextInt(300);
        TreeSet<Integer> members = reference.computeIfAbsent(key, k -> new TreeSet<>());
        if (random.nextInt(3) > 0 && !members.contains(handle)) {
          table.add(key, handle);
          members.add(handle);
        } else {
          assertThat(table.remove(key, handle)).isEqualTo(members.remove(handle));
        }
      }
      long entries = 0;
      int buckets = 0;
      for (Map.Entry<Long, TreeSet<Integer>> e : reference.entrySet()) {
        List<Integer> got = new ArrayList<>();
        table.forEach(e.getKey(), got::add);
        assertThat(new TreeSet<>(got)).isEqualTo(e.getValue());
        assertThat(got).hasSameSizeAs(e.getValue());
        assertThat(table.size(e.getKey())).isEqualTo(e.getValue().size());
        entries += e.getValue().size();
        buckets += e.getValue().isEmpty() ? 0 : 1;
      }
      assertThat(table.entries()).isEqualTo(entries);
      assertThat(table.buckets()).isEqualTo(buckets);
    }
  }

  @Test
  void unionIsTheSortedDistinctMembersOfTheBuckets() {
    BucketTable table = new BucketTable(4);
    table.add(1, 5);
    table.add(1, 3);
    table.add(2, 3);
    table.add(2, 9);
    table.add(3, 7);
    assertThat(table.union(new long[] {1, 2, 4})).containsExactly(3, 5, 9);
    assertThat(table.union(new long[] {4})).isEmpty();
  }

  @Test
  void pairsUpperBoundSumsThePairsOfEachBucket() {
    BucketTable table = new BucketTable(4);
    for (int h = 0; h < 4; h++) {
      table.add(10, h); // 6 pairs
    }
    table.add(11, 0);
    table.add(11, 1); // 1 pair
    table.add(12, 2); // none
    assertThat(table.pairsUpperBound()).isEqualTo(7);
  }

  @Test
  void aTableThatLostItsEntriesShrinksBackToItsInitialSize() {
    BucketTable table = new BucketTable(16);
    long initial = table.memoryBytes();
    for (int h = 0; h < 200_000; h++) {
      table.add(h * 0x9E3779B97F4A7C15L, h);
      table.add(h % 1000, h); // 1000 big buckets
    }
    assertThat(table.memoryBytes()).isGreaterThan(100 * initial);
    for (int h = 0; h < 200_000; h++) {
      assertThat(table.remove(h * 0x9E3779B97F4A7C15L, h)).isTrue();
      assertThat(table.remove(h % 1000, h)).isTrue();
    }
    assertThat(table.entries()).isZero();
    assertThat(table.memoryBytes()).isLessThanOrEqualTo(2 * initial);
  }
}
