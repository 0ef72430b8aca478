package org.neardup.batch.spill;

import java.util.Arrays;
import org.neardup.config.MemoryBudget;
import org.neardup.lsh.Banding;
import org.neardup.minhash.AgreementFilter;
import org.neardup.verify.ParityBitmap;
import org.neardup.verify.Verifier;
import org.neardup.verify.VerifyMode;

/**
 * The signatures of a corpus, by ordinal, and their bucket keys:
 *
 * <ul>
 *   <li><b>packed</b>, always: the low {@value #PACKED_BITS} bits of each value (64 bytes a
 *       document at 128 values). Two documents' packed values agree wherever their full values
 *       agree, so counting packed agreements can only overstate the full agreement: a candidate
 *       dropped because its packed signatures agree on too few values would have been dropped by
 *       its full signatures too. One cache line a document, so candidates are examined fast.
 *   <li><b>full</b>, while they fit the memory budget: every value, 4 bytes each, one signature
 *       after the other in arrays of 16,384 documents (8 MiB at 128 values), so that the garbage
 *       collector sees a few large arrays rather than one small one a document. Past the budget
 *       they are dropped, and each document keeps one bit of them instead: whether it is well
 *       filled ({@link AgreementFilter#wellFilled}), so that the packed agreement is held to the
 *       filter's binomial minimum where the full one would be ({@link #passes}).
 *   <li>below a threshold of 0.75, each document's {@link ParityBitmap} and set size, while they
 *       fit the same budget (before full signatures, which go first): at low thresholds the
 *       signature filter lets most candidates through, and the bitmap rules out nearly all that are
 *       far below the threshold, exactly.
 *   <li>the <b>bucket keys</b>, in {@link BandKeyRuns}: in memory while the sort buffers hold them,
 *       in sorted runs on disk past that.
 * </ul>
 *
 * Fed in ordinal order by one thread; reading is thread-safe once feeding is over.
 */
public final class SignatureStore implements AutoCloseable {
  /** Bits kept of each value in packed form. */
  static final int PACKED_BITS = 4;

  private static final int VALUES_PER_WORD = 64 / PACKED_BITS;
  private static final long LOW_BIT_OF_EACH_NIBBLE = 0x1111_1111_1111_1111L;
  private static final int CHUNK_BITS = 14;
  private static final int CHUNK = 1 << CHUNK_BITS;

  private final int length;
  private final int words;
  private final int padding;
  private final long fullBudgetBytes;
  private final Banding banding;
  private final BandKeyRuns bandKeys;
  private final long[][] bandMasks; // per band, per word: the low bit of each of the band's nibbles
  private final int[] bandFirstWord;
  private final int[] bandLastWord;
  private int[][] full = new int[16][]; // chunks of CHUNK signatures; null once dropped
  private final int bitmapWords; // 0: no bitmaps
  private long[][] bitmaps; // chunks of CHUNK bitmaps; null when not kept
  private int[][] setSizes; // chunks of CHUNK set sizes
  private long[][] packed = new long[16][];
  private final Verifier verifier;
  private final AgreementFilter filter;

  /**
   * Whether candidates must pass the filter (exact mode; estimate mode: the estimate's minimum).
   */
  private final boolean filters;

  private long[][] wellFilled =
      new long[16][]; // chunks of CHUNK bits, made once full ones are dropped
  private int size;

  /**
   * @param length values per signature
   * @param banding the banding whose bucket keys are kept
   * @param budget its {@code signatureBytes} is the most full signatures may take, its {@code
   *     sortBytes} what the bucket keys may
   */
  SignatureStore(int length, Banding banding, MemoryBudget budget) {
    this(length, banding, budget, 0, new Verifier(1, length, VerifyMode.ESTIMATE));
  }

