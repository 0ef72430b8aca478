package org.neardup.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.LongConsumer;

/**
 * Opens a file for reading, decompressing it when it starts with the gzip magic bytes {@code 1f 8b}
 * (whatever its name): every member of a multi-member file, and an error for bytes after the last
 * member ({@link GzipMembers}); or with the zstd magic bytes {@code 28 b5 2f fd} (zstd-jni, every
 * frame of the file). Stateless and thread-safe.
 */
public final class Decompression {
  private static final int GZIP_BUFFER = 1 << 16;

  /** Bytes looked at: the longest magic number recognised, bzip2's with its first block's. */
  private static final int MAGIC = 10;

  /** The magic numbers of compressions that are recognised but not read, with their names. */
  private static final Object[][] UNREAD = {
    {"bzip2", new int[] {'B', 'Z', 'h', -1, 0x31, 0x41, 0x59, 0x26, 0x53, 0x59}},
    {"bzip2", new int[] {'B', 'Z', 'h', -1, 0x17, 0x72, 0x45, 0x38, 0x50, 0x90}},
    {"xz", new int[] {0xfd, '7', 'z', 'X', 'Z', 0x00}},
    {"zip", new int[] {'P', 'K', 0x03, 0x04}},
    {"7z", new int[] {'7', 'z', 0xbc, 0xaf, 0x27, 0x1c}},
    {"lz4", new int[] {0x04, 0x22, 0x4d, 0x18}},
  };

  /**
   * A file compressed in a way that is recognised but not read ({@code bzip2}, {@code xz}, {@code
   * zip}, {@code 7z}, {@code lz4}): its message says so and what to do, instead of reading the
   * compressed bytes as text.
   */
  static final class UnreadCompressionException extends IOException {
    private static final long serialVersionUID = 1L;

    UnreadCompressionException(String compression) {
      super(
          "compressed with "
              + compression
              + ", which neardup does not read (it reads gzip and zstd): decompress it first, or"
              + " pipe it in as - (standard input)");
    }
  }

  /** The name of the unread compression {@code magic} starts with, or null. */
  private static String unreadCompression(byte[] magic, int length) {
    for (Object[] known : UNREAD) {
      int[] expected = (int[]) known[1];
      if (length < expected.length) {
        continue;
      }
      boolean matches = true;
      for (int i = 0; i < expected.length && matches; i++) {
        matches = expected[i] < 0 || (magic[i] & 0xff) == expected[i];
      }
      if (matches) {
        return (String) known[0];
      }
    }
    return null;
  }

  /**
   * For error messages about a failed {@link #open}: only the gzip header can be truncated or
   * corrupt there, so an {@link java.io.EOFException} or {@link java.util.zip.ZipException} from
   * open always concerns gzip input.
   */
  static final boolean FAILS_ONLY_ON_GZIP = true;

  private Decompression() {}

  /** An open input stream, and whether it is being gunzipped (for error messages). */
  public record Opened(InputStream stream, boolean gzip) {}

  /**
   * Opens an input file as a reader does, turning a failure into the {@link
   * org.neardup.input.InputException} that names it; the caller closes the stream.
   */
  public static Opened openInput(Path file) {
    try {
      return open(file);
    } catch (IOException e) {
      throw InputErrors.readFailure(file.toString(), 1, e, FAILS_ONLY_ON_GZIP);
    }
  }

  /**
   * {@link #openInput(Path)}, telling {@code bytesRead} how many bytes are read from the file as
   * they are (bytes of the file itself, before any gunzipping): progress against its size.
   */
  public static Opened openInput(Path file, LongConsumer bytesRead) {
    return openInput(file.toString(), () -> CountingInputStream.open(file, bytesRead));
  }

  /** Opens {@code file}; the caller closes the stream. */
  public static Opened open(Path file) throws IOException {
    return open(Files.newInputStream(file));
  }

  /**
   * Opens an input of any file system as a reader does ({@link #openInput(Path)}), turning a
   * failure into the {@link org.neardup.input.InputException} that names {@code source}.
   */
  public static Opened openInput(String source, InputOpener opener) {
    try {
      return open(opener.open());
    } catch (IOException e) {
      throw InputErrors.readFailure(source, 1, e, FAILS_ONLY_ON_GZIP);
    }
  }

  /**
   * Wraps {@code raw}, gunzipping it when it starts with the gzip magic bytes; closes {@code raw}
   * on failure, else the caller closes the returned stream.
   */
  public static Opened open(InputStream raw) throws IOException {
    PushbackInputStream in = new PushbackInputStream(raw, MAGIC);
    try {
      byte[] magic = new byte[MAGIC];
      int n = in.readNBytes(magic, 0, MAGIC);
      if (n > 0) {
        in.unread(magic, 0, n);
      }
      String unread = unreadCompression(magic, n);
      if (unread != null) {
        throw new UnreadCompressionException(unread);
      }
      boolean gzip = n >= 2 && (magic[0] & 0xff) == 0x1f && (magic[1] & 0xff) == 0x8b;
      boolean zstd =
          n >= 4
              && (magic[0] & 0xff) == 0x28
              && (magic[1] & 0xff) == 0xb5
              && (magic[2] & 0xff) == 0x2f
              && (magic[3] & 0xff) == 0xfd;
      if (zstd) {
        return new Opened(
            new java.io.BufferedInputStream(ZstdFrames.decompressed(in), GZIP_BUFFER), false);
      }
      return new Opened(gzip ? new GzipMembers(in, GZIP_BUFFER) : in, gzip);
    } catch (IOException | RuntimeException e) {
      in.close();
      throw e;
    }
  }
}
