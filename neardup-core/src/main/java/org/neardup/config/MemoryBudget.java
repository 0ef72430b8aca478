package org.neardup.config;

import java.nio.file.Path;

/**
 * How much heap each part of a batch run may take before it goes to disk, and where the disk files
 * go. The default follows the heap the JVM was given ({@code -Xmx}, {@link Runtime#maxMemory()}),
 * split as follows:
 *
 * <ul>
 *   <li>{@code shingleSetBytes}, a third: shingle sets kept from reading to verification. Past it,
 *       the sets are dropped and made again for the few documents verification needs (inputs that
 *       can be read again), or written to a temporary file (inputs that cannot).
 *   <li>{@code signatureBytes}, 30%: full signatures (4 bytes a value). Past it, each document
 *       keeps 4 bits a value, which is enough to drop almost every false candidate, and one bit of
 *       its full signature (whether it is well filled, for the filter's minimums), and its bucket
 *       keys go to sorted runs on disk; in estimate mode full signatures are made again for the
 *       candidates.
 *   <li>{@code sortBytes}, 10%: the buffers of the external sorts (bucket keys, candidate pairs).
 *   <li>{@code setCacheBytes}, a sixteenth: the shingle hashes verification holds while their
 *       documents still have candidates to meet; past it, they wait in a temporary file. Kept small
 *       on purpose: a set held on the heap for long is copied by every collection of the young
 *       generation it survives, while one in the file costs one write and one read.
 *   <li>{@code joinBytes}, a quarter: the exact join's rank arrays and one block of its index; past
 *       it, rank arrays wait in a temporary file and the join takes documents in several blocks.
 * </ul>
 *
 * <p>The parts do not all live at once: sets kept from reading are gone (or spilled) by the time
 * verification fills its cache. The rest of the heap holds each document's id, text length and
 * position in its input (about 40 bytes a document), and garbage collection's headroom. Tests and
 * library users may set each part; a part of 0 sends everything of it to disk. Immutable.
 *
 * @param shingleSetBytes shingle sets kept in memory from reading to verification
 * @param signatureBytes full signatures
 * @param sortBytes the buffers of the external sorts
 * @param setCacheBytes shingle sets held by verification
 * @param joinBytes the exact join's rank arrays and index
 * @param spillDirectory where temporary files go; null for the system's temporary directory
 */
public record MemoryBudget(
    long shingleSetBytes,
    long signatureBytes,
    long sortBytes,
    long setCacheBytes,
    long joinBytes,
    Path spillDirectory) {
  public MemoryBudget {
    if (shingleSetBytes < 0
        || signatureBytes < 0
        || sortBytes < 0
        || setCacheBytes < 0
        || joinBytes < 0) {
      throw new IllegalArgumentException("memory budgets must be at least 0");
    }
  }

  /**
   * The split of {@link Runtime#maxMemory()}, temporary files in the system's temporary directory.
   */
  public static MemoryBudget defaults() {
    return ofHeap(Runtime.getRuntime().maxMemory(), null);
  }

  /** The split of {@code heapBytes}: a third, 30%, 10%, a sixteenth and a quarter. */
  public static MemoryBudget ofHeap(long heapBytes, Path spillDirectory) {
    return new MemoryBudget(
        heapBytes / 3,
        heapBytes / 10 * 3,
        heapBytes / 10,
        heapBytes / 16,
        heapBytes / 4,
        spillDirectory);
  }

  /**
   * Bytes a char of text may take while its batch is in flight between the thread that reads and
   * those that sketch: its text, and its shingle hashes or keys, 8 bytes a char shingle.
   */
  private static final int BYTES_IN_FLIGHT_PER_CHAR = 10;

  /**
   * The chars of text a batch of documents may hold when {@code batches} of them are in flight at
   * once (read, being sketched, waiting for their pairs), so that together they stay within {@link
   * #setCacheBytes}, however long the documents: without it, 256 documents a batch of 100 KB each
   * would hold gigabytes. At least 1 (a batch takes one document at least).
   */
  public long batchChars(int batches) {
    return Math.max(1, setCacheBytes / ((long) BYTES_IN_FLIGHT_PER_CHAR * Math.max(1, batches)));
  }

  /** This budget with temporary files in {@code directory}. */
  public MemoryBudget withSpillDirectory(Path directory) {
    return new MemoryBudget(
        shingleSetBytes, signatureBytes, sortBytes, setCacheBytes, joinBytes, directory);
  }

  /** This budget with {@code bytes} for full signatures. */
  public MemoryBudget withSignatureBytes(long bytes) {
    return new MemoryBudget(
        shingleSetBytes, bytes, sortBytes, setCacheBytes, joinBytes, spillDirectory);
  }

  /** This budget with {@code bytes} for shingle sets kept from reading. */
  public MemoryBudget withShingleSetBytes(long bytes) {
    return new MemoryBudget(
        bytes, signatureBytes, sortBytes, setCacheBytes, joinBytes, spillDirectory);
  }
}
