package org.neardup.batch.spill;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.neardup.format.ShingleSetFormat;
import org.neardup.shingle.Shingler;
import org.neardup.sort.SpillFile;

/**
 * The shingle sets of a corpus, by ordinal: in memory while they fit a byte budget, then spilled to
 * a temporary file, so memory stays bounded however large the corpus. Thread-safe for reading once
 * {@link #finish()} was called; appending is single-threaded.
 *
 * <ul>
 *   <li>In memory, a document's shingle hashes are kept as the shingler produced them and sorted
 *       into a set on first read (most documents are never read: only candidates are verified).
 *   <li>Spilled sets are written one after the other in {@link ShingleSetFormat}; a read is one
 *       positional read of the file (the operating system's page cache, not the heap, holds what is
 *       hot). The file is opened with DELETE_ON_CLOSE: deleted on {@link #close()} (on Linux,
 *       unlinked as soon as it is opened, so even a killed process leaves nothing behind).
 * </ul>
 */
public final class ShingleSets implements AutoCloseable {
  private static final int LOCK_STRIPES = 64;

  private final long memoryBudgetBytes;
  private final Path spillDirectory;
  private final Object[] locks = new Object[LOCK_STRIPES];

  private long[][] inMemory = new long[1024][]; // unsorted until first read, then null
  private AtomicReferenceArray<long[]> sorted;
  private int memoryCount;
  private long memoryBytes;
  private volatile boolean spilling;

  private FileChannel spillFile;
  private long spillBytes;
  private long[] spillOffsets = new long[1024];
  private int[] spillSizes = new int[1024];
  private int spillCount;

  /**
   * @param memoryBudgetBytes bytes of shingle hashes kept in memory before spilling
   * @param spillDirectory where the spill file goes (null: the system's temporary directory)
   */
  public ShingleSets(long memoryBudgetBytes, Path spillDirectory) {
    this.memoryBudgetBytes = memoryBudgetBytes;
    this.spillDirectory = spillDirectory;
    for (int i = 0; i < LOCK_STRIPES; i++) {
      locks[i] = new Object();
    }
  }

  /** Whether new sets go to the spill file (so producers should hand them in sorted). */
  public boolean spilling() {
    return spilling;
  }

  /** Whether {@code hashes} more shingle hashes fit in memory without spilling. */
  public boolean fits(int hashes) {
    return memoryBytes + 8L * hashes <= memoryBudgetBytes;
  }

  /** Adds the next document's shingle hashes ({@code isSet}: already sorted and distinct). */
  public void append(long[] hashes, boolean isSet) {
    if (!spilling && memoryBytes + 8L * hashes.length > memoryBudgetBytes) {
      startSpilling();
    }
    if (spilling) {
      // Sets that reach here unencoded (batches already in flight when spilling began) are rare:
      // each becomes a block of its own.
      append(new SpillBlock(new long[][] {isSet ? hashes : Shingler.toSet(hashes)}), 0);
      return;
    }
    if (memoryCount == inMemory.length) {
      inMemory = Arrays.copyOf(inMemory, memoryCount + (memoryCount >> 1));
    }
    inMemory[memoryCount++] = hashes;
    memoryBytes += 8L * hashes.length + 16;
  }

  private void startSpilling() {
    try {
      Path file =
          spillDirectory == null
              ? Files.createTempFile("neardup-shingles-", ".bin")
              : Files.createTempFile(spillDirectory, "neardup-shingles-", ".bin");
      spillFile =
          FileChannel.open(
              file,
              StandardOpenOption.READ,
              StandardOpenOption.WRITE,
              StandardOpenOption.DELETE_ON_CLOSE);
      spilling = true;
    } catch (IOException e) {
      throw SpillFile.failure(
          SpillFile.directoryOf(spillDirectory), "cannot create a temporary file", e);
    }
  }

  /**
   * Sorted sets encoded as one block of little-endian longs, ready to be written with one call:
   * workers encode in parallel, so the appending thread only writes.
   */
  public static final class SpillBlock {
    final ByteBuffer bytes;
    final int[] offsets; // in longs, per set
    final int[] sizes;
    long fileOffset = -1; // set when written