  /**
   * @param bitmapWords longs of each document's {@link ParityBitmap}, or 0 to keep none
   * @param verifier the verification candidates go to: {@link #passes} is its signature check on
   *     the packed signatures
   */
  public SignatureStore(
      int length, Banding banding, MemoryBudget budget, int bitmapWords, Verifier verifier) {
    this.length = length;
    this.verifier = verifier;
    this.filter = verifier.filter();
    this.filters = verifier.needsSets();
    this.bitmapWords = bitmapWords;
    if (bitmapWords > 0) {
      bitmaps = new long[16][];
      setSizes = new int[16][];
    }
    this.words = (length + VALUES_PER_WORD - 1) / VALUES_PER_WORD;
    this.padding = words * VALUES_PER_WORD - length;
    this.fullBudgetBytes = budget.signatureBytes();
    this.banding = banding;
    int bands = banding.params().bands();
    int rows = banding.params().rows();
    this.bandKeys = new BandKeyRuns(bands, budget.sortBytes(), budget.spillDirectory());
    this.bandMasks = new long[bands][words];
    this.bandFirstWord = new int[bands];
    this.bandLastWord = new int[bands];
    for (int band = 0; band < bands; band++) {
      for (int value = band * rows; value < (band + 1) * rows; value++) {
        bandMasks[band][value / VALUES_PER_WORD] |= 1L << (PACKED_BITS * (value % VALUES_PER_WORD));
      }
      bandFirstWord[band] = band * rows / VALUES_PER_WORD;
      bandLastWord[band] = ((band + 1) * rows - 1) / VALUES_PER_WORD;
    }
  }

  /** Whether full signatures are kept. */
  public boolean keepsFull() {
    return full != null;
  }

  int size() {
    return size;
  }

  /** Values per signature. */
  public int length() {
    return length;
  }

  /**
   * Adds the next document's signature.
   *
   * @param bucketKeys its bucket keys, or null to compute them here
   */
  void add(int[] signature, long[] bucketKeys) {
    add(signature, bucketKeys, null, 0);
  }

  /**
   * Adds the next document's signature, and its bitmap and set size when bitmaps are kept.
   *
   * @param bitmap its {@link ParityBitmap} ({@code bitmapWords} longs); null when not made
   */
  public void add(int[] signature, long[] bucketKeys, long[] bitmap, int setSize) {
    int chunk = size >>> CHUNK_BITS;
    int index = size & (CHUNK - 1);
    long bitmapBytes = bitmaps == null ? 0 : (size + 1) * (8L * bitmapWords + 4);
    if (full != null && bitmapBytes + (size + 1) * 4L * length > fullBudgetBytes) {
      dropFull(); // past the budget: a bit a document instead
    }
    if (bitmaps != null && (bitmap == null || bitmapBytes > fullBudgetBytes)) {
      bitmaps = null; // past the budget too: candidates are verified without them
      setSizes = null;
    }
    if (bitmaps != null) {
      if (chunk == bitmaps.length) {
        bitmaps = Arrays.copyOf(bitmaps, chunk * 2);
        setSizes = Arrays.copyOf(setSizes, chunk * 2);
      }
      if (bitmaps[chunk] == null) {
        bitmaps[chunk] = new long[CHUNK * bitmapWords];
        setSizes[chunk] = new int[CHUNK];
      }
      System.arraycopy(bitmap, 0, bitmaps[chunk], index * bitmapWords, bitmapWords);
      setSizes[chunk][index] = setSize;
    }
    if (full != null) {
      if (chunk == full.length) {
        full = Arrays.copyOf(full, chunk * 2);
      }
      if (full[chunk] == null) {
        full[chunk] = new int[CHUNK * length];
      }
      System.arraycopy(signature, 0, full[chunk], index * length, length);
    }
    if (chunk == packed.length) {
      packed = Arrays.copyOf(packed, chunk * 2);
    }
    if (packed[chunk] == null) {
      packed[chunk] = new long[CHUNK * words];
    }
    pack(signature, packed[chunk], index * words);
    if (full == null && filters) {
      markWellFilled(size, signature, 0);
    }
    bandKeys.add(size, bucketKeys != null ? bucketKeys : banding.bucketKeys(signature));
    size++;
  }

