package org.neardup.io;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * The process's standard input, buffered so that its first bytes can be looked at ({@link #peek})
 * before it is read: the format of {@code -} is sniffed as a file's is. One buffer for the current
 * {@link System#in} (a new one when it is replaced, as tests do). Thread-safe.
 */
final class StandardInput {
  private static InputStream source;
  private static BufferedInputStream buffered;

  private StandardInput() {}

  private static synchronized BufferedInputStream buffered() {
    if (System.in != source || buffered == null) {
      source = System.in;
      buffered = new BufferedInputStream(source, FormatSniffer.PEEK);
    }
    return buffered;
  }

  /** Standard input, which closing does not close (the process may still read or inherit it). */
  static InputStream stream() {
    return new FilterInputStream(buffered()) {
      @Override
      public void close() {
        // standard input stays open
      }
    };
  }

  /**
   * Up to {@code length} of the bytes that standard input starts with (or continues with, once read
   * from), without consuming them.
   */
  static synchronized byte[] peek(int length) throws IOException {
    BufferedInputStream in = buffered();
    in.mark(length);
    try {
      return in.readNBytes(length);
    } finally {
      in.reset();
    }
  }
}
