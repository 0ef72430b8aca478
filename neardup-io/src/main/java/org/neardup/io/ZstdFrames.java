package org.neardup.io;

import com.github.luben.zstd.ZstdInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * The only class that touches zstd-jni: loaded when a zstd input is read, so that readers of other
 * inputs run where zstd-jni is absent. Stateless.
 */
final class ZstdFrames {
  private ZstdFrames() {}

  /** {@code in} decompressed, every frame in turn. */
  static InputStream decompressed(InputStream in) throws IOException {
    return new ZstdInputStream(in);
  }
}
