package org.neardup.format;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The one owner of the compact byte layout of a shingle set, as signature files from version 2 hold
 * it: the sorted hashes as Rice-coded gaps. Each hash {@code h} is taken as the unsigned number
 * {@code u = h ^ 0x8000000000000000} (so ascending signed order is ascending unsigned order); the
 * gaps are {@code g0 = u0} and {@code gi = ui - u(i-1) - 1}. With the Rice parameter {@code k} (the
 * floor of log2 of the mean gap), each gap is written as {@code g >>> k} one-bits, a zero-bit, then
 * the low {@code k} bits of {@code g}, low bit first. Bits fill each byte from its lowest bit up;
 * the last byte is padded with zero-bits. The count comes from the enclosing layout; an empty set
 * takes no bytes.
 *
 * <pre>
 * offset size field
 *      0    1 k, in [0, 63]
 *      1  ... the gaps' bits
 * </pre>
 *
 * <p>Random 64-bit hashes hold about 64 - log2(c) + 1.4 bits of information each in a set of c, so
 * this layout takes about k + 2 bits a hash: 55 for a set of 1,500 (a text of about 1,500
 * characters with {@code char:5}), against 64 in {@link ShingleSetFormat}. Stateless.
 */
final class CompactShingleSetFormat {
  private static final long SIGN = Long.MIN_VALUE;

  private CompactShingleSetFormat() {}

  /**
   * The bytes of {@code set}.
   *
   * @throws IllegalArgumentException if the hashes are not distinct and ascending in signed order
   */
  static byte[] encode(long[] set) {
    int count = set.length;
    if (count == 0) {
      return new byte[0];
    }
    for (int i = 1; i < count; i++) {
      if (set[i] <= set[i - 1]) {
        throw new IllegalArgumentException("shingle set not in ascending order at hash " + i);
      }
    }
    long last = set[count - 1] ^ SIGN;
    long mean = Long.divideUnsigned(last, count);
    int k = mean == 0 ? 0 : 63 - Long.numberOfLeadingZeros(mean);
    long bits = 0;
    long previous = -1; // u(-1) + 1 = 0: the first gap is u0
    for (long hash : set) {
      long u = hash ^ SIGN;
      bits += ((u - previous - 1) >>> k) + 1 + k;
      previous = u;
    }
    byte[] bytes = new byte[(int) (1 + (bits + 7) / 8)];
    bytes[0] = (byte) k;
    Bits out = new Bits(bytes, 1);
    previous = -1;
    for (long hash : set) {
      long u = hash ^ SIGN;
      long gap = u - previous - 1;
      for (long q = gap >>> k; q > 0; q -= Math.min(q, 32)) {
        out.put(0xFFFFFFFFL, (int) Math.min(q, 32));
      }
      out.put(0, 1);
      out.put(gap, k);
      previous = u;
    }
    return bytes;
  }

  /**
   * The {@code count} hashes held in all of {@code bytes}.
   *
   * @param source the enclosing file's name, for error messages
   * @param offset where the bytes start in it
   * @throws CorruptFormatException for a bad parameter, bits that run out or are left over, or
   *     hashes past the largest
   */
  static long[] decode(byte[] bytes, int count, String source, long offset) {
    long[] set = new long[count];
    if (count == 0) {
      if (bytes.length != 0) {
        throw new CorruptFormatException(
            offset, source + ": an empty shingle set holds no bytes, got " + bytes.length);
      }
      return set;
    }
    if (bytes.length == 0 || (bytes[0] & 0xFF) > 63) {
      throw new CorruptFormatException(
          offset, source + ": compact shingle set without a Rice parameter in [0, 63]");
    }
    int k = bytes[0];
    Reader in = new Reader(bytes, source, offset);
    long previous = -1;
    for (int i = 0; i < count; i++) {
      long q = in.ones();
      long gap = q << k | in.get(k);
      long u = previous + 1 + gap;
      if ((q >>> (64 - Math.max(k, 1))) != 0 || (i > 0 && Long.compareUnsigned(u, previous) <= 0)) {
        throw new CorruptFormatException(
            offset, source + ": compact shingle set past the largest hash at hash " + i);
      }
      set[i] = u ^ SIGN;
      previous = u;
    }
    if (!in.restIsPadding()) {
      throw new CorruptFormatException(
          offset, source + ": compact shingle set of " + count + " hashes with bytes left over");
    }
    return set;
  }

