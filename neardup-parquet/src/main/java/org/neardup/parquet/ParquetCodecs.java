package org.neardup.parquet;

import com.github.luben.zstd.Zstd;
import io.airlift.compress.Compressor;
import io.airlift.compress.Decompressor;
import io.airlift.compress.lz4.Lz4Compressor;
import io.airlift.compress.lz4.Lz4Decompressor;
import io.airlift.compress.snappy.SnappyCompressor;
import io.airlift.compress.snappy.SnappyDecompressor;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The page codecs of {@link ParquetDocumentReader} and {@link ParquetCopier}, without Hadoop's
 * (which would need a Hadoop configuration and its dependencies): Snappy and LZ4_RAW with
 * aircompressor (pure Java), GZIP with the JDK, ZSTD with zstd-jni (level 3). Another codec (LZO,
 * BROTLI, the Hadoop-framed LZ4) is an {@link IOException} naming it when read, and {@link #writes}
 * is false for it. Stateless and thread-safe.
 */
final class ParquetCodecs implements CompressionCodecFactory {
  /** Whether pages can be written with {@code codec}. */
  static boolean writes(CompressionCodecName codec) {
    return switch (codec) {
      case UNCOMPRESSED, SNAPPY, LZ4_RAW, ZSTD, GZIP -> true;
      default -> false;
    };
  }

  @Override
  public BytesInputCompressor getCompressor(CompressionCodecName codecName) {
    if (!writes(codecName)) {
      throw new IllegalArgumentException(
          "neardup does not write pages compressed with " + codecName);
    }
    return new BytesInputCompressor() {
      @Override
      public BytesInput compress(BytesInput bytes) throws IOException {
        return BytesInput.from(ParquetCodecs.compress(codecName, bytesOf(bytes)));
      }

      @Override
      public CompressionCodecName getCodecName() {
        return codecName;
      }

      @Override
      public void release() {
        // nothing held
      }
    };
  }

  static byte[] compress(CompressionCodecName codec, byte[] page) throws IOException {
    switch (codec) {
      case SNAPPY -> {
        return block(new SnappyCompressor(), page);
      }
      case LZ4_RAW -> {
        return block(new Lz4Compressor(), page);
      }
      case ZSTD -> {
        return Zstd.compress(page, 3);
      }
      case GZIP -> {
        ByteArrayOutputStream out = new ByteArrayOutputStream(page.length / 2 + 64);
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
          gzip.write(page);
        }
        return out.toByteArray();
      }
      default -> {
        return page;
      }
    }
  }

  /** The bytes of {@code input}, copied once. */
  private static byte[] bytesOf(BytesInput input) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream(Math.toIntExact(input.size()));
    input.writeAllTo(out);
    return out.toByteArray();
  }

  private static byte[] block(Compressor compressor, byte[] page) {
    byte[] out = new byte[compressor.maxCompressedLength(page.length)];
    return Arrays.copyOf(out, compressor.compress(page, 0, page.length, out, 0, out.length));
  }

  @Override
  public BytesInputDecompressor getDecompressor(CompressionCodecName codecName) {
    return new BytesInputDecompressor() {
      @Override
      public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
        return BytesInput.from(
            ParquetCodecs.decompress(codecName, bytesOf(bytes), uncompressedSize));
      }

      @Override
      public void decompress(
          ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize)
          throws IOException {
        byte[] compressed = new byte[compressedSize];
        input.duplicate().get(compressed);
        output.put(ParquetCodecs.decompress(codecName, compressed, uncompressedSize));
      }

      @Override
      public void release() {
        // nothing held
      }
    };
  }

  @Override
  public void release() {
    // nothing held
  }

  static byte[] decompress(CompressionCodecName codec, byte[] compressed, int uncompressedSize)
      throws IOException {
    switch (codec) {
      case UNCOMPRESSED -> {
        return compressed;
      }
      case SNAPPY -> {
        return block(new SnappyDecompressor(), codec, compressed, uncompressedSize);
      }
      case LZ4_RAW -> {
        return block(new Lz4Decompressor(), codec, compressed, uncompressedSize);
      }
      case ZSTD -> {
        byte[] out = new byte[uncompressedSize];
        long n = Zstd.decompress(out, compressed);
        if (Zstd.isError(n) || n != uncompressedSize) {
          throw new IOException(
              "corrupt ZSTD page" + (Zstd.isError(n) ? " (" + Zstd.getErrorName(n) + ")" : ""));
        }
        return out;
      }
      case GZIP -> {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(compressed))) {
          byte[] out = in.readNBytes(uncompressedSize);
          if (out.length != uncompressedSize) {
            throw new IOException(
                "corrupt GZIP page (" + out.length + " bytes, expected " + uncompressedSize + ")");
          }
          return out;
        }
      }
      default ->
          throw new IOException(
              "pages compressed with "
                  + codec
                  + ", which neardup does not read (it reads UNCOMPRESSED, SNAPPY, GZIP, ZSTD and"
                  + " LZ4_RAW)");
    }
  }

  private static byte[] block(
      Decompressor decompressor, CompressionCodecName codec, byte[] compressed, int size)
      throws IOException {
    byte[] out = new byte[size];
    try {
      int n = decompressor.decompress(compressed, 0, compressed.length, out, 0, size);
      if (n != size) {
        throw new IOException(
            "corrupt " + codec + " page (" + n + " bytes, expected " + size + ")");
      }
    } catch (RuntimeException e) {
      throw new IOException("corrupt " + codec + " page (" + ParquetFormat.message(e) + ")", e);
    }
    return out;
  }
}
