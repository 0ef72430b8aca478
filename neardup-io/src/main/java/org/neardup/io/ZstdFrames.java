package org.neardup.io;

import com.github.luben.zstd.ZstdInputStream;
import com.github.luben.zstd.ZstdOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * The only class that touches zstd-jni: loaded when a zstd input is read or a zstd output written,
 * so that readers and writers of other files run where zstd-jni is absent. Stateless.
 */
final class ZstdFrames {
  private ZstdFrames() {}

  /** {@code in} decompressed, every frame in turn. */
  static InputStream decompressed(InputStream in) throws IOException {
    return new ZstdInputStream(in);
  }

  /** {@code out} compressed as one zstd frame at {@code level}; closing it ends the frame. */
  static OutputStream compressed(OutputStream out, int level) throws IOException {
    return new ZstdOutputStream(out, level);
  }
}
