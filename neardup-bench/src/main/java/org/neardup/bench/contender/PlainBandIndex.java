package org.neardup.bench.contender;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import org.neardup.lsh.LshParams;

/**
 * The banding index a typical user writes, as in datasketch: one hash table per band, from bucket
 * key to the list of documents in the bucket. Inserting is single-threaded; queries may run
 * concurrently once all documents are in.
 */
final class PlainBandIndex {
  private final List<Map<Long, List<Integer>>> tables = new ArrayList<>();

  PlainBandIndex(int bands) {
    for (int band = 0; band < bands; band++) {
      tables.add(new HashMap<>());
    }
  }

  /**
   * The b bucket keys of a signature: a 64-bit polynomial hash of each band's r values (b * r
   * values are used; any beyond go unused, as in datasketch).
   */
  static long[] bandKeys(int[] signature, LshParams params) {
    long[] keys = new long[params.bands()];
    for (int band = 0, offset = 0; band < keys.length; band++, offset += params.rows()) {
      long h = 1;
      for (int row = 0; row < params.rows(); row++) {
        h = h * 0x9E3779B97F4A7C15L + (signature[offset + row] & 0xFFFFFFFFL);
      }
      keys[band] = h;
    }
    return keys;
  }

  /** Files document {@code ordinal} under bucket {@code keys[band]} of each band. */
  void insert(int ordinal, long[] keys) {
    for (int band = 0; band < tables.size(); band++) {
      tables.get(band).computeIfAbsent(keys[band], k -> new ArrayList<>(2)).add(ordinal);
    }
  }

  /**
   * The documents sharing at least one bucket with {@code keys}, in no particular order, with
   * repeats.
   */
  void forEachInBuckets(long[] keys, IntConsumer consumer) {
    for (int band = 0; band < tables.size(); band++) {
      List<Integer> bucket = tables.get(band).get(keys[band]);
      if (bucket != null) {
        for (int ordinal : bucket) {
          consumer.accept(ordinal);
        }
      }
    }
  }
}
