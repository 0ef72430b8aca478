package org.neardup.testkit;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A small tmpfs mounted on a directory, for tests of a full disk: {@link #fill} leaves a given
 * number of bytes free, {@link #free} gives the space back. Mounting needs root (as in CI);
 * elsewhere the calling test is skipped with the reason. {@link #close} unmounts it. Not
 * thread-safe.
 */
public final class SmallDisk implements AutoCloseable {
  private final Path mountPoint;
  private final Path filler;

  private SmallDisk(Path mountPoint) {
    this.mountPoint = mountPoint;
    this.filler = mountPoint.resolve("filler");
  }

  /**
   * Mounts a tmpfs of {@code megabytes} on {@code directory} (created); skips the test when it
   * cannot.
   */
  public static SmallDisk mount(Path directory, int megabytes)
      throws IOException, InterruptedException {
    Files.createDirectories(directory);
    String output =
        run(
            List.of(
                "mount",
                "-t",
                "tmpfs",
                "-o",
                "size=" + megabytes + "m",
                "tmpfs",
                directory.toString()));
    Assumptions.assumeTrue(
        output == null,
        () -> "cannot mount a tmpfs (needs root), skipping the full-disk test: " + output);
    return new SmallDisk(directory);
  }

  /** The directory the tmpfs is mounted on. */
  public Path root() {
    return mountPoint;
  }

  /** Bytes free on the tmpfs. */
  public long usable() throws IOException {
    FileStore store = Files.getFileStore(mountPoint);
    return store.getUsableSpace();
  }

  /**
   * Writes a filler file so that about {@code leftBytes} stay free (less when less is free
   * already).
   */
  public void fill(long leftBytes) throws IOException {
    long toWrite = usable() - leftBytes;
    byte[] block = new byte[64 << 10];
    try (OutputStream out =
        Files.newOutputStream(
            filler,
            java.nio.file.StandardOpenOption.CREATE,
            java.nio.file.StandardOpenOption.APPEND)) {
      for (long written = 0; written < toWrite; written += block.length) {
        out.write(block, 0, (int) Math.min(block.length, toWrite - written));
      }
    }
  }

  /** Writes a filler file until the tmpfs is full. */
  public void fillUp() throws IOException {
    try {
      fill(0);
      fill(-(64 << 10)); // the last partial block
    } catch (IOException e) {
      if (!String.valueOf(e.getMessage()).contains("No space left on device")) {
        throw e;
      }
    }
  }

  /** Deletes the filler: the space it took is free again. */
  public void free() throws IOException {
    Files.deleteIfExists(filler);
  }

  /** Unmounts the tmpfs (lazily when still in use), whatever was written on it. */
  @Override
  public void close() throws IOException {
    try {
      String output = run(List.of("umount", mountPoint.toString()));
      if (output != null) {
        run(List.of("umount", "-l", mountPoint.toString()));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while unmounting " + mountPoint);
    }
  }

  /** Runs a command; null when it succeeded, else its output and exit code. */
  private static String run(List<String> command) throws IOException, InterruptedException {
    Process process;
    try {
      process = new ProcessBuilder(command).redirectErrorStream(true).start();
    } catch (IOException e) {
      return e.getMessage();
    }
    String output =
        new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)
            .trim();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      return String.join(" ", command) + ": timed out";
    }
    return process.exitValue() == 0
        ? null
        : String.join(" ", command) + ": exit " + process.exitValue() + ": " + output;
  }
}
