package org.neardup.options;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.ThreadLocalRandom;
import org.neardup.io.InputSpool;
import org.neardup.sort.SpillFile;

/**
 * An input that can be read only once (standard input, a pipe) copied to a private temporary file
 * (owner-only, in java.io.tmpdir like the spill files), which {@link TempFiles} deletes when the
 * process ends before {@link #close()} does: on a failure, Ctrl-C or SIGTERM. While open, the input
 * is read from the copy under its own name ({@link InputSpool}). Not thread-safe.
 */
final class SpooledInput implements AutoCloseable {
  private final InputSpool spool;

  private SpooledInput(InputSpool spool) {
    this.spool = spool;
  }

  /**
   * Reads {@code input} to its end into a new temporary file.
   *
   * @throws java.io.UncheckedIOException naming the temporary directory when the copy cannot be
   *     made or written (a full disk)
   * @throws org.neardup.input.InputException naming the input when reading it fails
   */
  static SpooledInput of(Path input) {
    Path directory = SpillFile.directoryOf(null);
    Path file =
        directory.resolve(
            "neardup-input-"
                + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36)
                + ".tmp");
    try {
      TempFiles.create(
          file,
          () ->
              FileSystems.getDefault().supportedFileAttributeViews().contains("posix")
                  ? Files.createFile(
                      file,
                      PosixFilePermissions.asFileAttribute(
                          PosixFilePermissions.fromString("rw-------")))
                  : Files.createFile(file));
    } catch (IOException e) {
      throw SpillFile.failure(directory, "cannot create a temporary file", e);
    }
    try {
      return new SpooledInput(InputSpool.copy(input, file));
    } catch (IOException e) {
      TempFiles.discard(file);
      throw SpillFile.failure(directory, "cannot write a temporary file", e);
    } catch (RuntimeException e) {
      TempFiles.discard(file);
      throw e;
    }
  }

  /** Reads the input as it is again and deletes the copy. */
  @Override
  public void close() {
    spool.close();
    TempFiles.discard(spool.file());
  }
}
