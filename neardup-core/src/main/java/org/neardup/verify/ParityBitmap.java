package org.neardup.verify;

/**
 * A filter that rules pairs out exactly, never a pair at or above the threshold: each set gets a
 * bitmap of {@value #BITS} bits, bit i the parity of how many of its elements hash to i (the top
 * bits of the shingle hash). Elements common to both sets cancel in the XOR of two bitmaps, so each
 * bit set in it needs an element of the symmetric difference: popcount(a XOR b) &lt;= |A Δ B|, so
 * |A ∩ B| &lt;= (|A| + |B| − popcount) / 2. A pair whose overlap cannot reach what J &gt;= t needs is
 * dropped without merging its sets. Costs {@value #WORDS} XORs and popcounts a pair, against a
 * merge of two sets of hundreds of elements. After the bitmap filter of Sandes et al., "Bitmap
 * filter: speeding up exact set similarity joins with bitwise operations" (Information Systems,
 * 2020). Stateless.
 */
public final class ParityBitmap {
  /** Bits a bitmap. */
  public static final int BITS = 1024;

  /** Longs a bitmap. */
  public static final int WORDS = BITS / 64;

  private static final int SHIFT = 64 - Integer.numberOfTrailingZeros(BITS);

  private ParityBitmap() {}

  /** Writes the bitmap of {@code set} (distinct hashes) at {@code bitmaps[offset, offset + WORDS)}. */
  public static void write(long[] set, long[] bitmaps, int offset) {
    java.util.Arrays.fill(bitmaps, offset, offset + WORDS, 0);
    for (long hash : set) {
      int bit = (int) (hash >>> SHIFT);
      bitmaps[offset + (bit >>> 6)] ^= 1L << bit;
    }
  }

  /**
   * Whether two sets of these sizes, with these bitmaps, may have a Jaccard similarity of at least
   * {@code threshold}: false only when they certainly have not.
   */
  public static boolean mayReach(long[] bitmaps, int offsetA, int sizeA, int offsetB, int sizeB, double threshold) {
    int differing = 0;
    for (int w = 0; w < WORDS; w++) {
      differing += Long.bitCount(bitmaps[offsetA + w] ^ bitmaps[offsetB + w]);
    }
    long maxOverlap = (sizeA + sizeB - differing) / 2;
    // J >= t needs |A ∩ B| >= t / (1 + t) (|A| + |B|); one less for floating-point safety, as Jaccard does
    long needed = (long) Math.ceil(threshold / (1 + threshold) * (sizeA + sizeB)) - 1;
    return maxOverlap >= needed;
  }
}
