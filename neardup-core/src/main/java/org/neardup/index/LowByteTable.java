package org.neardup.index;

import java.util.Arrays;
import org.neardup.minhash.Signatures;

/**
 * The {@link Signatures#lowBytes} of documents by handle, one after another in one array, and their
 * agreement with a query's computed a batch of handles at a time: what top-k search asks of each of
 * its many floor candidates. A first pass reads one word from each cache line of every handle of
 * the batch, loads that do not wait for each other, so the memory fetches them together; the second
 * pass then counts agreements in cache. A candidate's low bytes are rarely in the caches (a query
 * meets hundreds to thousands of random documents), and compared one after another each would wait
 * for memory in turn (FloorFilterBenchmark measures the difference). Handles are non-negative ints;
 * a handle never set reads as zeros. Not thread-safe for writes: readers run concurrently, writers
 * exclusively, as the index locks.
 */
final class LowByteTable {
  // What the first pass read: stored, so that the JIT does not drop its loads; never read, on
  // purpose.
  @SuppressWarnings("UnusedVariable")
  private static long sink;

  private long[] words = new long[0];
  private int wordsPerDocument; // set by the first put
  private int documents; // what the owner sized it for ({@link #resize}), 0 for growth as needed

  /** Holds the low bytes of {@code signature} for {@code handle}. */
  void put(long handle, int[] signature) {
    long[] low = Signatures.lowBytes(signature);
    if (wordsPerDocument == 0) {
      wordsPerDocument = low.length;
      words = new long[Math.toIntExact((long) documents * wordsPerDocument)];
    } else if (low.length != wordsPerDocument) {
      throw new IllegalArgumentException(
          "a signature of "
              + signature.length
              + " values among signatures of "
              + 8 * wordsPerDocument
              + " at most");
    }
    int at = offset(handle);
    if (at + wordsPerDocument > words.length) {
      long needed = (long) at + wordsPerDocument;
      words =
          Arrays.copyOf(
              words,
              Math.toIntExact(
                  Math.max(
                      needed,
                      Math.min(
                          Integer.MAX_VALUE - 8,
                          words.length + (words.length >> 1) + 16L * wordsPerDocument))));
    }
    System.arraycopy(low, 0, words, at, wordsPerDocument);
  }

  /** Copies the low bytes of {@code from} to {@code to} (a store's compaction). */
  void move(long from, long to) {
    if (offset(from) + wordsPerDocument <= words.length) {
      int at = offset(to);
      if (at + wordsPerDocument > words.length) {
        words = Arrays.copyOf(words, at + wordsPerDocument);
      }
      System.arraycopy(words, offset(from), words, at, wordsPerDocument);
    }
  }

  /**
   * Sizes the array for handles below {@code handles} (an expected size, or the live handles after
   * a compaction); a later put beyond grows it by half again. The array costs {@code 8·n/8} bytes a
   * handle below its size, live or not, so an owner whose handles are sparse sizes it by the
   * highest live one rather than by its capacity.
   */
  void resize(int handles) {
    documents = handles;
    if (wordsPerDocument > 0) {
      words = Arrays.copyOf(words, Math.toIntExact((long) handles * wordsPerDocument));
    }
  }

  /** Bytes of heap held. */
  long memoryBytes() {
    return 8L * words.length;
  }

  /**
   * {@code agreements[i]} = {@link Signatures#lowByteAgreement} of {@code query} (the low bytes of
   * a signature of {@code length} values) with those held for {@code handles[i]}, for {@code i <
   * count}.
   */
  void agreements(long[] handles, int count, long[] query, int length, int[] agreements) {
    if (wordsPerDocument == 0) {
      Arrays.fill(agreements, 0, count, 0);
      return;
    }
    long touched = 0;
    for (int i = 0; i < count; i++) {
      int at = offset(handles[i]);
      touched +=
          words[at] ^ words[at + (wordsPerDocument >>> 1)] ^ words[at + wordsPerDocument - 1];
    }
    sink = touched;
    for (int i = 0; i < count; i++) {
      agreements[i] = Signatures.lowByteAgreement(query, words, offset(handles[i]), length);
    }
  }

  private int offset(long handle) {
    return Math.toIntExact(handle * wordsPerDocument);
  }
}
