package org.neardup.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class CompactShingleSetFormatTest {
  private static long[] roundTrip(long[] set) {
    byte[] bytes = CompactShingleSetFormat.encode(set);
    long[] read = CompactShingleSetFormat.decode(bytes, set.length, "x.nds", 0);
    assertThat(read).containsExactly(set);
    return read;
  }

  @Test
  void setsOfEverySizeAndShapeReadBackAsWritten() {
    roundTrip(new long[0]);
    roundTrip(new long[] {Long.MIN_VALUE});
    roundTrip(new long[] {Long.MAX_VALUE});
    roundTrip(new long[] {0});
    roundTrip(new long[] {Long.MIN_VALUE, Long.MAX_VALUE});
    roundTrip(
        new long[] {
          Long.MIN_VALUE, Long.MIN_VALUE + 1, -1, 0, 1, Long.MAX_VALUE - 1, Long.MAX_VALUE
        });
    roundTrip(LongStream.range(-1000, 1000).toArray()); // consecutive: k = 0, one bit a hash
    roundTrip(
        new long[] {
          Long.MIN_VALUE, Long.MIN_VALUE + 1, Long.MAX_VALUE
        }); // one gap far above the mean
    SplittableRandom random = new SplittableRandom(0x5eed);
    for (int size : new int[] {1, 2, 3, 10, 127, 128, 1500, 100_000}) {
      for (int round = 0; round < 5; round++) {
        roundTrip(random.longs(size).sorted().distinct().toArray());
        roundTrip(random.longs(size, -50_000, 50_000).sorted().distinct().toArray()); // dense
      }
    }
  }

  /** About k + 2 bits a hash: 55 for 1,500 random hashes, against 64 raw. */
  @Test
  void randomHashesTakeAboutSevenBytesEach() {
    SplittableRandom random = new SplittableRandom(7);
    long[] set = random.longs(1500).sorted().distinct().toArray();
    int bytes = CompactShingleSetFormat.encode(set).length;
    assertThat((double) bytes / set.length).isBetween(6.5, 7.0);
  }

  /**
   * The layout byte for byte: k, then each gap's unary quotient, its zero-bit and its k low bits.
   */
  @Test
  void theBitsArePinned() {
    // u = h ^ 2^63: 0, 5, 6, 20 -> gaps 0, 4, 0, 13; mean 20 / 4 = 5 -> k = 2
    long[] set = {Long.MIN_VALUE, Long.MIN_VALUE + 5, Long.MIN_VALUE + 6, Long.MIN_VALUE + 20};
    // gap 0: 0 00; gap 4 (q 1, r 0): 10 00; gap 0: 0 00; gap 13 (q 3, r 1): 1110 10; in the bytes'
    // bits from the lowest: 000 1000 0 | 00 111010 -> 0x08, 0x5C
    assertThat(HexFormat.of().formatHex(CompactShingleSetFormat.encode(set))).isEqualTo("02085c");
  }

  @Test
  void corruptBytesAreRejectedWithTheirOffset() {
    long[] set = new SplittableRandom(3).longs(50).sorted().distinct().toArray();
    byte[] good = CompactShingleSetFormat.encode(set);
    assertThatThrownBy(
            () ->
                CompactShingleSetFormat.decode(
                    Arrays.copyOf(good, good.length - 2), set.length, "x.nds", 40))
        .isInstanceOf(CorruptFormatException.class)
        .hasMessageContaining("x.nds: compact shingle set ends inside a hash")
        .hasMessageContaining("at byte 40");
    assertThatThrownBy(
            () ->
                CompactShingleSetFormat.decode(
                    Arrays.copyOf(good, good.length + 1), set.length, "x.nds", 0))
        .hasMessageContaining("left over");
    byte[] badK = good.clone();
    badK[0] = 64;
    assertThatThrownBy(() -> CompactShingleSetFormat.decode(badK, set.length, "x.nds", 0))
        .hasMessageContaining("Rice parameter");
    assertThatThrownBy(() -> CompactShingleSetFormat.decode(new byte[] {1}, 0, "x.nds", 0))
        .hasMessageContaining("empty");
    byte[] ones = new byte[20];
    Arrays.fill(ones, (byte) 0xFF);
    ones[0] = 60; // k = 60: a quotient of 16 or more overflows 64 bits
    assertThatThrownBy(() -> CompactShingleSetFormat.decode(ones, 2, "x.nds", 0))
        .isInstanceOf(CorruptFormatException.class);
    assertThatThrownBy(() -> CompactShingleSetFormat.encode(new long[] {3, 3}))
        .hasMessageContaining("ascending");
  }
}