  /** Drops the full signatures, keeping of each whether it is well filled. */
  private void dropFull() {
    if (filters) {
      for (int ordinal = 0; ordinal < size; ordinal++) {
        markWellFilled(ordinal, full[ordinal >>> CHUNK_BITS], fullOffset(ordinal));
      }
    }
    full = null;
  }

  private void markWellFilled(int ordinal, int[] values, int offset) {
    int chunk = ordinal >>> CHUNK_BITS;
    if (chunk >= wellFilled.length) {
      wellFilled = Arrays.copyOf(wellFilled, Math.max(chunk + 1, 2 * wellFilled.length));
    }
    if (wellFilled[chunk] == null) {
      wellFilled[chunk] = new long[CHUNK / 64];
    }
    if (filter.wellFilled(values, offset)) {
      int index = ordinal & (CHUNK - 1);
      wellFilled[chunk][index >>> 6] |= 1L << index;
    }
  }

  private boolean wellFilled(int ordinal) {
    long[] bits = wellFilled[ordinal >>> CHUNK_BITS];
    int index = ordinal & (CHUNK - 1);
    return (bits[index >>> 6] & (1L << index)) != 0;
  }

  /**
   * Whether the packed signatures of {@code a} and {@code b} may be a pair by the verifier's
   * signature check, from {@link #differences}: the packed agreement, which is at least the full
   * one, against the filter's minimums with the two documents' well-filled bits (looked up only
   * where they decide), so that every pair the full signatures pass passes (exact mode, once the
   * full signatures were dropped); in estimate mode against {@link Verifier#minimumAgreement}.
   */
  public boolean passes(long[] differences, int a, int b) {
    int agreement = agreement(differences);
    if (!filters) {
      return agreement >= verifier.minimumAgreement();
    }
    return filter.passes(
        agreement, filter.fillDecides(agreement) && wellFilled(a) && wellFilled(b));
  }

  private void pack(int[] signature, long[] target, int base) {
    for (int w = 0; w < words; w++) {
      long word = 0;
      for (int v = 0, at = w * VALUES_PER_WORD; v < VALUES_PER_WORD && at < length; v++, at++) {
        word |= (long) (signature[at] & ((1 << PACKED_BITS) - 1)) << (PACKED_BITS * v);
      }
      target[base + w] = word;
    }
  }

  /** A copy of the full signature of {@code ordinal}. */
  public int[] full(int ordinal) {
    int offset = fullOffset(ordinal);
    return Arrays.copyOfRange(fullValues(ordinal), offset, offset + length);
  }

  /** The array that holds {@code ordinal}'s full signature, at {@link #fullOffset}. */
  public int[] fullValues(int ordinal) {
    if (full == null) {
      throw new IllegalStateException("full signatures were not kept (memory budget)");
    }
    return full[ordinal >>> CHUNK_BITS];
  }

  /** Where {@code ordinal}'s full signature starts in {@link #fullValues}. */
  public int fullOffset(int ordinal) {
    return (ordinal & (CHUNK - 1)) * length;
  }

  /**
   * The number of positions where the packed signatures of {@code a} and {@code b} agree: at least
   * the number where their full signatures agree.
   */
  int packedAgreement(int a, int b) {
    long[] chunkA = packed[a >>> CHUNK_BITS];
    long[] chunkB = packed[b >>> CHUNK_BITS];
    int baseA = (a & (CHUNK - 1)) * words;
    int baseB = (b & (CHUNK - 1)) * words;
    int differing = 0;
    for (int w = 0; w < words; w++) {
      long x = chunkA[baseA + w] ^ chunkB[baseB + w];
      differing += Long.bitCount((x | (x >>> 1) | (x >>> 2) | (x >>> 3)) & LOW_BIT_OF_EACH_NIBBLE);
    }
    return words * VALUES_PER_WORD - padding - differing;
  }