    /** Encodes {@code sets} (sorted distinct; null entries are skipped). */
    public SpillBlock(long[][] sets) {
      offsets = new int[sets.length];
      sizes = new int[sets.length];
      int total = 0;
      for (int i = 0; i < sets.length; i++) {
        offsets[i] = total;
        sizes[i] = sets[i] == null ? 0 : sets[i].length;
        total += sizes[i];
      }
      bytes =
          ByteBuffer.allocate(ShingleSetFormat.BYTES_PER_HASH * total)
              .order(ByteOrder.LITTLE_ENDIAN);
      for (long[] set : sets) {
        if (set != null) {
          ShingleSetFormat.write(bytes, set);
        }
      }
      bytes.flip();
    }
  }

  /**
   * Adds set {@code index} of an encoded block as the next document's set. The block is written to
   * the spill file on its first use. Only while {@link #spilling()}.
   */
  public void append(SpillBlock block, int index) {
    if (!spilling) {
      throw new IllegalStateException("blocks are for spilled sets");
    }
    if (block.fileOffset < 0) {
      block.fileOffset = spillBytes;
      ByteBuffer bytes = block.bytes.duplicate();
      try {
        while (bytes.hasRemaining()) {
          spillFile.write(bytes, block.fileOffset + bytes.position());
        }
      } catch (IOException e) {
        throw SpillFile.failure(
            SpillFile.directoryOf(spillDirectory), "cannot write a temporary file", e);
      }
      spillBytes += block.bytes.capacity();
    }
    register(block.fileOffset + 8L * block.offsets[index], block.sizes[index]);
  }

  private void register(long offset, int size) {
    if (spillCount == spillOffsets.length) {
      spillOffsets = Arrays.copyOf(spillOffsets, spillCount + (spillCount >> 1));
      spillSizes = Arrays.copyOf(spillSizes, spillOffsets.length);
    }
    spillOffsets[spillCount] = offset;
    spillSizes[spillCount] = size;
    spillCount++;
  }

  /** Ends appending; reads may start. */
  public void finish() {
    sorted = new AtomicReferenceArray<>(memoryCount);
  }

  /** Number of documents spilled to the file. */
  public int spilledCount() {
    return spillCount;
  }

  /** The sorted distinct set of a document. */
  public long[] get(int ordinal) {
    if (ordinal >= memoryCount) {
      return read(ordinal - memoryCount);
    }
    long[] set = sorted.get(ordinal);
    if (set != null) {
      return set;
    }
    synchronized (locks[ordinal & (LOCK_STRIPES - 1)]) {
      set = sorted.get(ordinal);
      if (set == null) {
        set = Shingler.toSet(inMemory[ordinal]);
        inMemory[ordinal] = null;
        sorted.set(ordinal, set);
      }
      return set;
    }
  }

  /**
   * A document's shingle hashes in any order, repeats allowed: as kept in memory (not sorted here),
   * its set once {@link #get} sorted it, or its set read from the file.
   */
  public long[] hashes(int ordinal) {
    // never changed, only let go once sorted (then the set is there)
    long[] unsorted =
        ordinal < memoryCount && sorted.get(ordinal) == null ? inMemory[ordinal] : null;
    return unsorted != null ? unsorted : get(ordinal);
  }

  private long[] read(int index) {
    int size = spillSizes[index];
    ByteBuffer buffer = ByteBuffer.allocate(8 * size).order(ByteOrder.LITTLE_ENDIAN);
    long position = spillOffsets[index];
    try {
      while (buffer.hasRemaining()) {
        int read = spillFile.read(buffer, position + buffer.position());
        if (read < 0) {
          throw new IOException("unexpected end of file");
        }
      }
    } catch (IOException e) {
      throw SpillFile.failure(
          SpillFile.directoryOf(spillDirectory), "cannot read a temporary file", e);
    }
    buffer.flip();
    return ShingleSetFormat.read(buffer, size, position);
  }

  @Override
  public void close() {
    if (spillFile != null) {
      try {
        spillFile.close();
      } catch (IOException e) {
        // DELETE_ON_CLOSE and deleteOnExit still remove the file
      }
    }
  }
}
