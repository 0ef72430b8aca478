package org.neardup.format;

import java.nio.ByteBuffer;
import org.neardup.minhash.MinHashConfig;
import org.neardup.minhash.MinHashScheme;
import org.neardup.shingle.ShingleConfig;
import org.neardup.shingle.ShingleHashVersion;
import org.neardup.shingle.ShingleUnit;
import org.neardup.sketch.SketchParams;
import org.neardup.text.NormalizerConfig;

/**
 * The one owner of the byte layout of {@link SketchParams}, embedded in every persisted layout that
 * holds sketches (signature records, signature files, the service's index). All integers are
 * little-endian; offsets are relative to the start of the block.
 *
 * <pre>
 * offset size field
 *      0    2 MinHash scheme id ({@link MinHashScheme#id()})
 *      2    8 seed
 *     10    4 n, number of signature values
 *     14    1 shingle unit: 0 char, 1 whitespace-separated word, 2 word between Unicode word
 *             boundaries (2 in layout 2 only)
 *     15    1 normalization flags: bit 0 NFKC, bit 1 lower-case, bit 2 strip punctuation,
 *             bit 3 collapse whitespace (other bits 0)
 *     16    2 shingle size k
 *     18    1 shingle hash version ({@link ShingleHashVersion#id()})      [layout 2 only]
 *     19    1 reserved, 0                                                  [layout 2 only]
 * </pre>
 *
 * <p>Layout 1 (18 bytes, in signature format version 1) has no shingle hash version: it means
 * {@link ShingleHashVersion#UTF16_V1}, what was used when it was written. Layout 2 (20 bytes) is
 * what this class writes. Stateless.
 */
final class SketchParamsFormat {
  /** Bytes of layout 1 (no shingle hash version). */
  static final int V1_BYTES = 18;

  /** Bytes of layout 2, the one written. */
  static final int BYTES = 20;

  private SketchParamsFormat() {}

  /** Writes {@code params} in layout 2 at the buffer's position (little-endian buffer). */
  static void write(ByteBuffer out, SketchParams params) {
    MinHashConfig minHash = params.minHash();
    ShingleConfig shingle = params.shingle();
    out.putShort((short) minHash.scheme().id());
    out.putLong(minHash.seed());
    out.putInt(minHash.numPermutations());
    out.put((byte) unitId(shingle.unit()));
    out.put(normalizationFlags(params.normalizer()));
    out.putShort((short) shingle.size());
    out.put((byte) shingle.hashVersion().id());
    out.put((byte) 0);
  }

  /** The params block of layout 2 as its own array. */
  static byte[] encode(SketchParams params) {
    ByteBuffer buffer = ByteBuffer.allocate(BYTES).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    write(buffer, params);
    return buffer.array();
  }

  /** Reads a layout 2 block from the start of {@code bytes}. */
  static SketchParams decode(byte[] bytes) {
    if (bytes.length < BYTES) {
      throw new CorruptFormatException(
          bytes.length, "truncated sketch params (" + bytes.length + " of " + BYTES + " bytes)");
    }
    return read(ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN), 2, 0);
  }

  /**
   * Reads a params block at the buffer's position (little-endian buffer with enough bytes left).
   *
   * @param layout 1 or 2
   * @param offset where the block starts in the enclosing bytes (for error messages)
   * @throws CorruptFormatException for values no params can have
   */
  static SketchParams read(ByteBuffer in, int layout, long offset) {
    int schemeId = Short.toUnsignedInt(in.getShort());
    long seed = in.getLong();
    int n = in.getInt();
    int unit = in.get();
    int flags = in.get();
    int k = Short.toUnsignedInt(in.getShort());
    int hashVersion = ShingleHashVersion.UTF16_V1.id();
    if (layout >= 2) {
      hashVersion = Byte.toUnsignedInt(in.get());
      in.get(); // reserved
    }
    try {
      MinHashConfig minHash = new MinHashConfig(MinHashScheme.ofId(schemeId), n, seed);
      if (unit < 0 || unit > (layout >= 2 ? 2 : 1)) {
        throw new IllegalArgumentException("unknown shingle unit " + unit);
      }
      if ((flags & ~0x0F) != 0) {
        throw new IllegalArgumentException("unknown normalization flags " + flags);
      }
      ShingleConfig shingle =
          new ShingleConfig(UNITS[unit], k, ShingleHashVersion.ofId(hashVersion));
      NormalizerConfig normalizer =
          new NormalizerConfig(
              (flags & 1) != 0, (flags & 2) != 0, (flags & 4) != 0, (flags & 8) != 0);
      return new SketchParams(normalizer, shingle, minHash);
    } catch (IllegalArgumentException e) {
      throw new CorruptFormatException(offset, "invalid sketch params: " + e.getMessage());
    }
  }

  /** Units by their persisted id. */
  private static final ShingleUnit[] UNITS = {
    ShingleUnit.CHAR, ShingleUnit.WHITESPACE_WORD, ShingleUnit.WORD
  };

  private static int unitId(ShingleUnit unit) {
    for (int id = 0; id < UNITS.length; id++) {
      if (UNITS[id] == unit) {
        return id;
      }
    }
    throw new IllegalArgumentException("no persisted id for shingle unit " + unit);
  }

  private static byte normalizationFlags(NormalizerConfig config) {
    int flags =
        (config.unicodeNfkc() ? 1 : 0)
            | (config.lowerCase() ? 2 : 0)
            | (config.stripPunctuation() ? 4 : 0)
            | (config.collapseWhitespace() ? 8 : 0);
    return (byte) flags;
  }
}