  /**
   * Fills {@code differences} ({@link #words()} longs) with the low bit of each nibble where the
   * packed signatures of {@code a} and {@code b} differ: one pass over both, from which {@link
   * #agreement(long[])} and {@link #bandMayAgree(long[], int)} read.
   */
  public void differences(int a, int b, long[] differences) {
    long[] chunkA = packed[a >>> CHUNK_BITS];
    long[] chunkB = packed[b >>> CHUNK_BITS];
    int baseA = (a & (CHUNK - 1)) * words;
    int baseB = (b & (CHUNK - 1)) * words;
    for (int w = 0; w < words; w++) {
      long x = chunkA[baseA + w] ^ chunkB[baseB + w];
      differences[w] = (x | (x >>> 1) | (x >>> 2) | (x >>> 3)) & LOW_BIT_OF_EACH_NIBBLE;
    }
  }

  /** The packed agreement ({@link #packedAgreement}) from {@link #differences}. */
  public int agreement(long[] differences) {
    int differing = 0;
    for (int w = 0; w < words; w++) {
      differing += Long.bitCount(differences[w]);
    }
    return words * VALUES_PER_WORD - padding - differing;
  }

  /** Whether the packed values of {@code band} agree, from {@link #differences}. */
  public boolean bandMayAgree(long[] differences, int band) {
    long[] masks = bandMasks[band];
    for (int w = bandFirstWord[band]; w <= bandLastWord[band]; w++) {
      if ((differences[w] & masks[w]) != 0) {
        return false;
      }
    }
    return true;
  }

  /** Longs of a packed signature. */
  public int words() {
    return words;
  }

  /**
   * Whether the packed signatures of {@code a} and {@code b} agree on every row of some band before
   * {@code band}: necessary (not sufficient) for their full signatures to.
   */
  boolean mayShareEarlierBand(int a, int b, int band) {
    long[] chunkA = packed[a >>> CHUNK_BITS];
    long[] chunkB = packed[b >>> CHUNK_BITS];
    int baseA = (a & (CHUNK - 1)) * words;
    int baseB = (b & (CHUNK - 1)) * words;
    for (int earlier = 0; earlier < band; earlier++) {
      long[] masks = bandMasks[earlier];
      boolean equal = true;
      for (int w = bandFirstWord[earlier]; w <= bandLastWord[earlier] && equal; w++) {
        long x = chunkA[baseA + w] ^ chunkB[baseB + w];
        equal = ((x | (x >>> 1) | (x >>> 2) | (x >>> 3)) & masks[w]) == 0;
      }
      if (equal) {
        return true;
      }
    }
    return false;
  }

  /** Whether bitmaps are kept (then {@link #mayReach} can rule pairs out). */
  public boolean keepsBitmaps() {
    return bitmaps != null;
  }

  /** Longs of a bitmap (0 when none are made). */
  int bitmapWords() {
    return bitmapWords;
  }

  /**
   * {@link ParityBitmap#mayReach} for documents {@code a} and {@code b} (only when {@link
   * #keepsBitmaps()}).
   */
  public boolean mayReach(int a, int b, double threshold) {
    int chunkA = a >>> CHUNK_BITS;
    int chunkB = b >>> CHUNK_BITS;
    int indexA = a & (CHUNK - 1);
    int indexB = b & (CHUNK - 1);
    return ParityBitmap.mayReach(
        bitmaps[chunkA],
        indexA * bitmapWords,
        setSizes[chunkA][indexA],
        bitmaps[chunkB],
        indexB * bitmapWords,
        setSizes[chunkB][indexB],
        bitmapWords,
        threshold);
  }

  /** The bucket keys. */
  public BandKeyRuns bandKeys() {
    return bandKeys;
  }

  /** Heap bytes held by the signatures (not the bucket keys' buffers). */
  public long memoryBytes() {
    long bytes = 0;
    for (long[] chunk : packed) {
      bytes += chunk == null ? 0 : 8L * chunk.length;
    }
    if (full != null) {
      for (int[] chunk : full) {
        bytes += chunk == null ? 0 : 4L * chunk.length;
      }
    }
    if (bitmaps != null) {
      for (long[] chunk : bitmaps) {
        bytes += chunk == null ? 0 : 8L * chunk.length + 4L * CHUNK;
      }
    }
    return bytes;
  }

  /** Drops the bucket key runs. */
  @Override
  public void close() {
    bandKeys.close();
  }
}
