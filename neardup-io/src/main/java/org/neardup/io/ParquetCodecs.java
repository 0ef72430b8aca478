package org.neardup.io;

import com.github.luben.zstd.Zstd;
import io.airlift.compress.Decompressor;
import io.airlift.compress.lz4.Lz4Decompressor;
import io.airlift.compress.snappy.SnappyDecompressor;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.zip.GZIPInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The page decompressors of {@link ParquetDocumentReader}, without Hadoop's codecs (which would need
 * a Hadoop configuration and its dependencies): Snappy and LZ4_RAW with aircompressor (pure Java),
 * GZIP with the JDK, ZSTD with zstd-jni. Another codec (LZO, BROTLI, the Hadoop-framed LZ4) is an
 * {@link IOException} naming it. Reads only: it has no compressors. Stateless and thread-safe.
 */
final class ParquetCodecs implements CompressionCodecFactory {
  @Override
  public BytesInputCompressor getCompressor(CompressionCodecName codecName) {
    throw new UnsupportedOperationException("neardup reads Parquet, it does not write it");
  }

  @Override
  public BytesInputDecompressor getDecompressor(CompressionCodecName codecName) {
    return new BytesInputDecompressor() {
      @Override
      public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
        return BytesInput.from(ParquetCodecs.decompress(codecName, bytes.toByteArray(), uncompressedSize));
      }

      @Override
      public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize)
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

  static byte[] decompress(CompressionCodecName codec, byte[] compressed, int uncompressedSize) throws IOException {
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
          throw new IOException("corrupt ZSTD page" + (Zstd.isError(n) ? " (" + Zstd.getErrorName(n) + ")" : ""));
        }
        return out;
      }
      case GZIP -> {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(compressed))) {
          byte[] out = in.readNBytes(uncompressedSize);
          if (out.length != uncompressedSize) {
            throw new IOException("corrupt GZIP page (" + out.length + " bytes, expected " + uncompressedSize + ")");
          }
          return out;
        }
      }
      default -> throw new IOException("pages compressed with " + codec
          + ", which neardup does not read (it reads UNCOMPRESSED, SNAPPY, GZIP, ZSTD and LZ4_RAW)");
    }
  }

  private static byte[] block(Decompressor decompressor, CompressionCodecName codec, byte[] compressed, int size)
      throws IOException {
    byte[] out = new byte[size];
    try {
      int n = decompressor.decompress(compressed, 0, compressed.length, out, 0, size);
      if (n != size) {
        throw new IOException("corrupt " + codec + " page (" + n + " bytes, expected " + size + ")");
      }
    } catch (RuntimeException e) {
      throw new IOException("corrupt " + codec + " page (" + InputErrors.message(e) + ")", e);
    }
    return out;
  }
}
