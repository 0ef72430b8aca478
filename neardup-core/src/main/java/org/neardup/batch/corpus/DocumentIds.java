package org.neardup.batch.corpus;

import com.dynatrace.hash4j.hashing.Hasher64;
import com.dynatrace.hash4j.hashing.Hashing;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The ids of a corpus by ordinal, compactly: their UTF-8 bytes one after the other in pages of 1
 * MiB, found through one offset per ordinal, with an open-addressing table of ordinals (hashed by
 * id, with 8 bits of each id's hash beside its slot, so that a probe rarely reads another id's
 * bytes) that tells a duplicate id. About 8 + 10 to 20 (2 to 4 slots) + the id's length (+ 1) bytes
 * a document, against about 100 for a {@code String} in an array and a {@code HashSet}. Not
 * thread-safe for adding; reading ({@link #get}) is safe once adding is over.
 */
final class DocumentIds {
  private static final Hasher64 HASHER = Hashing.komihash5_0();
  private static final int PAGE_BITS = 20;
  private static final int PAGE_SIZE = 1 << PAGE_BITS;
  private static final int CHUNK_BITS = 14;
  private static final int CHUNK = 1 << CHUNK_BITS;

  private byte[][] pages = new byte[4][];
  private int pageCount;
  private int pagePosition = PAGE_SIZE; // full: the first add opens a page
  private long[][] offsets =
      new long[16][]; // by ordinal: page << 32 | position of the length prefix
  private int size;
  private int[] table = new int[1024]; // ordinal + 1; 0 = empty
  private byte[] fingerprints = new byte[1024]; // by slot: the top 8 bits of the id's hash
  private long bytes;

  /** Number of ids. */
  int size() {
    return size;
  }

  /**
   * Adds {@code id} as the next ordinal's, unless it is already there.
   *
   * @return false for a duplicate (nothing added)
   */
  boolean add(String id) {
    byte[] encoded = id.getBytes(StandardCharsets.UTF_8);
    long hash = HASHER.hashBytesToLong(encoded);
    int mask = table.length - 1;
    int slot = slot(hash, mask);
    byte fingerprint = fingerprint(hash);
    for (int entry; (entry = table[slot]) != 0; slot = (slot + 1) & mask) {
      if (fingerprints[slot] == fingerprint && equals(entry - 1, encoded)) {
        return false;
      }
    }
    store(encoded);
    table[slot] = size;
    fingerprints[slot] = fingerprint;
    if (size > table.length / 2) {
      rehash();
    }
    return true;
  }

  private static int slot(long hash, int mask) {
    return (int) (hash ^ (hash >>> 32)) & mask;
  }

  /** Bits of the hash that {@link #slot} uses only past 2^24 slots. */
  private static byte fingerprint(long hash) {
    return (byte) (hash >>> 56);
  }

  private void store(byte[] encoded) {
    int needed = encoded.length + 5;
    if (pagePosition + needed > pageSize(pageCount - 1)) {
      if (pageCount == pages.length) {
        pages = Arrays.copyOf(pages, pageCount * 2);
      }
      pages[pageCount++] = new byte[Math.max(PAGE_SIZE, needed)];
      pagePosition = 0;
      bytes += pages[pageCount - 1].length;
    }
    byte[] page = pages[pageCount - 1];
    int chunk = size >>> CHUNK_BITS;
    if (chunk == offsets.length) {
      offsets = Arrays.copyOf(offsets, chunk * 2);
    }
    if (offsets[chunk] == null) {
      offsets[chunk] = new long[CHUNK];
      bytes += 8L * CHUNK;
    }
    offsets[chunk][size & (CHUNK - 1)] = ((long) (pageCount - 1) << 32) | pagePosition;
    pagePosition = writeLength(page, pagePosition, encoded.length);
    System.arraycopy(encoded, 0, page, pagePosition, encoded.length);
    pagePosition += encoded.length;
    size++;
  }

  private int pageSize(int page) {
    return page < 0 ? 0 : pages[page].length;
  }

  private void rehash() {
    int[] old = table;
    table = new int[old.length * 2];
    fingerprints = new byte[table.length];
    int mask = table.length - 1;
    for (int entry : old) {
      if (entry != 0) {
        long hash = hashOf(entry - 1);
        int slot = slot(hash, mask);
        while (table[slot] != 0) {
          slot = (slot + 1) & mask;
        }
        table[slot] = entry;
        fingerprints[slot] = fingerprint(hash);
      }
    }
  }

  private long hashOf(int ordinal) {
    long offset = offset(ordinal);
    byte[] page = pages[(int) (offset >>> 32)];
    int position = (int) offset;
    int length = readLength(page, position);
    int start = position + lengthBytes(length);
    return HASHER.hashBytesToLong(page, start, length);
  }

  private boolean equals(int ordinal, byte[] encoded) {
    long offset = offset(ordinal);
    byte[] page = pages[(int) (offset >>> 32)];
    int position = (int) offset;
    int length = readLength(page, position);
    if (length != encoded.length) {
      return false;
    }
    int start = position + lengthBytes(length);
    return Arrays.equals(page, start, start + length, encoded, 0, length);
  }

  private long offset(int ordinal) {
    return offsets[ordinal >>> CHUNK_BITS][ordinal & (CHUNK - 1)];
  }

  /** The id of {@code ordinal}. */
  String get(int ordinal) {
    if (ordinal < 0 || ordinal >= size) {
      throw new IndexOutOfBoundsException("ordinal " + ordinal + " of " + size);
    }
    long offset = offset(ordinal);
    byte[] page = pages[(int) (offset >>> 32)];
    int position = (int) offset;
    int length = readLength(page, position);
    return new String(page, position + lengthBytes(length), length, StandardCharsets.UTF_8);
  }

  /** Heap bytes held. */
  long memoryBytes() {
    return bytes + 5L * table.length;
  }

  /** Drops the duplicate table: no more adds; ids stay readable. */
  void finish() {
    table = new int[0];
    fingerprints = new byte[0];
  }

  private static int writeLength(byte[] page, int position, int length) {
    while (length >= 0x80) {
      page[position++] = (byte) (length | 0x80);
      length >>>= 7;
    }
    page[position++] = (byte) length;
    return position;
  }

  private static int readLength(byte[] page, int position) {
    int length = 0;
    for (int shift = 0; ; shift += 7) {
      byte b = page[position++];
      length |= (b & 0x7F) << shift;
      if (b >= 0) {
        return length;
      }
    }
  }

  private static int lengthBytes(int length) {
    int count = 1;
    while (length >= 0x80) {
      length >>>= 7;
      count++;
    }
    return count;
  }
}
