package org.neardup.options;

import java.io.BufferedWriter;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Collection;
import org.neardup.io.Compression;

/**
 * Where a command's result goes: standard output, or a file. A file is written to a temporary
 * sibling that is renamed over the target only when complete, so a failed or interrupted run
 * (SIGINT, SIGTERM: see {@link TempFiles}) never leaves a half-written file and an existing file is
 * replaced only by a complete one, keeping its permissions. A target name ending in {@code .gz} is
 * gzip-compressed, one ending in {@code .zst} zstd-compressed ({@link Compression}); a name that
 * says another compression is refused.
 *
 * <p>Opening checks the target before any work ({@link OutputPaths}): it must not be one of the
 * inputs, nor a directory, nor in a missing or unwritable directory; a symbolic link is followed
 * (the link stays, its target is replaced). A target that is not a regular file (a device such as
 * {@code /dev/null}, a pipe) or lies under {@code /dev} or {@code /proc} ({@code /dev/stdout}) is
 * written directly: it cannot be replaced atomically. Every write failure, standard output's
 * included, ends the command with a message naming the target. Not thread-safe.
 */
public final class OutputTarget implements PendingOutput {
  private final String label;
  private final Path destination;
  private final Path temporary;
  private final OutputStream stream;
  private final Writer writer;
  private final PrintWriter standardOutput;
  private boolean committed;

  private OutputTarget(
      String label,
      Path destination,
      Path temporary,
      OutputStream stream,
      Writer writer,
      PrintWriter standardOutput) {
    this.label = label;
    this.destination = destination;
    this.temporary = temporary;
    this.stream = stream;
    this.writer = writer;
    this.standardOutput = standardOutput;
  }

  /**
   * A file target, or standard output ({@code out}) when {@code file} is null.
   *
   * @param inputs the command's inputs (files or directories), which the target must not be
   * @throws UsageException when the target is unusable, saying why
   */
  public static OutputTarget open(Path file, PrintWriter out, Collection<Path> inputs) {
    if (file == null) {
      return new OutputTarget("standard output", null, null, null, out, out);
    }
    checkCompression(file);
    OutputPaths.Resolved resolved = OutputPaths.resolve(file, inputs);
    Path destination = resolved.destination();
    try {
      if (resolved.direct()) {
        OutputStream raw =
            Files.newOutputStream(destination, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        return withStreams(file.toString(), null, null, raw, file);
      }
      // A new sibling (same file system, so the rename is atomic), with the default permissions.
      Path temporary = OutputPaths.temporarySibling(destination);
      OutputStream raw =
          TempFiles.create(
              temporary,
              () ->
                  Files.newOutputStream(
                      temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
      return withStreams(file.toString(), destination, temporary, raw, file);
    } catch (IOException e) {
      throw new UsageException(
          file + ": cannot write: " + IoErrors.reason(e) + OutputPaths.hint(e, destination));
    }
  }

  /**
   * Refuses a file named for a compression that is not written ({@link Compression#unsupported}).
   *
   * @throws UsageException naming the file and what to name it
   */
  public static void checkCompression(Path file) {
    var reason = Compression.unsupported(fileName(file));
    if (reason.isPresent()) {
      throw new UsageException(file + ": cannot write: " + reason.get());
    }
  }

  /** The compression a file of this name is written with. */
  public static Compression compression(Path file) {
    return Compression.ofName(fileName(file));
  }

  private static String fileName(Path file) {
    return file.getFileName() == null ? "" : file.getFileName().toString();
  }

  private static OutputTarget withStreams(
      String label, Path destination, Path temporary, OutputStream raw, Path file)
      throws IOException {
    OutputStream stream;
    try {
      stream = compression(file).compress(raw);
    } catch (IOException | RuntimeException | LinkageError e) {
      raw.close();
      throw e;
    }
    stream = new Guarded(stream, label);
    Writer writer =
        new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), 1 << 16);
    return new OutputTarget(label, destination, temporary, stream, writer, null);
  }

  /**
   * The byte stream of a file target (for copying records through); do not mix with {@link
   * #writer()}. Its failures name the target.
   *
   * @throws IllegalStateException for standard output
   */
  public OutputStream stream() {
    if (stream == null) {
      throw new IllegalStateException("standard output has no byte stream");
    }
    return stream;
  }

  /** A UTF-8 text writer. */
  public Writer writer() {
    return writer;
  }

  /**
   * Finishes the output: flushes and closes it and, for a file, renames it over the target.
   *
   * @throws IOException naming the target and the reason when anything could not be written
   */
  @Override
  public void commit() throws IOException {
    writer.flush();
    if (standardOutput != null) {
      if (standardOutput.checkError()) {
        throw new IOException(
            label + ": cannot write (write error; is the disk full or the pipe closed?)");
      }
      committed = true;
      return;
    }
    writer.close();
    if (temporary != null) {
      OutputPaths.copyPermissions(destination, temporary);
      boolean renamed;
      try {
        renamed = TempFiles.commit(temporary, this::rename);
      } catch (IOException e) {
        throw new IOException(label + ": cannot write: " + IoErrors.reason(e), e);
      }
      if (!renamed) {
        throw new IOException(label + ": not written: the process is being stopped");
      }
    }
    committed = true;
  }

  private void rename() throws IOException {
    try {
      Files.move(
          temporary,
          destination,
          StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(temporary, destination, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /** Without a {@link #commit()}, deletes the temporary file: the target stays as it was. */
  @Override
  public void close() {
    if (committed || standardOutput != null) {
      return;
    }
    try {
      stream.close();
    } catch (IOException ignored) {
      // the temporary file is deleted anyway; a direct target cannot be undone
    }
    if (temporary != null) {
      TempFiles.discard(temporary);
    }
  }

  /** Makes every failure of the wrapped stream name the target. */
  private static final class Guarded extends FilterOutputStream {
    private final String label;

    Guarded(OutputStream out, String label) {
      super(out);
      this.label = label;
    }

    @Override
    public void write(int b) throws IOException {
      try {
        out.write(b);
      } catch (IOException e) {
        throw failure(e);
      }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      try {
        out.write(b, off, len);
      } catch (IOException e) {
        throw failure(e);
      }
    }

    @Override
    public void flush() throws IOException {
      try {
        out.flush();
      } catch (IOException e) {
        throw failure(e);
      }
    }

    @Override
    public void close() throws IOException {
      try {
        out.close();
      } catch (IOException e) {
        throw failure(e);
      }
    }

    private IOException failure(IOException e) {
      return new IOException(label + ": cannot write: " + IoErrors.reason(e), e);
    }
  }
}
