package org.neardup.batch.spill;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;
import org.neardup.sort.SpillFile;

/**
 * The rank arrays of the exact join by ordinal (each document's shingles as ranks in the join's
 * global order, ascending): in memory while they fit a byte budget, then in a {@link SpillFile}
 * (little-endian ints, one array after the other), each read back with one positional read. Filled
 * in ordinal order by one thread; read by any once full. Close it to free the file.
 */
public final class RankStore implements AutoCloseable {
  private final long memoryBudgetBytes;
  private final Path spillDirectory;
  private final int[][] inMemory;
  private final long[] positions; // in the file; -1 in memory
  private final int[] sizes;
  private long memoryBytes;
  private SpillFile file;

  public RankStore(int documents, long memoryBudgetBytes, Path spillDirectory) {
    this.memoryBudgetBytes = memoryBudgetBytes;
    this.spillDirectory = spillDirectory;
    this.inMemory = new int[documents][];
    this.positions = new long[documents];
    this.sizes = new int[documents];
  }

  /** Stores the ranks of {@code ordinal}. */
  public void put(int ordinal, int[] ranks) {
    sizes[ordinal] = ranks.length;
    long bytes = 16 + 4L * ranks.length;
    if (file == null && memoryBytes + bytes <= memoryBudgetBytes) {
      inMemory[ordinal] = ranks;
      positions[ordinal] = -1;
      memoryBytes += bytes;
      return;
    }
    if (file == null) {
      file = SpillFile.create(spillDirectory, "neardup-ranks-");
    }
    ByteBuffer buffer = ByteBuffer.allocate(4 * ranks.length).order(ByteOrder.LITTLE_ENDIAN);
    buffer.asIntBuffer().put(ranks);
    positions[ordinal] = file.append(buffer);
  }

  /** The ranks of {@code ordinal} (shared when in memory: do not modify). */
  public int[] get(int ordinal) {
    int[] ranks = inMemory[ordinal];
    if (ranks != null || positions[ordinal] < 0) {
      return ranks != null ? ranks : new int[0];
    }
    ByteBuffer buffer = ByteBuffer.allocate(4 * sizes[ordinal]).order(ByteOrder.LITTLE_ENDIAN);
    file.read(positions[ordinal], buffer);
    buffer.flip();
    int[] read = new int[sizes[ordinal]];
    buffer.asIntBuffer().get(read);
    return read;
  }

  /** The number of ranks (distinct shingles) of {@code ordinal}. */
  public int size(int ordinal) {
    return sizes[ordinal];
  }

  public int documents() {
    return sizes.length;
  }

  /** Whether every array is in memory. */
  boolean inMemory() {
    return file == null;
  }

  @Override
  public void close() {
    Arrays.fill(inMemory, null);
    if (file != null) {
      file.close();
    }
  }
}
