package org.neardup.streams.wire;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** Reads what a {@link ByteWriter} wrote. */
final class ByteReader {
  private final ByteBuffer buffer;

  ByteReader(byte[] bytes) {
    this.buffer = ByteBuffer.wrap(bytes);
  }

  int readByte() {
    return buffer.get();
  }

  int readInt() {
    return buffer.getInt();
  }

  long readLong() {
    return buffer.getLong();
  }

  double readDouble() {
    return buffer.getDouble();
  }

  String readString() {
    int length = buffer.getInt();
    if (length < 0) {
      return null;
    }
    String value =
        new String(
            buffer.array(),
            buffer.arrayOffset() + buffer.position(),
            length,
            StandardCharsets.UTF_8);
    buffer.position(buffer.position() + length);
    return value;
  }

  int[] readInts() {
    int length = buffer.getInt();
    if (length < 0) {
      return null;
    }
    int[] values = new int[length];
    buffer.asIntBuffer().get(values);
    buffer.position(buffer.position() + 4 * length);
    return values;
  }

  long[] readLongs() {
    int length = buffer.getInt();
    if (length < 0) {
      return null;
    }
    long[] values = new long[length];
    buffer.asLongBuffer().get(values);
    buffer.position(buffer.position() + 8 * length);
    return values;
  }
}
