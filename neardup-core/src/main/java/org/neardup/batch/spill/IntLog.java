package org.neardup.batch.spill;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.neardup.sort.SpillFile;

/**
 * An append-only sequence of ints, read back once from the start: in memory while it fits a byte
 * budget, then in a {@link SpillFile} (little-endian ints, in blocks). Appending is synchronized,
 * and each {@link #append(int[], int)} is contiguous, so several threads may append records of
 * several ints each. Read with {@link #reader()} once appending is over. Close it to free the file.
 */
public final class IntLog implements AutoCloseable {
  private static final int BLOCK = 1 << 16;

  private final long memoryBudgetBytes;
  private final Path spillDirectory;
  private final List<int[]> blocks = new ArrayList<>();
  private int[] current = new int[BLOCK];
  private int used;
  private SpillFile file;
  private long spilledInts;
  private long size;

  /**
   * @param memoryBudgetBytes bytes kept in memory before blocks go to the file
   * @param spillDirectory where the file goes; null for the system's temporary directory
   */
  public IntLog(long memoryBudgetBytes, Path spillDirectory) {
    this.memoryBudgetBytes = memoryBudgetBytes;
    this.spillDirectory = spillDirectory;
  }

  /** Appends {@code values[0, length)} contiguously. */
  public synchronized void append(int[] values, int length) {
    for (int from = 0; from < length; ) {
      if (used == BLOCK) {
        closeBlock();
      }
      int n = Math.min(length - from, BLOCK - used);
      System.arraycopy(values, from, current, used, n);
      used += n;
      from += n;
    }
    size += length;
  }

  private void closeBlock() {
    if (file != null || 4L * BLOCK * (blocks.size() + 2) > memoryBudgetBytes) {
      if (file == null) {
        file = SpillFile.create(spillDirectory, "neardup-groups-");
      }
      ByteBuffer bytes = ByteBuffer.allocate(4 * used).order(ByteOrder.LITTLE_ENDIAN);
      bytes.asIntBuffer().put(current, 0, used);
      file.append(bytes);
      spilledInts += used;
    } else {
      blocks.add(current);
      current = new int[BLOCK];
    }
    used = 0;
  }

  /** Ints appended. */
  public synchronized long size() {
    return size;
  }

  /** Bytes written to disk. */
  public synchronized long spilledBytes() {
    return 4 * spilledInts;
  }

  /** Reads every int in order; call after the last append. */
  public synchronized Reader reader() {
    return new Reader();
  }

  @Override
  public synchronized void close() {
    blocks.clear();
    current = null;
    if (file != null) {
      file.close();
    }
  }

  /** Sequential reader: the in-memory blocks, then the spilled ones, then the open block. */
  public final class Reader {
    private final ByteBuffer fileBlock =
        ByteBuffer.allocate(4 * BLOCK).order(ByteOrder.LITTLE_ENDIAN);
    private int[] fileInts;
    private long filePosition;
    private int blockIndex;
    private int[] block = new int[0];
    private int blockLength;
    private int position;
    private int stage; // 0 memory blocks, 1 file, 2 open block, 3 done

    Reader() {
      fileBlock.limit(0);
    }

    /** Whether an int remains. */
    public boolean hasNext() {
      while (position == blockLength) {
        if (!advance()) {
          return false;
        }
      }
      return true;
    }

    /** The next int (check {@link #hasNext()} first). */
    public int next() {
      if (!hasNext()) {
        throw new java.util.NoSuchElementException();
      }
      return block[position++];
    }

    /** Reads the next {@code length} ints into a new array. */
    public int[] next(int length) {
      int[] values = new int[length];
      for (int i = 0; i < length; i++) {
        values[i] = next();
      }
      return values;
    }

    private boolean advance() {
      position = 0;
      if (stage == 0) {
        if (blockIndex < blocks.size()) {
          block = blocks.get(blockIndex++);
          blockLength = block.length;
          return true;
        }
        stage = 1;
      }
      if (stage == 1) {
        long remaining = spilledInts - filePosition / 4;
        if (remaining > 0) {
          int n = (int) Math.min(BLOCK, remaining);
          fileBlock.clear().limit(4 * n);
          file.read(filePosition, fileBlock);
          filePosition += 4L * n;
          fileBlock.flip();
          if (fileInts == null) {
            fileInts = new int[BLOCK];
          }
          block = fileInts;
          fileBlock.asIntBuffer().get(block, 0, n);
          blockLength = n;
          return true;
        }
        stage = 2;
        block = Arrays.copyOf(current, used);
        blockLength = used;
        return true;
      }
      stage = 3;
      blockLength = 0;
      return false;
    }
  }
}
