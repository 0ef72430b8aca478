package org.neardup.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;

/**
 * A strict UTF-8 {@link Reader}: malformed input throws an {@link InvalidUtf8Exception} naming the
 * 1-based line of the bad bytes (it counts the {@code '\n'} it has delivered). Optionally drops a
 * leading byte order mark. Not thread-safe.
 */
final class Utf8Reader extends Reader {
  private final InputStream in;
  private final CharsetDecoder decoder = Utf8.strictDecoder();
  private final ByteBuffer bytes = ByteBuffer.allocate(1 << 16);
  private final boolean hadBom;
  private boolean eof;
  private boolean done;
  private long newlines;

  /**
   * @param skipBom whether to drop a leading UTF-8 byte order mark
   */
  Utf8Reader(InputStream in, boolean skipBom) throws IOException {
    this.in = in;
    bytes.limit(0);
    while (bytes.remaining() < 3 && !eof) {
      fill();
    }
    hadBom = Utf8.startsWithBom(bytes.array(), bytes.position(), bytes.remaining());
    if (hadBom && skipBom) {
      bytes.position(bytes.position() + 3);
    }
  }

  /** Whether the input started with a UTF-8 byte order mark. */
  boolean hadBom() {
    return hadBom;
  }

  /** The line being read: 1 + the number of {@code '\n'} delivered so far. */
  long line() {
    return newlines + 1;
  }

  @Override
  public int read(char[] cbuf, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    CharBuffer out = CharBuffer.wrap(cbuf, off, len);
    while (!done) {
      CoderResult result = decoder.decode(bytes, out, eof);
      if (result.isError()) {
        count(cbuf, off, out.position());
        throw new InvalidUtf8Exception(line(), 0);
      }
      if (result.isOverflow()) {
        break;
      }
      if (eof) {
        if (decoder.flush(out).isOverflow()) {
          break;
        }
        done = true;
      } else if (out.position() > off) {
        break;
      } else {
        fill();
      }
    }
    int n = out.position() - off;
    if (n == 0 && done) {
      return -1;
    }
    count(cbuf, off, out.position());
    return n;
  }

  private void count(char[] cbuf, int from, int to) {
    for (int i = from; i < to; i++) {
      if (cbuf[i] == '\n') {
        newlines++;
      }
    }
  }

  /** Moves unread bytes to the front and reads more; sets {@link #eof} at the end. */
  private void fill() throws IOException {
    bytes.compact();
    int n = in.read(bytes.array(), bytes.position(), bytes.remaining());
    if (n < 0) {
      eof = true;
    } else {
      bytes.position(bytes.position() + n);
    }
    bytes.flip();
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
