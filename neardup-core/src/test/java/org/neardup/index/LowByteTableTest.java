package org.neardup.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.neardup.minhash.Signatures;

class LowByteTableTest {
  /**
   * Property over 20 seeded runs: after random puts (handles out of order, overwritten, past the
   * size, from a table sized for none or many), moves and a resize to the live handles, the
   * agreements of a batch are those of each document's own low bytes.
   */
  @Test
  void agreementsAreThoseOfEachDocumentsLowBytes() {
    SplittableRandom seeds = new SplittableRandom(0x10b7);
    for (int trial = 0; trial < 20; trial++) {
      SplittableRandom random = new SplittableRandom(seeds.nextLong());
      int n = new int[] {128, 100, 64, 7}[random.nextInt(4)];
      LowByteTable table = new LowByteTable();
      table.resize(random.nextInt(3) == 0 ? 0 : random.nextInt(500));
      Map<Integer, int[]> held = new HashMap<>();
      for (int step = 0; step < 600; step++) {
        int handle = random.nextInt(400);
        int[] signature = new int[n];
        for (int v = 0; v < n; v++) {
          signature[v] = random.nextInt(4) == 0 ? v : random.nextInt(); // some values shared by all
        }
        table.put(handle, signature);
        held.put(handle, signature);
      }
      for (int move = 0;
          move < 50;
          move++) { // as a compaction moves a live handle to a free one below
        int from = random.nextInt(400);
        int to = random.nextInt(400);
        if (held.containsKey(from) && !held.containsKey(to)) {
          table.move(from, to);
          held.put(to, held.remove(from));
        }
      }
      table.resize(held.keySet().stream().mapToInt(Integer::intValue).max().orElse(0) + 1);
      long[] handles = held.keySet().stream().mapToLong(Integer::longValue).toArray();
      for (int query = 0; query < 10; query++) {
        int[] querySignature = held.get((int) handles[random.nextInt(handles.length)]).clone();
        querySignature[random.nextInt(n)] ^= 1;
        long[] queryLowBytes = Signatures.lowBytes(querySignature);
        int[] agreements = new int[handles.length];
        table.agreements(handles, handles.length, queryLowBytes, n, agreements);
        for (int i = 0; i < handles.length; i++) {
          assertThat(agreements[i])
              .isEqualTo(
                  Signatures.lowByteAgreement(
                      queryLowBytes, Signatures.lowBytes(held.get((int) handles[i])), n));
        }
      }
    }
  }

  @Test
  void refusesSignaturesOfAnotherLength() {
    LowByteTable table = new LowByteTable();
    table.put(3, new int[128]);
    assertThatThrownBy(() -> table.put(4, new int[64]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("64 values");
  }
}
