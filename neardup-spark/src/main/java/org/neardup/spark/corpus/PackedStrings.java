package org.neardup.spark.corpus;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Strings packed as one UTF-8 byte array and their offsets: a split's ids or raw texts as two
 * arrays instead of an object each, which the garbage collector, Spark's size estimates and
 * serialization all handle at the cost of two objects. Appending; mutable until shared, then
 * read-only. Not thread-safe while appending.
 */
public final class PackedStrings implements Serializable {
  private static final long serialVersionUID = 1L;

  private byte[] bytes;
  private int[] ends;
  private int size;

  public PackedStrings() {
    this(16, 256);
  }

  /**
   * Room for {@code strings} strings of {@code byteCapacity} UTF-8 bytes in all, before growing.
   */
  public PackedStrings(int strings, int byteCapacity) {
    bytes = new byte[byteCapacity];
    ends = new int[Math.max(1, strings)];
  }

  /** Appends {@code value}. */
  public void add(String value) {
    byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
    add(utf8, 0, utf8.length);
  }

  /** Appends string {@code index} of {@code other}. */
  public void add(PackedStrings other, int index) {
    int from = other.start(index);
    add(other.bytes, from, other.ends[index] - from);
  }

  /** The UTF-8 length of string {@code index}. */
  public int byteLength(int index) {
    return ends[index] - start(index);
  }

  private void add(byte[] utf8, int from, int length) {
    if (size == ends.length) {
      ends = Arrays.copyOf(ends, Math.max(1, 2 * size));
    }
    int start = size == 0 ? 0 : ends[size - 1];
    if (start + length > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(start + length, 2 * bytes.length));
    }
    System.arraycopy(utf8, from, bytes, start, length);
    ends[size++] = start + length;
  }

  public int size() {
    return size;
  }

  /** String {@code index}. */
  public String get(int index) {
    int from = start(index);
    return new String(bytes, from, ends[index] - from, StandardCharsets.UTF_8);
  }

  private int start(int index) {
    return index == 0 ? 0 : ends[index - 1];
  }

  /** These strings with their arrays cut to size. */
  public PackedStrings trimmed() {
    int used = size == 0 ? 0 : ends[size - 1];
    if (bytes.length != used) {
      bytes = Arrays.copyOf(bytes, used);
    }
    if (ends.length != size) {
      ends = Arrays.copyOf(ends, size);
    }
    return this;
  }
}
