package org.neardup.spark.lsh;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import org.neardup.spark.shuffle.IndexSort;

/**
 * Band entries packed into parallel arrays, what the banding shuffle moves: for each document and
 * band, the band's bucket key, the document's content fingerprint (to recognise exact copies) and
 * its ordinal, whose sign bit marks band 0 (ordinals are never negative, and a bucket's entries all
 * belong to one band, since the band is part of its key). 24 bytes an entry, a batch a destination,
 * no object a record. Sorted by bucket, then content, then ordinal, a bucket is one run and the
 * copies of one text a run within it, the first-read copy first. Mutable until sent; not
 * thread-safe.
 */
public final class BandEntries implements Serializable {
  private static final long serialVersionUID = 1L;
  private static final long BAND_ZERO = Long.MIN_VALUE;
  private static final int RADIX_BITS = 22;

  private long[] keys;
  private long[] contents;
  private long[] ordinals;
  private int size;

  public BandEntries() {
    this(16);
  }

  /** Entries with room for {@code capacity} entries before growing. */
  public BandEntries(int capacity) {
    keys = new long[capacity];
    contents = new long[capacity];
    ordinals = new long[capacity];
  }

  /** Adds the entry of a document (ordinal, content) in a bucket of band {@code band}. */
  public void add(long key, long content, long ordinal, int band) {
    if (size == keys.length) {
      int capacity = Math.max(16, 2 * size);
      keys = Arrays.copyOf(keys, capacity);
      contents = Arrays.copyOf(contents, capacity);
      ordinals = Arrays.copyOf(ordinals, capacity);
    }
    keys[size] = key;
    contents[size] = content;
    ordinals[size] = band == 0 ? ordinal | BAND_ZERO : ordinal;
    size++;
  }

  /** This batch with its arrays cut to its size, to send. */
  public BandEntries trimmed() {
    if (keys.length != size) {
      keys = Arrays.copyOf(keys, size);
      contents = Arrays.copyOf(contents, size);
      ordinals = Arrays.copyOf(ordinals, size);
    }
    return this;
  }

  public int size() {
    return size;
  }

  public long key(int i) {
    return keys[i];
  }

  public long content(int i) {
    return contents[i];
  }

  public long ordinal(int i) {
    return ordinals[i] & ~BAND_ZERO;
  }

  /** Whether entry {@code i} is of band 0. */
  public boolean isBandZero(int i) {
    return ordinals[i] < 0;
  }

  /** The entries of {@code batches} in one batch, sorted by (bucket, content, ordinal). */
  public static BandEntries sortedUnion(List<BandEntries> batches) {
    int total = 0;
    for (BandEntries batch : batches) {
      total += batch.size;
    }
    BandEntries all = new BandEntries(Math.max(1, total));
    for (BandEntries batch : batches) {
      System.arraycopy(batch.keys, 0, all.keys, all.size, batch.size);
      System.arraycopy(batch.contents, 0, all.contents, all.size, batch.size);
      System.arraycopy(batch.ordinals, 0, all.ordinals, all.size, batch.size);
      all.size += batch.size;
    }
    return all.sorted();
  }

  /**
   * A sorted copy: two passes of a radix sort on the keys' top {@value #RADIX_BITS} bits (keys are
   * hashes, so entries sharing those bits are an entry or two, but for the entries of one bucket
   * key), then each run of equal top bits sorted by the whole order.
   */
  BandEntries sorted() {
    int n = size;
    long[] top = new long[n];
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      top[i] = (keys[i] ^ Long.MIN_VALUE) >>> (64 - RADIX_BITS);
      order[i] = i;
    }
    long[] topScratch = new long[n];
    int[] orderScratch = new int[n];
    int digitBits = RADIX_BITS / 2;
    int[] counts = new int[1 << digitBits];
    for (int shift = 0; shift < RADIX_BITS; shift += digitBits) {
      Arrays.fill(counts, 0);
      for (int i = 0; i < n; i++) {
        counts[digit(top[i], shift, digitBits)]++;
      }
      for (int d = 0, sum = 0; d < counts.length; d++) {
        int count = counts[d];
        counts[d] = sum;
        sum += count;
      }
      for (int i = 0; i < n; i++) {
        int at = counts[digit(top[i], shift, digitBits)]++;
        topScratch[at] = top[i];
        orderScratch[at] = order[i];
      }
      long[] t = top;
      top = topScratch;
      topScratch = t;
      int[] o = order;
      order = orderScratch;
      orderScratch = o;
    }
    for (int from = 0, to; from < n; from = to) {
      to = from + 1;
      while (to < n && top[to] == top[from]) {
        to++;
      }
      if (to - from > 1) {
        IndexSort.sort(order, from, to, this::compare);
      }
    }
    BandEntries sorted = new BandEntries(Math.max(1, n));
    for (int i = 0; i < n; i++) {
      int from = order[i];
      sorted.keys[i] = keys[from];
      sorted.contents[i] = contents[from];
      sorted.ordinals[i] = ordinals[from];
    }
    sorted.size = n;
    return sorted;
  }

  private static int digit(long value, int shift, int bits) {
    return (int) (value >>> shift) & ((1 << bits) - 1);
  }

  private int compare(int i, int j) {
    int c = Long.compare(keys[i], keys[j]);
    if (c == 0) {
      c = Long.compare(contents[i], contents[j]);
    }
    return c != 0 ? c : Long.compare(ordinals[i], ordinals[j]);
  }
}
