package org.neardup.pipeline;

import java.util.Arrays;
import org.neardup.lsh.Banding;

/**
 * The signatures of a corpus, by ordinal, in one of two forms:
 *
 * <ul>
 *   <li><b>full</b>: every value, 4 bytes each (an {@code int[]} a document), while they fit the
 *       memory budget;
 *   <li><b>packed</b>: past the budget, the low {@value #PACKED_BITS} bits of each value (64 bytes a
 *       document at 128 values), and the bucket keys in {@link BandKeyRuns} on disk. Two documents'
 *       packed values agree wherever their full values agree, so counting packed agreements can
 *       only overstate the full agreement: a candidate dropped because its packed signatures agree
 *       on too few values would have been dropped by its full signatures too. Full signatures are
 *       made again, for candidates only, when they are verified.
 * </ul>
 *
 * Fed in ordinal order by one thread; reading is thread-safe once feeding is over.
 */
final class SignatureStore implements AutoCloseable {
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
  private final MemoryBudget budget;
  private int[][] full = new int[1024][];
  private long[][] packed;
  private BandKeyRuns bandKeys;
  private volatile boolean isPacked;
  private int size;

  /**
   * @param length values per signature
   * @param banding the banding whose keys go to disk once packed
   * @param budget its {@link MemoryBudget#signatureBytes()} is the most full signatures may take
   */
  SignatureStore(int length, Banding banding, MemoryBudget budget) {
    this.length = length;
    this.words = (length + VALUES_PER_WORD - 1) / VALUES_PER_WORD;
    this.padding = words * VALUES_PER_WORD - length;
    this.fullBudgetBytes = budget.signatureBytes();
    this.banding = banding;
    this.budget = budget;
  }

  /** Heap bytes of one full signature of {@code length} values, with its array header and reference. */
  static long fullBytes(int length) {
    return 16 + 4L * length + 8;
  }

  /** Whether signatures are packed (and bucket keys on disk). */
  boolean packed() {
    return isPacked;
  }

  int size() {
    return size;
  }

  /**
   * Adds the next document's signature.
   *
   * @param bucketKeys its bucket keys when already computed (by a worker, once {@link #packed()}), else null
   */
  void add(int[] signature, long[] bucketKeys) {
    if (!isPacked && (size + 1) * fullBytes(length) > fullBudgetBytes) {
      pack();
    }
    if (!isPacked) {
      if (size == full.length) {
        full = Arrays.copyOf(full, size + (size >> 1));
      }
      full[size++] = signature;
      return;
    }
    bandKeys.add(size, bucketKeys != null ? bucketKeys : banding.bucketKeys(signature));
    store(size++, signature);
  }

  /** Switches to packed form: the bucket keys of the documents so far go to the runs. */
  private void pack() {
    bandKeys = new BandKeyRuns(banding.params().bands(), budget.sortBytes(), budget.spillDirectory());
    packed = new long[16][];
    for (int ordinal = 0; ordinal < size; ordinal++) {
      bandKeys.add(ordinal, banding.bucketKeys(full[ordinal]));
      store(ordinal, full[ordinal]);
      full[ordinal] = null;
    }
    full = null;
    isPacked = true;
  }

  private void store(int ordinal, int[] signature) {
    int chunk = ordinal >>> CHUNK_BITS;
    if (chunk == packed.length) {
      packed = Arrays.copyOf(packed, chunk * 2);
    }
    if (packed[chunk] == null) {
      packed[chunk] = new long[CHUNK * words];
    }
    int base = (ordinal & (CHUNK - 1)) * words;
    long[] target = packed[chunk];
    for (int w = 0; w < words; w++) {
      long word = 0;
      for (int v = 0, at = w * VALUES_PER_WORD; v < VALUES_PER_WORD && at < length; v++, at++) {
        word |= (long) (signature[at] & ((1 << PACKED_BITS) - 1)) << (PACKED_BITS * v);
      }
      target[base + w] = word;
    }
  }

  /** The full signature of {@code ordinal} (shared: do not modify). */
  int[] full(int ordinal) {
    if (isPacked) {
      throw new IllegalStateException("signatures are packed: the full ones are not kept");
    }
    return full[ordinal];
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

  /** The bucket keys on disk (packed form only). */
  BandKeyRuns bandKeys() {
    return bandKeys;
  }

  /** Heap bytes held. */
  long memoryBytes() {
    if (!isPacked) {
      return (long) size * fullBytes(length) + 8L * full.length;
    }
    long chunks = 0;
    for (long[] chunk : packed) {
      chunks += chunk == null ? 0 : 8L * chunk.length;
    }
    return chunks;
  }

  /** Drops the bucket key runs, if any. */
  @Override
  public void close() {
    if (bandKeys != null) {
      bandKeys.close();
    }
  }
}
