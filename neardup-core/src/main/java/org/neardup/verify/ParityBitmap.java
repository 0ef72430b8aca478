package org.neardup.verify;

import org.neardup.api.Internal;

/**
 * A filter that rules pairs out exactly, never a pair at or above the threshold: each set gets a
 * bitmap of a power of two bits ({@link #wordsFor}), bit i the parity of how many of its elements
 * hash to i (the top bits of the shingle hash). Elements common to both sets cancel in the XOR of
 * two bitmaps, so each bit set in it needs an element of the symmetric difference: popcount(a XOR
 * b) &lt;= |A Δ B|, so |A ∩ B| &lt;= (|A| + |B| − popcount) / 2. A pair whose overlap cannot reach
 * what J &gt;= t needs is dropped without merging its sets. Costs one XOR and popcount a word,
 * against a merge of two sets of hundreds of elements. After the bitmap filter of Sandes et al.,
 * "Bitmap filter: speeding up exact set similarity joins with bitwise operations" (Information
 * Systems, 2020). Stateless.
 */
@Internal
public final class ParityBitmap {
  private ParityBitmap() {}

  /**
   * Longs a bitmap should have at {@code threshold}: 16 (1,024 bits) from 0.75 on, 32 from 0.5, 64
   * below. The lower the threshold, the smaller the symmetric difference a pair may have and still
   * be ruled out, and the more bits it takes to see it: with sets of a few hundred shingles, 4,096
   * bits rule out nearly every pair below J = 0.2.
   */
  public static int wordsFor(double threshold) {
    return threshold >= 0.75 ? 16 : threshold >= 0.5 ? 32 : 64;
  }

  /**
   * Writes the bitmap of {@code set} (distinct hashes) at {@code bitmaps[offset, offset + words)}.
   */
  public static void write(long[] set, long[] bitmaps, int offset, int words) {
    java.util.Arrays.fill(bitmaps, offset, offset + words, 0);
    int shift = 64 - Integer.numberOfTrailingZeros(64 * words);
    for (long hash : set) {
      int bit = (int) (hash >>> shift);
      bitmaps[offset + (bit >>> 6)] ^= 1L << bit;
    }
  }

  /**
   * Whether two sets of these sizes, with these bitmaps of {@code words} longs, may have a Jaccard
   * similarity of at least {@code threshold}: false only when they certainly have not.
   */
  public static boolean mayReach(
      long[] bitmapsA,
      int offsetA,
      int sizeA,
      long[] bitmapsB,
      int offsetB,
      int sizeB,
      int words,
      double threshold) {
    int differing = 0;
    for (int w = 0; w < words; w++) {
      differing += Long.bitCount(bitmapsA[offsetA + w] ^ bitmapsB[offsetB + w]);
    }
    long maxOverlap = ((long) sizeA + sizeB - differing) / 2;
    // J >= t needs |A ∩ B| >= t / (1 + t) (|A| + |B|); one less for floating-point safety, as
    // Jaccard does
    long needed = (long) Math.ceil(threshold / (1 + threshold) * (sizeA + sizeB)) - 1;
    return maxOverlap >= needed;
  }
}
