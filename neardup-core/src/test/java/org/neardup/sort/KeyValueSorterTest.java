package org.neardup.sort;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KeyValueSorterTest {
  private record Entry(long key, int value) {}

  private static final Comparator<Entry> ORDER =
      Comparator.comparingLong(Entry::key).thenComparingInt(Entry::value);

  /**
   * Random entries, few or many distinct keys, through buffers from 1 entry to more than all of
   * them.
   */
  @ParameterizedTest
  @CsvSource({
    "0, 10, true",
    "1, 10, true",
    "1000, 1, true",
    "1000, 7, true",
    "5000, 64, true",
    "5000, 100000, true",
    "20000, 100, true",
    "20000, 100, false",
    "3000, 13, false",
    "3000, 100000, false"
  })
  void givesEveryEntryInKeyThenValueOrder(int entries, int buffer, boolean withValues) {
    for (int kind = 0; kind < 3; kind++) {
      SplittableRandom random = new SplittableRandom(entries * 31L + buffer + kind);
      List<Entry> expected = new ArrayList<>();
      long before = SpillFile.bytesInUse();
      try (KeyValueSorter sorter = new KeyValueSorter(buffer, withValues, null, "neardup-test-")) {
        for (int i = 0; i < entries; i++) {
          long key =
              kind == 0
                  ? random.nextLong()
                  : kind == 1
                      ? random.nextLong(-50, 50) // many ties, both signs
                      : random.nextLong()
                          & 0xFFFF_0000_0000_FFFFL; // ties in the high bits, not in the key
          int value = withValues ? random.nextInt() : 0;
          sorter.add(key, value);
          expected.add(new Entry(key, value));
        }
        expected.sort(ORDER);
        assertThat(sorter.size()).isEqualTo(entries);
        List<Entry> got = new ArrayList<>();
        try (SortedEntries sorted = sorter.sorted()) {
          while (sorted.next()) {
            got.add(new Entry(sorted.key(), sorted.value()));
          }
        }
        assertThat(got).isEqualTo(expected);
        if (entries > buffer) {
          assertThat(sorter.spilledBytes()).isPositive();
        }
      }
      assertThat(SpillFile.bytesInUse()).isEqualTo(before);
    }
  }

  @Test
  void mergesMoreRunsThanItsFanInInSeveralPasses() {
    int entries = 30_000;
    try (KeyValueSorter sorter = new KeyValueSorter(100, true, null, "neardup-test-")) {
      SplittableRandom random = new SplittableRandom(3);
      long[] keys = new long[entries];
      for (int i = 0; i < entries; i++) {
        keys[i] = random.nextLong();
        sorter.add(keys[i], i);
      }
      assertThat(sorter.runCount()).isGreaterThan(KeyValueSorter.MAX_FAN_IN);
      java.util.Arrays.sort(keys);
      try (SortedEntries sorted = sorter.sorted()) {
        for (long key : keys) {
          assertThat(sorted.next()).isTrue();
          assertThat(sorted.key()).isEqualTo(key);
        }
        assertThat(sorted.next()).isFalse();
      }
    }
  }

  @Test
  void valuesAddedInOrderStayInOrderUnderEqualKeys() {
    try (KeyValueSorter sorter = new KeyValueSorter(64, true, null, "neardup-test-")) {
      for (int i = 0; i < 1000; i++) {
        sorter.add(i % 3 == 0 ? 42 : i, i);
      }
      try (SortedEntries sorted = sorter.sorted()) {
        int previous = -1;
        while (sorted.next()) {
          if (sorted.key() == 42) {
            assertThat(sorted.value()).isGreaterThan(previous);
            previous = sorted.value();
          }
        }
        assertThat(previous).isEqualTo(999);
      }
    }
  }
}