  /**
   * Reads the gaps' bits a 64-bit window at a time (a run of one-bits counted with one
   * trailing-zeros count), lowest bit of each byte first.
   */
  private static final class Reader {
    private static final VarHandle LITTLE_ENDIAN_LONG =
        MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private final byte[] bytes;
    private final String source;
    private final long offset;
    private int position = 1; // the next byte into the window
    private long window; // the next bits, lowest first
    private int held; // bits in the window
    private long consumed; // bits read

    Reader(byte[] bytes, String source, long offset) {
      this.bytes = bytes;
      this.source = source;
      this.offset = offset;
    }

    private void refill() {
      if (held <= 56 && position + 8 <= bytes.length) { // whole bytes of one little-endian word
        int taken = (63 - held) >>> 3;
        window |= ((long) LITTLE_ENDIAN_LONG.get(bytes, position)) << held;
        window &= held + 8 * taken == 64 ? -1L : (1L << (held + 8 * taken)) - 1;
        position += taken;
        held += 8 * taken;
        return;
      }
      while (held <= 56 && position < bytes.length) {
        window |= (bytes[position++] & 0xFFL) << held;
        held += 8;
      }
    }

    /** Reads one-bits up to and including the next zero-bit; their number. */
    long ones() {
      long q = 0;
      while (true) {
        refill();
        int run = Long.numberOfTrailingZeros(~window);
        if (run < held) {
          take(run + 1);
          return q + run;
        }
        if (held == 0) {
          throw new CorruptFormatException(
              offset, source + ": compact shingle set ends inside a hash");
        }
        q += held;
        take(held);
      }
    }

    /** Reads {@code width} bits (up to 63). */
    long get(int width) {
      if (width == 0) {
        return 0;
      }
      refill();
      if (width <= held) {
        long value = window & (-1L >>> (64 - width));
        take(width);
        return value;
      }
      int low = held; // the window holds at least 57 bits unless the bytes ran out
      long value = window & (low == 0 ? 0 : -1L >>> (64 - low));
      take(low);
      refill();
      int high = width - low;
      if (high > held) {
        throw new CorruptFormatException(
            offset, source + ": compact shingle set ends inside a hash");
      }
      value |= (window & (-1L >>> (64 - high))) << low;
      take(high);
      return value;
    }

    private void take(int bits) {
      window = bits == 64 ? 0 : window >>> bits;
      held -= bits;
      consumed += bits;
    }

    /** Whether the bits not read are the last byte's padding: zero, and no byte beyond. */
    boolean restIsPadding() {
      refill();
      return window == 0 && 1 + (consumed + 7) / 8 == bytes.length;
    }
  }

  /** Writes bits into a byte array, lowest bit of each byte first. */
  private static final class Bits {
    private final byte[] bytes;
    private int position; // the next byte
    private long buffer;
    private int held;

    Bits(byte[] bytes, int start) {
      this.bytes = bytes;
      this.position = start;
    }

    /** Writes the low {@code width} bits of {@code value} (width up to 64). */
    void put(long value, int width) {
      int left = width;
      long rest = value;
      while (left > 0) {
        int part = Math.min(left, 32);
        buffer |= (rest & ((1L << part) - 1)) << held;
        held += part;
        while (held >= 8) {
          bytes[position++] = (byte) buffer;
          buffer >>>= 8;
          held -= 8;
        }
        rest >>>= part;
        left -= part;
      }
      if (held > 0 && position < bytes.length) {
        bytes[position] = (byte) buffer; // the last, partial byte
      }
    }
  }
}
