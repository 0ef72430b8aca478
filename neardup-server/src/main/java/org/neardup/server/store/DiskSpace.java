package org.neardup.server.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.rocksdb.AbstractEventListener;
import org.rocksdb.RocksDBException;
import org.rocksdb.Status;

/**
 * Whether the disk of an open index is full, as its writes tell: full from a write (or a flush of a
 * memtable to a table) that failed for want of space until RocksDB reports that it has recovered,
 * or a write succeeds. (RocksJava's background-error callback is not used: it throws on the reasons
 * its enum lacks, such as a flush without a log.) On such a failure RocksDB stops taking writes,
 * polls the free space in the background (every 5 s), and once there is room for a memtable (64
 * MiB) writes its memtables to tables and takes writes again: no restart. Thread-safe; RocksDB
 * calls it from its own threads.
 */
final class DiskSpace extends AbstractEventListener {
  private final Path directory;
  private volatile DiskFullException full;

  DiskSpace(Path directory) {
    super(EnabledEventCallback.ON_ERROR_RECOVERY_COMPLETED);
    this.directory = directory;
  }

  /** Records that {@code doing} failed for want of space and returns the exception saying so. */
  DiskFullException failed(String doing, RocksDBException e) {
    DiskFullException exception = new DiskFullException(directory, doing, e);
    full = exception;
    return exception;
  }

  /**
   * Records {@code exception}, a failure for want of space outside RocksDB (the top-k floor's
   * memory could not grow), and returns it. RocksDB does not recover from it, as it never failed:
   * {@link #full()} looks at the free space instead, and says writes go through again once the
   * failure's {@linkplain DiskFullException#bytesNeeded() bytes} are free.
   */
  DiskFullException failed(DiskFullException exception) {
    full = exception;
    return exception;
  }

  /** A write went through: there is space. */
  void written() {
    if (full != null) {
      full = null;
    }
  }

  /** The failure that found the disk full, or null when writes go through. */
  DiskFullException full() {
    DiskFullException failure = full;
    if (failure != null && failure.bytesNeeded() > 0 && usable() >= failure.bytesNeeded()) {
      full = null; // freed: the next write will get its room
      return null;
    }
    return failure;
  }

  private long usable() {
    try {
      return Files.getFileStore(directory).getUsableSpace();
    } catch (IOException e) {
      return 0;
    }
  }

  @Override
  public void onErrorRecoveryCompleted(Status oldBackgroundError) {
    full = null;
  }
}
