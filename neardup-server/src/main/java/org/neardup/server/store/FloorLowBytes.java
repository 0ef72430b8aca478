package org.neardup.server.store;

import java.nio.file.Path;
import java.util.Arrays;
import org.neardup.minhash.Signatures;

/**
 * The {@link Signatures#lowBytes} of every document's signature by handle, off the heap in {@link
 * MappedMemory} (n bytes a document): what top-k search first compares each of its many floor
 * candidates on. The off-heap counterpart of the in-memory index's low-byte table: a handle never
 * set reads as zeros. Reads run concurrently; writes exclusively, as the index locks.
 */
final class FloorLowBytes implements AutoCloseable {
  // What the first pass of agreements read: stored, so that the JIT does not drop its loads;
  // never read, on purpose.
  @SuppressWarnings("UnusedVariable")
  private static long sink;

  private final MappedMemory words;
  private final long expectedHandles;
  private int wordsPerDocument; // set by the first put

  /** Room for handles below {@code expectedHandles} before it grows. */
  FloorLowBytes(Path directory, long expectedHandles) {
    this.words = new MappedMemory(directory, "floor-low-bytes", 1 << 16);
    this.expectedHandles = expectedHandles;
  }

  /**
   * Makes room for the handles below {@code handles} of signatures of {@code length} values, so
   * that putting them cannot fail for want of memory.
   *
   * @throws DiskFullException when the memory cannot grow
   */
  void reserve(long handles, int length) {
    if (length > 0) {
      checkWords((length + 7) >>> 3, length);
      long end = handles * 8L * wordsPerDocument;
      if (end > words.bytes()) {
        words.ensure(Math.max(end, words.bytes() + (words.bytes() >>> 1)));
      }
    }
  }

  /** Holds the low bytes of {@code signature} for {@code handle}. */
  void put(long handle, int[] signature) {
    long[] low = Signatures.lowBytes(signature);
    checkWords(low.length, signature.length);
    long at = offset(handle);
    long end = at + 8L * wordsPerDocument;
    if (end > words.bytes()) {
      words.ensure(Math.max(end, words.bytes() + (words.bytes() >>> 1)));
    }
    for (int w = 0; w < wordsPerDocument; w++) {
      words.putLong(at + 8L * w, low[w]);
    }
  }

  /** Sets the words a document takes on first use, then checks that they do not change. */
  private void checkWords(int wordCount, int length) {
    if (wordsPerDocument == 0) {
      wordsPerDocument = wordCount;
      words.ensure(8L * wordsPerDocument * expectedHandles);
    } else if (wordCount != wordsPerDocument) {
      throw new IllegalArgumentException(
          "a signature of "
              + length
              + " values among signatures of "
              + 8 * wordsPerDocument
              + " at most");
    }
  }

  /** Bytes mapped (off the heap). */
  long mappedBytes() {
    return words.bytes();
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
    long[] held = new long[wordsPerDocument];
    long last = 8L * (wordsPerDocument - 1);
    long touched = 0;
    for (int i = 0; i < count; i++) { // loads that do not wait for each other: fetched together
      long at = offset(handles[i]);
      if (at + last < words.bytes()) {
        touched +=
            words.getLong(at) ^ words.getLong(at + (last >>> 4 << 3)) ^ words.getLong(at + last);
      }
    }
    sink = touched;
    for (int i = 0; i < count; i++) {
      long at = offset(handles[i]);
      if (at + 8L * wordsPerDocument > words.bytes()) {
        Arrays.fill(held, 0);
      } else {
        for (int w = 0; w < wordsPerDocument; w++) {
          held[w] = words.getLong(at + 8L * w);
        }
      }
      agreements[i] = Signatures.lowByteAgreement(query, held, 0, length);
    }
  }

  private long offset(long handle) {
    return handle * 8L * wordsPerDocument;
  }

  @Override
  public void close() {
    words.close();
  }
}
