package org.neardup.format;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.neardup.api.Faces;
import org.neardup.index.IndexSettings;
import org.neardup.index.SearchSettings;
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
 * version 2 only (queries beyond the threshold, {@link SearchSettings}):
 *     56    8 top-k floor (IEEE 754 double; 0 = none)
 *     64    4 containment sampling: one shingle in this many (0 = none)
 *     68    4 reserved, 0
 * </pre>
 *
 * Version 2 (72 bytes) was added for top-k and containment; settings without either are still
 * written as version 1 (56 bytes), which every reader of version 1 opens, and version 1 reads as
 * {@link SearchSettings#NONE}. Stateless.
 */
@Faces
public final class IndexSettingsFormat {
  /** The magic bytes "NDIX" as a little-endian int. */
  public static final int MAGIC = 0x5849444E;

  /** The latest format version: what settings with top-k or containment are written as. */
  public static final int VERSION = 2;

  /** Bytes of a version 1 record. */
  public static final int BYTES = 56;

  /** Bytes of a version 2 record. */
  public static final int BYTES_V2 = 72;

  private IndexSettingsFormat() {}

  /**
   * The record of {@code settings}: version 1 when they have no search settings, else version 2.
   */
  public static byte[] encode(IndexSettings settings) {
    boolean plain = settings.search().equals(SearchSettings.NONE);
    ByteBuffer out = ByteBuffer.allocate(plain ? BYTES : BYTES_V2).order(ByteOrder.LITTLE_ENDIAN);
    out.putInt(MAGIC);
    out.putShort((short) (plain ? 1 : 2));
    SketchParamsFormat.write(out, settings.sketch());
    out.put((byte) settings.bandingVersion().id());
    out.put((byte) (settings.verify() == VerifyMode.EXACT ? 0 : 1));
    out.putInt(settings.banding().bands());
    out.putInt(settings.banding().rows());
    out.putDouble(settings.threshold());
    out.putDouble(settings.targetRecall());
    out.put((byte) (settings.keepTexts() ? 1 : 0));
    if (!plain) {
      out.position(56);
      out.putDouble(settings.search().topKFloor());
      out.putInt(settings.search().containmentSampling());
    }
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
    if (version != 1 && version != 2) {
      throw new CorruptFormatException(4, "unsupported index settings version " + version);
    }
    int expected = version == 1 ? BYTES : BYTES_V2;
    if (bytes.length != expected) {
      throw new CorruptFormatException(
          bytes.length, "index settings of " + bytes.length + " bytes, expected " + expected);
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
      SearchSettings search = SearchSettings.NONE;
      if (version == 2) {
        in.position(56);
        search = new SearchSettings(in.getDouble(), in.getInt());
      }
      return new IndexSettings(
          sketch,
          bandingVersion,
          banding,
          threshold,
          targetRecall,
          verify == 0 ? VerifyMode.EXACT : VerifyMode.ESTIMATE,
          (flags & 1) != 0,
          search);
    } catch (IllegalArgumentException e) {
      throw new CorruptFormatException(26, "invalid index settings: " + e.getMessage());
    }
  }
}
