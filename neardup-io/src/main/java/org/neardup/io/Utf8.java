package org.neardup.io;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** Strict UTF-8 decoding of byte ranges. Stateless and thread-safe (decoders are not shared). */
final class Utf8 {
  private static final byte[] BOM = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};

  private Utf8() {}

  /** A new decoder that reports malformed input instead of replacing it. */
  static CharsetDecoder strictDecoder() {
    return StandardCharsets.UTF_8
        .newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
  }

  /**
   * Decodes {@code bytes[off, off+len)} into {@code reuse} (or a larger buffer when it is too
   * small) and returns the buffer, flipped for reading.
   *
   * @throws InvalidUtf8Exception with line 0 and the offset of the bad byte relative to {@code off}
   */
  static CharBuffer decode(CharsetDecoder decoder, byte[] bytes, int off, int len, CharBuffer reuse)
      throws InvalidUtf8Exception {
    // UTF-8 never decodes to more chars than it has bytes.
    CharBuffer out =
        reuse != null && reuse.capacity() >= len ? reuse : CharBuffer.allocate(Math.max(len, 64));
    out.clear();
    decoder.reset();
    ByteBuffer in = ByteBuffer.wrap(bytes, off, len);
    CoderResult result = decoder.decode(in, out, true);
    if (!result.isError()) {
      result = decoder.flush(out);
    }
    if (result.isError()) {
      throw new InvalidUtf8Exception(0, in.position() - off);
    }
    out.flip();
    return out;
  }

  /** Whether {@code bytes[off, off+len)} starts with a UTF-8 byte order mark. */
  static boolean startsWithBom(byte[] bytes, int off, int len) {
    return len >= 3 && bytes[off] == BOM[0] && bytes[off + 1] == BOM[1] && bytes[off + 2] == BOM[2];
  }

  /** The number of {@code '\n'} bytes in {@code bytes[off, end)}. */
  static long countNewlines(byte[] bytes, int off, int end) {
    long n = 0;
    for (int i = off; i < end; i++) {
      if (bytes[i] == '\n') {
        n++;
      }
    }
    return n;
  }

  /** A one-line description of the bad byte at {@code bytes[at]} for messages. */
  static String describeBadByte(byte[] bytes, int at, int end) {
    return at < end
        ? String.format("byte 0x%02x", bytes[at] & 0xff)
        : "truncated sequence at the end";
  }

  /** Whether {@code b} is a blank: space, tab, carriage return, form feed or vertical tab. */
  static boolean isBlank(int b) {
    return b == ' ' || b == '\t' || b == '\r' || b == '\f' || b == 0x0B;
  }
}
