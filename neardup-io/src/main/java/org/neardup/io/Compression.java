package org.neardup.io;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Locale;
import java.util.Optional;
import java.util.zip.GZIPOutputStream;

/**
 * How an output is compressed, by its file name, as inputs are read ({@link Decompression}): {@code
 * .gz} with gzip, {@code .zst} with zstd, anything else not at all. A name that ends in the suffix
 * of a compression neardup does not write ({@code .bz2}, {@code .xz}, ...) is refused by {@link
 * #unsupported}, so that no file is named for a compression it does not have. Stateless.
 */
public enum Compression {
  NONE(""),
  GZIP(".gz"),
  ZSTD(".zst");

  /** zstd's default level: as fast to write as gzip's, smaller. */
  private static final int ZSTD_LEVEL = 3;

  private static final int BUFFER = 1 << 16;

  /** Suffixes of compressions that are not written, with their names. */
  private static final String[][] OTHERS = {
    {".bz2", "bzip2"},
    {".xz", "xz"},
    {".lzma", "lzma"},
    {".lz4", "lz4"},
    {".zip", "zip"},
    {".7z", "7z"},
    {".br", "brotli"},
    {".sz", "snappy"},
    {".z", "compress"},
  };

  private final String suffix;

  Compression(String suffix) {
    this.suffix = suffix;
  }

  /** The file-name suffix, {@code ""} for {@link #NONE}. */
  public String suffix() {
    return suffix;
  }

  /**
   * The suffix of a compression, written or not, that the name ends with ({@code .gz}, {@code
   * .bz2}, ...); empty for a name that claims none.
   */
  public static Optional<String> claimedSuffix(String fileName) {
    Compression written = ofName(fileName);
    if (written != NONE) {
      return Optional.of(written.suffix);
    }
    String name = fileName.toLowerCase(Locale.ROOT);
    for (String[] other : OTHERS) {
      if (name.endsWith(other[0]) && name.length() > other[0].length()) {
        return Optional.of(other[0]);
      }
    }
    return Optional.empty();
  }

  /** The compression a file of this name is written with. */
  public static Compression ofName(String fileName) {
    String name = fileName.toLowerCase(Locale.ROOT);
    if (name.endsWith(GZIP.suffix)) {
      return GZIP;
    }
    if (name.endsWith(ZSTD.suffix)) {
      return ZSTD;
    }
    return NONE;
  }

  /**
   * Why a file of this name cannot be written as named: it ends in the suffix of a compression
   * neardup does not write. Empty for every other name.
   */
  public static Optional<String> unsupported(String fileName) {
    String name = fileName.toLowerCase(Locale.ROOT);
    for (String[] other : OTHERS) {
      if (name.endsWith(other[0]) && name.length() > other[0].length()) {
        return Optional.of(
            "its name says "
                + other[1]
                + " ("
                + other[0]
                + "), which neardup does not write: name it .gz (gzip), .zst (zstd) or without "
                + other[0]);
      }
    }
    return Optional.empty();
  }

  /** {@code out} wrapped to compress what is written to it; closing it finishes the compression. */
  public OutputStream compress(OutputStream out) throws IOException {
    return switch (this) {
      case NONE -> out;
      case GZIP -> new GZIPOutputStream(out, BUFFER);
      case ZSTD -> ZstdFrames.compressed(out, ZSTD_LEVEL);
    };
  }
}
