package org.neardup.batch.spill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.neardup.sort.SpillFile;

class HeldSketchesTest {
  @Test
  void setsPastTheBudgetWaitInTheFileAndComeBackTheSame() {
    long before = SpillFile.bytesInUse();
    SplittableRandom random = new SplittableRandom(4);
    long[][] sets = new long[200][];
    try (HeldSketches held =
        new HeldSketches(
            20_000,
            null,
            text -> {
              throw new AssertionError("no text was held");
            })) {
      for (int i = 0; i < sets.length; i++) {
        sets[i] =
            LongStream.generate(random::nextLong)
                .limit(random.nextInt(1, 300))
                .sorted()
                .distinct()
                .toArray();
        held.hold(i, sets[i], new int[] {i}, null);
      }
      assertThat(held.spilledSets()).isGreaterThan(150);
      for (int i = sets.length - 1; i >= 0; i--) {
        assertThat(held.shingles(i)).as("set %d", i).containsExactly(sets[i]);
        assertThat(held.signature(i)).containsExactly(i);
        held.release(i);
      }
      assertThatThrownBy(() -> held.shingles(3)).isInstanceOf(IllegalStateException.class);
    }
    assertThat(SpillFile.bytesInUse()).isEqualTo(before);
  }

  /**
   * Entries are kept by ordinal in chunks: ordinals far apart, at chunk edges, held out of order,
   * each comes back as held until released; one never held, or released, is an error.
   */
  @Test
  void ordinalsAcrossChunksEachKeepTheirEntry() {
    int[] ordinals = {16_384, 0, 16_383, 5_000_000, 16_385, 49_151, 2_000_000_000};
    try (HeldSketches held =
        new HeldSketches(
            1 << 20,
            null,
            text -> {
              throw new AssertionError("nothing spilled");
            })) {
      for (int ordinal : ordinals) {
        held.hold(ordinal, new long[] {ordinal, ordinal + 1L}, new int[] {ordinal}, null);
      }
      for (int ordinal : ordinals) {
        assertThat(held.shingles(ordinal)).containsExactly(ordinal, ordinal + 1L);
        assertThat(held.signature(ordinal)).containsExactly(ordinal);
      }
      assertThatThrownBy(() -> held.shingles(16_386)).isInstanceOf(IllegalStateException.class);
      assertThatThrownBy(() -> held.shingles(1_999_999_999))
          .isInstanceOf(IllegalStateException.class);
      held.release(5_000_000);
      held.release(5_000_000); // twice: nothing more to release
      assertThatThrownBy(() -> held.signature(5_000_000)).isInstanceOf(IllegalStateException.class);
      assertThat(held.shingles(16_384)).containsExactly(16_384, 16_385);
    }
  }

  /**
   * Past the budget, sets wait in the file until it holds {@value HeldSketches#SET_FILE_FACTOR}
   * times the budget; then texts do (Latin-1 ones as bytes, others as UTF-16, lone surrogates
   * included), and their sets are made again from them: every set comes back the same.
   */
  @Test
  void pastAFileOfSetsTextsWaitInTheFileAndMakeTheirSetsAgain() {
    long before = SpillFile.bytesInUse();
    SplittableRandom random = new SplittableRandom(5);
    String[] texts = new String[300];
    Map<String, long[]> setsOf = new ConcurrentHashMap<>();
    AtomicInteger madeAgain = new AtomicInteger();
    int budget = 2_000;
    try (HeldSketches held =
        new HeldSketches(
            budget,
            null,
            text -> {
              madeAgain.incrementAndGet();
              return setsOf.get(text);
            })) {
      long textBytes = 0;
      for (int i = 0; i < texts.length; i++) {
        texts[i] = randomText(random, i % 3);
        textBytes +=
            texts[i].chars().allMatch(c -> c < 256) ? texts[i].length() : 2L * texts[i].length();
        long[] set =
            LongStream.generate(random::nextLong)
                .limit(random.nextInt(1, 300))
                .sorted()
                .distinct()
                .toArray();
        setsOf.put(texts[i], set);
        held.hold(i, set, new int[] {i}, texts[i]);
      }
      assertThat(held.spilledSets()).isGreaterThan(250);
      // sets up to the limit (the last one may cross it by one set), texts after
      assertThat(held.spilledBytes())
          .isLessThanOrEqualTo(HeldSketches.SET_FILE_FACTOR * budget + 8 * 300 + textBytes);
      for (int i = texts.length - 1; i >= 0; i--) {
        assertThat(held.shingles(i)).as("set %d", i).containsExactly(setsOf.get(texts[i]));
        assertThat(held.signature(i)).containsExactly(i);
        held.release(i);
      }
      assertThat(madeAgain.get()).isGreaterThan(200);
    }
    assertThat(SpillFile.bytesInUse()).isEqualTo(before);
  }

