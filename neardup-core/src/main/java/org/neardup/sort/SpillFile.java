package org.neardup.sort;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.neardup.api.Faces;

/**
 * A temporary file that data too large for the heap goes to: appended by one writer, read at any
 * position by any thread. It is opened with {@code DELETE_ON_CLOSE}, which on Linux unlinks it as
 * soon as it is open: it has no name while in use, so nothing is left behind by a normal end, an
 * error, Ctrl-C or even a killed process. {@link #close()} gives the disk space back.
 *
 * <p>Every spill file counts its bytes in {@link #bytesInUse()} and {@link #peakBytes()}, so a run
 * can say how much disk it used. Thread-safe for reading; appending is for one thread at a time.
 */
@Faces
public final class SpillFile implements AutoCloseable {
  private static final AtomicLong IN_USE = new AtomicLong();
  private static final AtomicLong PEAK = new AtomicLong();

  private final FileChannel channel;
  private final Path directory;
  private long size;
  private boolean closed;

  private SpillFile(FileChannel channel, Path directory) {
    this.channel = channel;
    this.directory = directory;
  }

  /**
   * A new empty spill file.
   *
   * @param directory where it goes; null for the system's temporary directory
   * @param prefix the start of its (short-lived) name, such as {@code neardup-keys-}
   * @throws UncheckedIOException when it cannot be created
   */
  public static SpillFile create(Path directory, String prefix) {
    Path dir = directoryOf(directory);
    IOException last = null;
    for (int attempt = 0; attempt < 10; attempt++) {
      Path file =
          dir.resolve(
              prefix + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".tmp");
      try {
        return new SpillFile(
            FileChannel.open(
                file,
                StandardOpenOption.CREATE_NEW,
                StandardOpenOption.READ,
                StandardOpenOption.WRITE,
                StandardOpenOption.DELETE_ON_CLOSE),
            dir);
      } catch (java.nio.file.FileAlreadyExistsException e) {
        last = e;
      } catch (IOException e) {
        throw failure(dir, "cannot create a temporary file", e);
      }
    }
    throw new UncheckedIOException("cannot create a temporary file in " + dir, last);
  }

  /**
   * Appends the remaining bytes of {@code bytes} and returns the position they were written at.
   *
   * @throws UncheckedIOException when writing fails (a full disk)
   */
  public long append(ByteBuffer bytes) {
    long position = size;
    long length = bytes.remaining();
    try {
      while (bytes.hasRemaining()) {
        channel.write(bytes, position + (length - bytes.remaining()));
      }
    } catch (IOException e) {
      throw failure(directory, "cannot write a temporary file", e);
    }
    size += length;
    long inUse = IN_USE.addAndGet(length);
    PEAK.accumulateAndGet(inUse, Math::max);
    return position;
  }

  /**
   * Fills the remaining space of {@code into} with the bytes at {@code position}.
   *
   * @throws UncheckedIOException when reading fails or the file ends first
   */
  public void read(long position, ByteBuffer into) {
    long start = position;
    try {
      while (into.hasRemaining()) {
        int read = channel.read(into, position);
        if (read < 0) {
          throw new IOException(
              "unexpected end of file at byte " + position + " (read from " + start + ")");
        }
        position += read;
      }
    } catch (IOException e) {
      throw failure(directory, "cannot read a temporary file", e);
    }
  }

  /** Where temporary files go: {@code directory}, or the system's temporary directory when null. */
  public static Path directoryOf(Path directory) {
    return directory != null ? directory : Path.of(System.getProperty("java.io.tmpdir"));
  }

  /**
   * A failure of a temporary file in {@code directory}, its message naming the directory (and, for
   * the system's, the property that moves it), with the system's reason: {@code /tmp: cannot write
   * a temporary file (java.io.tmpdir): No space left on device}.
   */
  public static UncheckedIOException failure(Path directory, String what, IOException e) {
    boolean system = directory.equals(Path.of(System.getProperty("java.io.tmpdir")));
    String reason =
        e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null
            ? fs.getReason()
            : String.valueOf(e.getMessage());
    return new UncheckedIOException(
        new IOException(
            directory + ": " + what + (system ? " (java.io.tmpdir)" : "") + ": " + reason, e));
  }

  /** Bytes written so far. */
  public long size() {
    return size;
  }

  /** Deletes the file (it has no name already; this frees its space). Idempotent. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    IN_USE.addAndGet(-size);
    try {
      channel.close();
    } catch (IOException e) {
      // the file is unlinked already; the space is freed when the process ends
    }
  }

  /** Bytes held by the spill files of this process that are still open. */
  public static long bytesInUse() {
    return IN_USE.get();
  }

  /** The most bytes the spill files of this process held at once. */
  public static long peakBytes() {
    return PEAK.get();
  }
}
