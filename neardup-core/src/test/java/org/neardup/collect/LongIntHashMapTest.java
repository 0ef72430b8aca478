package org.neardup.collect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LongIntHashMapTest {
  @Test
  void anAbsentKeyGivesAbsentAndPutReturnsThePreviousValue() {
    LongIntHashMap map = new LongIntHashMap(4);
    assertThat(map.get(42)).isEqualTo(LongIntHashMap.ABSENT);
    assertThat(map.put(42, 7)).isEqualTo(LongIntHashMap.ABSENT);
    assertThat(map.put(42, 9)).isEqualTo(7);
    assertThat(map.get(42)).isEqualTo(9);
    assertThat(map.size()).isEqualTo(1);
  }

  @Test
  void storingAbsentEmptiesAnEntryButTheKeyStaysCounted() {
    LongIntHashMap map = new LongIntHashMap(4);
    map.put(-1L, 3);
    map.put(-1L, LongIntHashMap.ABSENT);
    assertThat(map.get(-1L)).isEqualTo(LongIntHashMap.ABSENT);
    assertThat(map.size()).isEqualTo(1);
  }

  @Test
  void agreesWithAHashMapWellPastItsExpectedSize() {
    SplittableRandom random = new SplittableRandom(0x5eedL);
    LongIntHashMap map = new LongIntHashMap(16);
    Map<Long, Integer> expected = new HashMap<>();
    for (int i = 0; i < 50_000; i++) {
      // keys that differ in their low bits only, and random ones
      long key = i % 2 == 0 ? i : random.nextLong();
      int value = random.nextInt(1 << 20);
      Integer previous = expected.put(key, value);
      assertThat(map.put(key, value))
          .isEqualTo(previous == null ? LongIntHashMap.ABSENT : previous);
    }
    assertThat(map.size()).isEqualTo(expected.size());
    expected.forEach((key, value) -> assertThat(map.get(key)).isEqualTo(value));
    assertThat(map.get(Long.MIN_VALUE)).isEqualTo(LongIntHashMap.ABSENT);
    Map<Long, Integer> visited = new HashMap<>();
    map.forEach((key, value) -> assertThat(visited.put(key, value)).isNull());
    assertThat(visited).isEqualTo(expected);
  }
}
