package org.neardup.io;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.function.ToIntFunction;

/**
 * The process's standard input, buffered so that its first bytes can be looked at ({@link #head})
 * before it is read: the format of {@code -} is sniffed as a file's is. One buffer for the current
 * {@link System#in} (a new one when it is replaced, as tests do). Thread-safe.
 */
final class StandardInput {
  private static InputStream source;
  private static BufferedInputStream buffered;
  private static byte[] head;

  private StandardInput() {}

  private static synchronized BufferedInputStream buffered() {
    if (System.in != source || buffered == null) {
      source = System.in;
      buffered = new BufferedInputStream(source, FormatSniffer.PEEK);
      head = null;
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
   * The bytes standard input starts with, not consumed, enough to tell its format: read until they
   * hold two lines that are not blank ({@code lines} counts them), or one when no more bytes are
   * there yet (a producer that writes slowly is not waited for), or {@code limit} bytes, or the
   * end. The same bytes on every call for this {@link System#in}, so that every look agrees.
   */
  static synchronized byte[] head(int limit, ToIntFunction<byte[]> lines) throws IOException {
    BufferedInputStream in = buffered();
    if (head != null) {
      return head;
    }
    byte[] bytes = new byte[limit];
    int length = 0;
    in.mark(limit);
    try {
      while (length < limit) {
        int n = in.read(bytes, length, limit - length);
        if (n < 0) {
          break;
        }
        length += n;
        int complete = lines.applyAsInt(Arrays.copyOf(bytes, length));
        if (complete >= 2 || (complete == 1 && in.available() == 0)) {
          break;
        }
      }
    } finally {
      in.reset();
    }
    head = Arrays.copyOf(bytes, length);
    return head;
  }
}
