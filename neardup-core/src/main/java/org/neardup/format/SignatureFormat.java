package org.neardup.format;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;
import org.neardup.sketch.SketchParams;

/**
 * The one owner of the layout of a single signature record, with its params: what the service
 * returns and stores, and what crosses process boundaries one signature at a time. All integers are
 * little-endian.
 *
 * <pre>
 * offset size field
 *      0    4 magic "NDSG" (0x4E 0x44 0x53 0x47)
 *      4    2 format version (2)
 *      6   20 sketch params, layout 2 ({@link SketchParamsFormat})
 *     26  4*n values, as 32-bit integers
 * </pre>
 *
 * <p>Version 1 (written before shingle hash versions existed) had the 18-byte params layout 1 at
 * offset 6 and the values at offset 24; it stays readable forever (golden files live in the tests)
 * and its params say {@link org.neardup.shingle.ShingleHashVersion#UTF16_V1}. Stateless.
 */
public final class SignatureFormat {
  /** The magic bytes "NDSG" as a little-endian int. */
  public static final int MAGIC = 0x4753444E;

  /** The format version this class writes. */
  public static final int VERSION = 2;

  /** Bytes before the values in what this class writes. */
  public static final int HEADER_BYTES = 6 + SketchParamsFormat.BYTES;

  private SignatureFormat() {}

  /** Encodes a signature with its params. */
  public static byte[] encode(SketchParams params, int[] signature) {
    Objects.requireNonNull(params, "params");
    int n = params.numPermutations();
    if (signature.length != n) {
      throw new IllegalArgumentException(
          "signature has " + signature.length + " values, params say " + n);
    }
    ByteBuffer buffer = ByteBuffer.allocate(HEADER_BYTES + 4 * n).order(ByteOrder.LITTLE_ENDIAN);
    buffer.putInt(MAGIC);
    buffer.putShort((short) VERSION);
    SketchParamsFormat.write(buffer, params);
    for (int value : signature) {
      buffer.putInt(value);
    }
    return buffer.array();
  }

  /**
   * The params stored in {@code bytes}.
   *
   * @throws CorruptFormatException if the header is not a valid header of version 1 or 2
   */
  public static SketchParams readParams(byte[] bytes) {
    ByteBuffer buffer = header(bytes);
    return SketchParamsFormat.read(buffer, version(buffer), 6);
  }

  /**
   * The values of a signature encoded with {@code expected} params.
   *
   * @throws CorruptFormatException for bytes that are not a signature, or truncated ones
   * @throws IncompatibleSignatureException for a signature made with other params
   */
  public static int[] decode(byte[] bytes, SketchParams expected) {
    ByteBuffer buffer = header(bytes);
    int version = version(buffer);
    SketchParams actual = SketchParamsFormat.read(buffer, version, 6);
    if (!actual.equals(expected)) {
      throw new IncompatibleSignatureException(expected, actual);
    }
    int header = buffer.position();
    int n = actual.numPermutations();
    if (bytes.length != header + 4 * n) {
      throw new CorruptFormatException(
          Math.min(bytes.length, header + 4 * n),
          "expected " + (header + 4 * n) + " bytes for " + n + " values, got " + bytes.length);
    }
    int[] values = new int[n];
    buffer.asIntBuffer().get(values);
    return values;
  }

  private static ByteBuffer header(byte[] bytes) {
    if (bytes.length < 6 + SketchParamsFormat.V1_BYTES) {
      throw new CorruptFormatException(bytes.length, "truncated signature header");
    }
    ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    if (buffer.getInt() != MAGIC) {
      throw new CorruptFormatException(0, "not a neardup signature (bad magic)");
    }
    int version = Short.toUnsignedInt(buffer.getShort());
    if (version != 1 && version != 2) {
      throw new CorruptFormatException(4, "unsupported signature format version " + version);
    }
    if (version == 2 && bytes.length < HEADER_BYTES) {
      throw new CorruptFormatException(bytes.length, "truncated signature header");
    }
    return buffer;
  }

  private static int version(ByteBuffer buffer) {
    return Short.toUnsignedInt(buffer.getShort(4));
  }
}
