package org.neardup.server.store;

import java.nio.file.Path;
import org.neardup.error.NearDupException;
import org.rocksdb.RocksDBException;
import org.rocksdb.Status;

/**
 * The disk of an index (or of a backup) has no space left: what was being written was not written,
 * and nothing before it was lost. Not a bug and not bad input: the one remedy is to free space. A
 * served index takes writes again by itself once there is room ({@link IndexDirectory#diskFull()}).
 */
public final class DiskFullException extends NearDupException {
  private static final long serialVersionUID = 1L;

  private final transient Path directory;
  private final long bytesNeeded;

  /**
   * @param directory the directory that could not be written
   * @param doing what was being done, such as {@code writing the index}
   */
  DiskFullException(Path directory, String doing, Throwable cause) {
    this(directory, doing, 0, cause);
  }

  /**
   * @param bytesNeeded the free bytes that would have let it go through, 0 when not known
   */
  DiskFullException(Path directory, String doing, long bytesNeeded, Throwable cause) {
    super(directory + ": no space left on device (" + doing + ")", cause);
    this.directory = directory;
    this.bytesNeeded = bytesNeeded;
  }

  /** The free bytes that would have let the write go through, 0 when not known. */
  long bytesNeeded() {
    return bytesNeeded;
  }

  /** The directory that could not be written. */
  public Path directory() {
    return directory;
  }

  /** Whether RocksDB failed for want of space (its status says so, or the system's message). */
  static boolean isNoSpace(RocksDBException e) {
    Status status = e.getStatus();
    if (status != null && status.getSubCode() == Status.SubCode.NoSpace) {
      return true;
    }
    return String.valueOf(e.getMessage()).contains("No space left on device");
  }
}
