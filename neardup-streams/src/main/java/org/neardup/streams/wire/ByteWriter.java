package org.neardup.streams.wire;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A growable big-endian byte buffer the layouts of this package write into. */
final class ByteWriter {
  private byte[] bytes;
  private int size;

  ByteWriter(int capacity) {
    bytes = new byte[Math.max(16, capacity)];
  }

  private void ensure(int more) {
    if (size + more > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(2 * bytes.length, size + more));
    }
  }

  ByteWriter writeByte(int value) {
    ensure(1);
    bytes[size++] = (byte) value;
    return this;
  }

  ByteWriter writeInt(int value) {
    ensure(4);
    for (int shift = 24; shift >= 0; shift -= 8) {
      bytes[size++] = (byte) (value >>> shift);
    }
    return this;
  }

  ByteWriter writeLong(long value) {
    ensure(8);
    for (int shift = 56; shift >= 0; shift -= 8) {
      bytes[size++] = (byte) (value >>> shift);
    }
    return this;
  }

  ByteWriter writeDouble(double value) {
    return writeLong(Double.doubleToRawLongBits(value));
  }

  /** A string as its UTF-8 length and bytes; null as length -1. */
  ByteWriter writeString(String value) {
    if (value == null) {
      return writeInt(-1);
    }
    byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
    writeInt(utf8.length);
    ensure(utf8.length);
    System.arraycopy(utf8, 0, bytes, size, utf8.length);
    size += utf8.length;
    return this;
  }

  /** An int array as its length and values; null as length -1. */
  ByteWriter writeInts(int[] values) {
    if (values == null) {
      return writeInt(-1);
    }
    writeInt(values.length);
    for (int value : values) {
      writeInt(value);
    }
    return this;
  }

  /** A long array as its length and values; null as length -1. */
  ByteWriter writeLongs(long[] values) {
    if (values == null) {
      return writeInt(-1);
    }
    writeInt(values.length);
    for (long value : values) {
      writeLong(value);
    }
    return this;
  }

  byte[] toByteArray() {
    return Arrays.copyOf(bytes, size);
  }
}
