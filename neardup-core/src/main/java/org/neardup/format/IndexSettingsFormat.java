package org.neardup.format;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.neardup.index.IndexSettings;
import org.neardup.lsh.BandingVersion;
import org.neardup.lsh.LshParams;
import org.neardup.sketch.SketchParams;
import org.neardup.verify.VerifyMode;

/**
 * The one owner of the layout of a persistent index's settings record, stored with the index and
 * checked when it is opened. All integers are little-endian.
 *
 * <pre>
 * offset size field
 *      0    4 magic "NDIX" (0x4E 0x44 0x49 0x58)
 *      4    2 format version (1)
 *      6   20 sketch params, layout 2 ({@link SketchParamsFormat})
 *     26    1 banding version ({@link BandingVersion#id()})
 *     27    1 verify mode: 0 exact, 1 estimate
 *     28    4 bands
 *     32    4 rows
 *     36    8 threshold (IEEE 754 double)
 *     44    8 target recall (IEEE 754 double)
 *     52    1 flags: bit 0 = texts are kept
 *     53    3 reserved, 0
 * </pre>
 *
 * Stateless.
 */
public final class IndexSettingsFormat {
  /** The magic bytes "NDIX" as a little-endian int. */
  public static final int MAGIC = 0x5849444E;
  /** The format version this class writes. */
  public static final int VERSION = 1;
  /** Bytes of the record. */
  public static final int BYTES = 56;

  private IndexSettingsFormat() {}

  public static byte[] encode(IndexSettings settings) {
    ByteBuffer out = ByteBuffer.allocate(BYTES).order(ByteOrder.LITTLE_ENDIAN);
    out.putInt(MAGIC);
    out.putShort((short) VERSION);
    SketchParamsFormat.write(out, settings.sketch());
    out.put((byte) settings.bandingVersion().id());
    out.put((byte) (settings.verify() == VerifyMode.EXACT ? 0 : 1));
    out.putInt(settings.banding().bands());
    out.putInt(settings.banding().rows());
    out.putDouble(settings.threshold());
    out.putDouble(settings.targetRecall());
    out.put((byte) (settings.keepTexts() ? 1 : 0));
    return out.array();
  }

  /**
   * The settings in {@code bytes}.
   *
   * @throws CorruptFormatException when they are not a settings record of a known version
   */
  public static IndexSettings decode(byte[] bytes) {
    if (bytes.length < 6) {
      throw new CorruptFormatException(bytes.length, "truncated index settings");
    }
    ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    if (in.getInt() != MAGIC) {
      throw new CorruptFormatException(0, "not neardup index settings (bad magic)");
    }
    int version = Short.toUnsignedInt(in.getShort());
    if (version != VERSION) {
      throw new CorruptFormatException(4, "unsupported index settings version " + version);
    }
    if (bytes.length != BYTES) {
      throw new CorruptFormatException(bytes.length, "index settings of " + bytes.length + " bytes, expected " + BYTES);
    }
    SketchParams sketch = SketchParamsFormat.read(in, 2, 6);
    try {
      BandingVersion bandingVersion = BandingVersion.ofId(Byte.toUnsignedInt(in.get()));
      int verify = in.get();
      if (verify != 0 && verify != 1) {
        throw new IllegalArgumentException("unknown verify mode " + verify);
      }
      LshParams banding = LshParams.of(in.getInt(), in.getInt());
      double threshold = in.getDouble();
      double targetRecall = in.getDouble();
      int flags = in.get();
      if ((flags & ~1) != 0) {
        throw new IllegalArgumentException("unknown flags " + flags);
      }
      return new IndexSettings(sketch, bandingVersion, banding, threshold, targetRecall,
          verify == 0 ? VerifyMode.EXACT : VerifyMode.ESTIMATE, (flags & 1) != 0);
    } catch (IllegalArgumentException e) {
      throw new CorruptFormatException(26, "invalid index settings: " + e.getMessage());
    }
  }
}
