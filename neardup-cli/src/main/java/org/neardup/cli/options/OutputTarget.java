package org.neardup.cli.options;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.zip.GZIPOutputStream;
import org.neardup.cli.UsageException;

/**
 * Where a command's result goes: standard output, or a file written to a temporary sibling and
 * renamed over the target only when complete — a failed run never leaves a half-written file,
 * and an existing file is replaced only by a complete one. A target name ending in {@code .gz} is
 * gzip-compressed.
 */
public final class OutputTarget implements AutoCloseable {
  private final Path target;
  private final Path temporary;
  private final OutputStream stream;
  private final Writer writer;
  private boolean committed;

  private OutputTarget(Path target, Path temporary, OutputStream stream, Writer writer) {
    this.target = target;
    this.temporary = temporary;
    this.stream = stream;
    this.writer = writer;
  }

  /** A file target, or standard output ({@code out}) when {@code file} is null. */
  public static OutputTarget open(Path file, PrintWriter out) {
    if (file == null) {
      return new OutputTarget(null, null, null, out);
    }
    try {
      Path absolute = file.toAbsolutePath();
      Path directory = absolute.getParent();
      if (directory != null && !Files.isDirectory(directory)) {
        throw new UsageException(file + ": output directory does not exist");
      }
      // A new sibling (same file system, so the rename is atomic) with the default permissions.
      Path temporary = absolute.resolveSibling(
          "." + absolute.getFileName() + "." + Long.toHexString(System.nanoTime()) + ".tmp");
      OutputStream stream = Files.newOutputStream(temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
      if (file.getFileName().toString().endsWith(".gz")) {
        stream = new GZIPOutputStream(stream, 1 << 16);
      }
      return new OutputTarget(file, temporary, stream,
          new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), 1 << 16));
    } catch (IOException e) {
      throw new UsageException(file + ": cannot write: " + e.getMessage());
    }
  }

  /**
   * The raw byte stream of a file target (for copying records through); do not mix with {@link
   * #writer()}.
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

  /** Finishes the output: closes the file and renames it over the target. */
  public void commit() {
    try {
      writer.flush();
      if (target != null) {
        stream.close();
        try {
          Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
          Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
        }
      }
      committed = true;
    } catch (IOException e) {
      throw new UncheckedIOException(new IOException(target + ": cannot write: " + e.getMessage(), e));
    }
  }

  /** Without a {@link #commit()}, deletes the temporary file: the target stays as it was. */
  @Override
  public void close() {
    if (!committed && temporary != null) {
      try {
        stream.close();
      } catch (IOException ignored) {
        // the file is deleted anyway
      }
      try {
        Files.deleteIfExists(temporary);
      } catch (IOException ignored) {
        // nothing more to do
      }
    }
  }
}