  /**
   * Shingle hashes held unsorted (in text order, repeats included) come back as they were held, in
   * the same order: from memory, from the file, or made again from the text where they wait there
   * as their text, for threads asking at once; memory counts what was held and is given back on
   * release.
   */
  @Test
  void hashesHeldUnsortedComeBackAsHeld() throws Exception {
    SplittableRandom random = new SplittableRandom(6);
    int count = 400;
    long[][] hashes = new long[count][];
    String[] texts = new String[count];
    Map<String, long[]> hashesOf = new ConcurrentHashMap<>();
    AtomicInteger madeAgain = new AtomicInteger();
    int budget = 10_000;
    try (HeldSketches held =
        new HeldSketches(
            budget,
            null,
            text -> {
              madeAgain.incrementAndGet();
              return hashesOf.get(text).clone();
            })) {
      for (int i = 0; i < count; i++) {
        hashes[i] = random.longs(random.nextInt(1, 200), 0, 150).toArray(); // repeats, any order
        texts[i] = "text " + i;
        hashesOf.put(texts[i], hashes[i]);
        held.hold(i, hashes[i], new int[] {i}, texts[i]);
      }
      assertThat(held.spilledBytes()).isGreaterThanOrEqualTo(HeldSketches.SET_FILE_FACTOR * budget);
      Thread[] threads = new Thread[4];
      java.util.List<Throwable> failures =
          java.util.Collections.synchronizedList(new java.util.ArrayList<>());
      for (int t = 0; t < threads.length; t++) {
        threads[t] =
            new Thread(
                () -> {
                  for (int i = 0; i < count; i++) {
                    try {
                      assertThat(held.shingles(i)).as("hashes %d", i).containsExactly(hashes[i]);
                    } catch (Throwable e) {
                      failures.add(e);
                    }
                  }
                });
        threads[t].start();
      }
      for (Thread thread : threads) {
        thread.join();
      }
      assertThat(failures).isEmpty();
      assertThat(madeAgain.get()).as("texts waiting in the file").isGreaterThan(0);
      for (int i = 0; i < count; i++) {
        held.release(i);
      }
      long spilled = held.spilledSets();
      // everything given back: hashes of nearly the whole budget fit in memory again
      long[] large = LongStream.range(0, (budget - 200) / 8).toArray();
      held.hold(count, large, new int[] {count}, null);
      assertThat(held.spilledSets()).isEqualTo(spilled);
      assertThat(held.shingles(count)).isSameAs(large);
    }
  }

  /** ASCII (kind 0), Latin-1 with accents (1), or any chars with lone surrogates (2). */
  private static String randomText(SplittableRandom random, int kind) {
    StringBuilder text = new StringBuilder();
    int length = random.nextInt(0, 400);
    for (int i = 0; i < length; i++) {
      text.append(
          (char)
              (kind == 0
                  ? random.nextInt(32, 127)
                  : kind == 1
                      ? random.nextInt(32, 256)
                      : random.nextInt(2) == 0
                          ? random.nextInt(0xD800, 0xE000)
                          : random.nextInt(0, 0x10000)));
    }
    return text.append(':').append(random.nextLong()).toString(); // distinct keys for the map
  }
}
