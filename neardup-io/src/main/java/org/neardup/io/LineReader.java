package org.neardup.io;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.util.Arrays;

/**
 * Splits a byte stream into lines on {@code '\n'}, reading big chunks into one growable byte array
 * that it reuses: a line is a view into that array, valid until the next call to {@link #next()}.
 * The line's content excludes the {@code '\n'} and one {@code '\r'} before it, and (on line 1) a
 * UTF-8 byte order mark; its raw bytes include all of them, so that copying raw bytes reproduces
 * the input exactly. A last line without {@code '\n'} is still a line. Not thread-safe.
 */
final class LineReader implements Closeable {
  private static final int CHUNK = 1 << 16;
  private static final int MAX_BUFFER = Integer.MAX_VALUE - 16;

  private final InputStream in;
  private final CharsetDecoder decoder = Utf8.strictDecoder();
  private byte[] buf = new byte[CHUNK];
  private int pos;
  private int limit;
  private boolean eof;
  private CharBuffer chars;

  private int rawStart;
  private int start;
  private int end;
  private int rawEnd;
  private long lineNumber;

  LineReader(InputStream in) {
    this.in = in;
  }

  /**
   * Advances to the next line.
   *
   * @return false at the end of the input
   * @throws IOException when reading fails; {@link #lineNumber()} + 1 is the line being read
   */
  boolean next() throws IOException {
    int scan = pos;
    while (true) {
      int nl = indexOfNewline(buf, scan, limit);
      if (nl >= 0) {
        setLine(pos, nl, nl + 1);
        return true;
      }
      if (eof) {
        if (pos < limit) {
          setLine(pos, limit, limit);
          return true;
        }
        return false;
      }
      int scanned = limit - pos; // no '\n' among these: do not scan them again
      fill();
      scan = pos + scanned;
    }
  }

  private void fill() throws IOException {
    if (pos > 0) {
      int pending = limit - pos;
      System.arraycopy(buf, pos, buf, 0, pending);
      limit = pending;
      pos = 0;
    }
    if (limit == buf.length) {
      if (buf.length >= MAX_BUFFER) {
        throw new IOException("line longer than " + MAX_BUFFER + " bytes");
      }
      buf = Arrays.copyOf(buf, (int) Math.min(MAX_BUFFER, 2L * buf.length));
    }
    int n = in.read(buf, limit, buf.length - limit);
    if (n < 0) {
      eof = true;
    } else {
      limit += n;
    }
  }

  private static int indexOfNewline(byte[] bytes, int from, int to) {
    for (int i = from; i < to; i++) {
      if (bytes[i] == '\n') {
        return i;
      }
    }
    return -1;
  }

  private void setLine(int lineStart, int contentEnd, int lineEnd) {
    lineNumber++;
    rawStart = lineStart;
    rawEnd = lineEnd;
    start = lineStart;
    end = contentEnd;
    if (end > start && buf[end - 1] == '\r') {
      end--;
    }
    if (lineNumber == 1 && Utf8.startsWithBom(buf, start, end - start)) {
      start += 3;
    }
    pos = lineEnd;
  }

  /** 1-based number of the current line (0 before the first). */
  long lineNumber() {
    return lineNumber;
  }

  /** Whether the current line's content is empty. */
  boolean isEmpty() {
    return start == end;
  }

  /**
   * Whether the current line's content is empty or only blanks: spaces, tabs, carriage returns,
   * form feeds and vertical tabs. Such a line is not a record in any line format.
   */
  boolean isBlank() {
    for (int i = start; i < end; i++) {
      if (!Utf8.isBlank(buf[i])) {
        return false;
      }
    }
    return true;
  }

  /** The array holding the current line; valid until the next call to {@link #next()}. */
  byte[] buffer() {
    return buf;
  }

  /** Start of the current line's content in {@link #buffer()}. */
  int start() {
    return start;
  }

  /** End (exclusive) of the current line's content in {@link #buffer()}. */
  int end() {
    return end;
  }

  /** Start of the current line's raw bytes in {@link #buffer()}. */
  int rawStart() {
    return rawStart;
  }

  /** End (exclusive) of the current line's raw bytes, line terminator included. */
  int rawEnd() {
    return rawEnd;
  }

  /**
   * The current line's content decoded as UTF-8, in a buffer reused across lines (valid until the
   * next call to {@link #next()} or {@link #decode()}).
   *
   * @throws InvalidUtf8Exception with this line's number and the offset of the bad byte in the line
   */
  CharBuffer decode() throws InvalidUtf8Exception {
    try {
      chars = Utf8.decode(decoder, buf, start, end - start, chars);
      return chars;
    } catch (InvalidUtf8Exception e) {
      throw new InvalidUtf8Exception(lineNumber, e.offset());
    }
  }

  /** A description of the bad byte at {@code offset} in the current line's content. */
  String describeBadByte(long offset) {
    return Utf8.describeBadByte(buf, start + (int) offset, end);
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
