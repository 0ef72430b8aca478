package org.neardup.io;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.LongConsumer;

/**
 * An input stream that tells a consumer how many bytes each read returned: progress against an
 * input's size. Not thread-safe, like the stream it wraps.
 */
final class CountingInputStream extends FilterInputStream {
  private final LongConsumer bytesRead;

  private CountingInputStream(InputStream in, LongConsumer bytesRead) {
    super(in);
    this.bytesRead = bytesRead;
  }

  /**
   * {@code file} opened for reading, its bytes counted to {@code bytesRead}; the caller closes it.
   */
  static InputStream open(Path file, LongConsumer bytesRead) throws IOException {
    return new CountingInputStream(Files.newInputStream(file), bytesRead);
  }

  @Override
  public int read() throws IOException {
    int b = super.read();
    if (b >= 0) {
      bytesRead.accept(1);
    }
    return b;
  }

  @Override
  public int read(byte[] buffer, int offset, int length) throws IOException {
    int n = super.read(buffer, offset, length);
    if (n > 0) {
      bytesRead.accept(n);
    }
    return n;
  }

  @Override
  public long skip(long n) throws IOException {
    long skipped = super.skip(n);
    if (skipped > 0) {
      bytesRead.accept(skipped);
    }
    return skipped;
  }
}
