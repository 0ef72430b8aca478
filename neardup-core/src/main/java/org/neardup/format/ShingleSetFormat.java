package org.neardup.format;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.neardup.api.Faces;

/**
 * The one owner of the byte layout of a shingle set: its sorted, distinct 64-bit shingle hashes as
 * 8-byte little-endian two's-complement values, in ascending signed order, one after the other (a
 * document's shingle hashes in text order, repeats included, take the same layout where
 * verification spills them: {@link #readHashes}). The count is not part of the layout: the
 * enclosing layout gives it (a length prefix in a signature file, an offset table in a spill file,
 * the value size in a key-value store).
 *
 * <pre>
 * offset size field
 *      0    8 hash 0 (the smallest, as a signed long)
 *      8    8 hash 1
 *    ...
 *  8*(c-1)  8 hash c-1
 * </pre>
 *
 * Stateless.
 */
@Faces
public final class ShingleSetFormat {
  /** Bytes per shingle hash. */
  public static final int BYTES_PER_HASH = 8;

  private ShingleSetFormat() {}

  /** The bytes of {@code set}. */
  public static byte[] encode(long[] set) {
    ByteBuffer buffer =
        ByteBuffer.allocate(BYTES_PER_HASH * set.length).order(ByteOrder.LITTLE_ENDIAN);
    buffer.asLongBuffer().put(set);
    return buffer.array();
  }

  /**
   * Writes {@code set} at the buffer's position (little-endian buffer with room for it); a
   * document's shingle hashes in any order are written the same way ({@link #readHashes}).
   */
  public static void write(ByteBuffer out, long[] set) {
    out.asLongBuffer().put(set);
    out.position(out.position() + BYTES_PER_HASH * set.length);
  }

  /**
   * Reads {@code count} hashes from the buffer's position.
   *
   * @param offset where the set starts in the enclosing bytes (for error messages)
   * @throws CorruptFormatException when fewer bytes remain, or the hashes are not ascending
   */
  public static long[] read(ByteBuffer in, int count, long offset) {
    long[] set = readHashes(in, count, offset);
    for (int i = 1; i < count; i++) {
      if (set[i] <= set[i - 1]) {
        throw new CorruptFormatException(
            offset + (long) BYTES_PER_HASH * i, "shingle set not in ascending order");
      }
    }
    return set;
  }

  /**
   * Reads {@code count} hashes from the buffer's position in any order: the same layout holding a
   * document's shingle hashes as the shingler made them (repeats included), as verification spills
   * them.
   *
   * @param offset where the hashes start in the enclosing bytes (for error messages)
   * @throws CorruptFormatException when fewer bytes remain
   */
  public static long[] readHashes(ByteBuffer in, int count, long offset) {
    if (count < 0 || (long) count * BYTES_PER_HASH > in.remaining()) {
      throw new CorruptFormatException(
          offset,
          "truncated shingle set: "
              + count
              + " hashes need "
              + (long) count * BYTES_PER_HASH
              + " bytes, "
              + in.remaining()
              + " left");
    }
    long[] hashes = new long[count];
    in.asLongBuffer().get(hashes);
    in.position(in.position() + BYTES_PER_HASH * count);
    return hashes;
  }

  /** The set stored in all of {@code bytes}. */
  public static long[] decode(byte[] bytes) {
    return decodeHead(bytes, count(bytes.length));
  }

  /** The number of hashes of a set stored in {@code size} bytes. */
  public static int count(int size) {
    if (size % BYTES_PER_HASH != 0) {
      throw new CorruptFormatException(size, "a shingle set is a multiple of 8 bytes, got " + size);
    }
    return size / BYTES_PER_HASH;
  }

  /** The first {@code count} hashes of a set, from the first bytes of its layout. */
  public static long[] decodeHead(byte[] bytes, int count) {
    return read(ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN), count, 0);
  }
}
