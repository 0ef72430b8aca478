package org.neardup.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongPredicate;
import org.neardup.input.Document;
import org.neardup.input.InputException;
import org.neardup.input.InputProblems;
import org.neardup.sort.SpillFile;

/**
 * An input that can be read only once (standard input {@code -}, a pipe), copied as it is to a file
 * so that it can be read again. While the spool is open, {@link DocumentReaders} and {@link
 * RecordCopies} read the input from the copy under the input's own name: messages, document sources
 * and ids are those of a single read of the input. The copy keeps the input's bytes, compressed or
 * not, so gzip and zstd are detected and formats sniffed as on the input itself.
 *
 * <p>The caller makes the copy file (where temporary files go, deleted when the process ends) and
 * deletes it after {@link #close()}. Thread-safe.
 */
public final class InputSpool implements AutoCloseable {
  private static final Map<Path, Path> COPIES = new ConcurrentHashMap<>();
  private static final int BUFFER = 1 << 16;

  private final Path input;
  private final Path copy;

  private InputSpool(Path input, Path copy) {
    this.input = input;
    this.copy = copy;
  }

  /**
   * Reads {@code input} to its end into {@code copy}, an empty file, and reads {@code input} from
   * it from now until {@link #close()}.
   *
   * @throws InputException naming the input when reading it fails
   * @throws IOException when writing the copy fails (a full disk)
   * @throws IllegalStateException when {@code input} is being read from a copy already
   */
  public static InputSpool copy(Path input, Path copy) throws IOException {
    Objects.requireNonNull(input, "input");
    Objects.requireNonNull(copy, "copy");
    if (COPIES.containsKey(input)) {
      throw new IllegalStateException(input + " is read from a copy already");
    }
    byte[] buffer = new byte[BUFFER];
    try (InputStream in = openOnce(input);
        OutputStream out =
            Files.newOutputStream(
                copy, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
      while (true) {
        int n;
        try {
          n = in.read(buffer);
        } catch (IOException e) {
          throw InputErrors.readFailure(input.toString(), 0, e, false);
        }
        if (n < 0) {
          break;
        }
        out.write(buffer, 0, n);
      }
    }
    if (COPIES.putIfAbsent(input, copy) != null) {
      throw new IllegalStateException(input + " is read from a copy already");
    }
    return new InputSpool(input, copy);
  }

  private static InputStream openOnce(Path input) {
    if (DocumentReaders.isStandardInput(input)) {
      return DocumentReaders.standardInput();
    }
    try {
      return Files.newInputStream(input);
    } catch (IOException e) {
      throw InputErrors.readFailure(input.toString(), 0, e, false);
    }
  }

  /**
   * A reader of standard input in a format that reads only files (Parquet): standard input copied
   * to a temporary file (java.io.tmpdir, owner-only), read as standard input, deleted when the
   * reader is closed or else when the process ends.
   *
   * @throws java.io.UncheckedIOException naming the temporary directory when the copy cannot be
   *     written (a full disk)
   */
  static DocumentReader readStandardInput(
      Path input, InputOptions options, InputProblems problems) {
    if (options.format() instanceof PluggedFormat plugged && !plugged.isAvailable()) {
      return plugged.open(
          input, options, problems); // says which jar is missing before reading anything
    }
    Path directory = SpillFile.directoryOf(null);
    Path file;
    try {
      file = Files.createTempFile(directory, "neardup-input-", ".tmp");
    } catch (IOException e) {
      throw SpillFile.failure(directory, "cannot create a temporary file", e);
    }
    file.toFile().deleteOnExit();
    try {
      copy(input, file).close();
      DocumentReader reader = RenamedReader.open(input.toString(), file, options, problems);
      return new DocumentReader() {
        @Override
        public Document next() {
          return reader.next();
        }

        @Override
        public Document next(LongPredicate wanted) {
          return reader.next(wanted);
        }

        @Override
        public void close() {
          try {
            reader.close();
          } finally {
            delete(file);
          }
        }
      };
    } catch (IOException e) {
      delete(file);
      throw SpillFile.failure(directory, "cannot write a temporary file", e);
    } catch (RuntimeException | Error e) {
      delete(file);
      throw e;
    }
  }

  private static void delete(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // deleted when the process ends
    }
  }

  /** The file that {@code input} is read from instead, or null when it is read as it is. */
  static Path copyOf(Path input) {
    return COPIES.get(input);
  }

  /** The input copied. */
  public Path input() {
    return input;
  }

  /** The file it was copied to. */
  public Path file() {
    return copy;
  }

  /** Reads the input as it is again (the copy is the caller's to delete). Idempotent. */
  @Override
  public void close() {
    COPIES.remove(input, copy);
  }
}
