package org.neardup.format;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;
import org.neardup.minhash.MinHashConfig;
import org.neardup.minhash.MinHashScheme;
import org.neardup.shingle.ShingleConfig;
import org.neardup.shingle.ShingleUnit;
import org.neardup.text.NormalizerConfig;

/**
 * The one owner of the signature byte layout, shared by every face of neardup (files, the
 * service's store, the Spark job). All integers are little-endian.
 *
 * <pre>
 * offset size field
 *      0    4 magic "NDSG" (0x4E 0x44 0x53 0x47)
 *      4    2 format version (1)
 *      6    2 MinHash scheme id ({@link MinHashScheme#id()})
 *      8    8 seed
 *     16    4 n, number of values
 *     20    1 shingle unit: 0 char, 1 word
 *     21    1 normalization flags: bit 0 NFKC, bit 1 lower-case, bit 2 strip punctuation,
 *             bit 3 collapse whitespace
 *     22    2 shingle size k
 *     24  4*n values, as 32-bit integers
 * </pre>
 *
 * <p>Version 1 files stay readable by every later version (golden files live in the tests).
 */
public final class SignatureFormat {
  /** The magic bytes "NDSG" as a little-endian int. */
  public static final int MAGIC = 0x4753444E;
  /** The format version this class writes. */
  public static final int VERSION = 1;
  /** Bytes before the values. */
  public static final int HEADER_BYTES = 24;

  private SignatureFormat() {}

  /** Encodes a signature with its params. */
  public static byte[] encode(SignatureParams params, int[] signature) {
    Objects.requireNonNull(params, "params");
    int n = params.minHash().numPermutations();
    if (signature.length != n) {
      throw new IllegalArgumentException("signature has " + signature.length + " values, params say " + n);
    }
    ByteBuffer buffer = ByteBuffer.allocate(HEADER_BYTES + 4 * n).order(ByteOrder.LITTLE_ENDIAN);
    buffer.putInt(MAGIC);
    buffer.putShort((short) VERSION);
    buffer.putShort((short) params.minHash().scheme().id());
    buffer.putLong(params.minHash().seed());
    buffer.putInt(n);
    buffer.put((byte) (params.shingle().unit() == ShingleUnit.CHAR ? 0 : 1));
    buffer.put(normalizationFlags(params.normalizer()));
    buffer.putShort((short) params.shingle().size());
    for (int value : signature) {
      buffer.putInt(value);
    }
    return buffer.array();
  }

  /**
   * The params stored in {@code bytes}.
   *
   * @throws CorruptFormatException if the header is not a valid version-1 header
   */
  public static SignatureParams readParams(byte[] bytes) {
    ByteBuffer buffer = header(bytes);
    buffer.position(6);
    int schemeId = Short.toUnsignedInt(buffer.getShort());
    long seed = buffer.getLong();
    int n = buffer.getInt();
    int unit = buffer.get();
    int flags = buffer.get();
    int k = Short.toUnsignedInt(buffer.getShort());
    try {
      MinHashConfig minHash = new MinHashConfig(MinHashScheme.ofId(schemeId), n, seed);
      if (unit != 0 && unit != 1) {
        throw new IllegalArgumentException("unknown shingle unit " + unit);
      }
      if ((flags & ~0x0F) != 0) {
        throw new IllegalArgumentException("unknown normalization flags " + flags);
      }
      ShingleConfig shingle = new ShingleConfig(unit == 0 ? ShingleUnit.CHAR : ShingleUnit.WORD, k);
      NormalizerConfig normalizer =
          new NormalizerConfig((flags & 1) != 0, (flags & 2) != 0, (flags & 4) != 0, (flags & 8) != 0);
      return new SignatureParams(normalizer, shingle, minHash);
    } catch (IllegalArgumentException e) {
      throw new CorruptFormatException(6, "invalid signature header: " + e.getMessage());
    }
  }

  /**
   * The values of a signature encoded with {@code expected} params.
   *
   * @throws CorruptFormatException for bytes that are not a signature, or truncated ones
   * @throws IncompatibleSignatureException for a signature made with other params
   */
  public static int[] decode(byte[] bytes, SignatureParams expected) {
    SignatureParams actual = readParams(bytes);
    if (!actual.equals(expected)) {
      throw new IncompatibleSignatureException(expected, actual);
    }
    int n = actual.minHash().numPermutations();
    if (bytes.length != HEADER_BYTES + 4 * n) {
      throw new CorruptFormatException(Math.min(bytes.length, HEADER_BYTES + 4 * n),
          "expected " + (HEADER_BYTES + 4 * n) + " bytes for " + n + " values, got " + bytes.length);
    }
    ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    buffer.position(HEADER_BYTES);
    int[] values = new int[n];
    for (int i = 0; i < n; i++) {
      values[i] = buffer.getInt();
    }
    return values;
  }

  private static ByteBuffer header(byte[] bytes) {
    if (bytes.length < HEADER_BYTES) {
      throw new CorruptFormatException(bytes.length, "truncated signature header");
    }
    ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    if (buffer.getInt(0) != MAGIC) {
      throw new CorruptFormatException(0, "not a neardup signature (bad magic)");
    }
    int version = Short.toUnsignedInt(buffer.getShort(4));
    if (version != VERSION) {
      throw new CorruptFormatException(4, "unsupported signature format version " + version);
    }
    return buffer;
  }

  private static byte normalizationFlags(NormalizerConfig config) {
    int flags = (config.unicodeNfkc() ? 1 : 0)
        | (config.lowerCase() ? 2 : 0)
        | (config.stripPunctuation() ? 4 : 0)
        | (config.collapseWhitespace() ? 8 : 0);
    return (byte) flags;
  }
}
