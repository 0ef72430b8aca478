package org.neardup.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FloorTableTest {
  @TempDir Path dir;

  /**
   * Random adds and removals over few keys (long buckets, long probe runs, shifts back across the
   * table's end) and many (growth past the first size) answer as a map of lists does, and the
   * mapped files are gone from the directory as soon as they are made.
   */
  @Test
  void answersAsAMapOfListsThroughGrowthAndRemovals() throws IOException {
    SplittableRandom random = new SplittableRandom(0x5eedL);
    Map<Long, List<Integer>> expected = new HashMap<>();
    try (FloorTable table = new FloorTable(dir, 10)) {
      long slots = table.mappedBytes() / 12;
      int handle = 0;
      for (int step = 0; step < 200_000; step++) {
        long key = step < 100_000 ? random.nextInt(500) : random.nextLong();
        if (random.nextInt(4) == 0 && !expected.isEmpty()) {
          long victim = key;
          List<Integer> members = expected.get(victim);
          if (members == null || members.isEmpty()) {
            assertThat(table.remove(victim, 12345678)).isFalse();
            continue;
          }
          Integer gone = members.remove(random.nextInt(members.size()));
          assertThat(table.remove(victim, gone)).isTrue();
          assertThat(table.remove(victim, gone)).isFalse();
        } else {
          expected.computeIfAbsent(key, k -> new ArrayList<>()).add(handle);
          table.add(key, handle++);
        }
      }
      long held = expected.values().stream().mapToLong(List::size).sum();
      assertThat(table.entries()).isEqualTo(held);
      assertThat(table.mappedBytes() / 12).isGreaterThan(slots);
      for (Map.Entry<Long, List<Integer>> bucket : expected.entrySet()) {
        List<Integer> found = new ArrayList<>();
        table.forEach(bucket.getKey(), found::add);
        assertThat(found).containsExactlyInAnyOrderElementsOf(bucket.getValue());
      }
      List<Integer> none = new ArrayList<>();
      table.forEach(-1L, none::add);
      assertThat(none).isEmpty();
      try (var files = Files.list(dir)) {
        assertThat(files).isEmpty();
      }
    }
  }
}
