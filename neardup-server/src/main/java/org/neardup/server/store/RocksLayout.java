package org.neardup.server.store;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The one owner of how a persistent index lays its data out in RocksDB: the column families and
 * their keys and values. Numbers in keys are big-endian, so that RocksDB's byte order is their
 * numeric order (a bucket's entries are one contiguous range); values reuse the layouts of {@code
 * org.neardup.format}.
 *
 * <pre>
 * column family  key                                   value
 * default        "settings"                            IndexSettingsFormat record
 *                "next-handle"                         8 bytes, the next handle to give out
 *                "count"                               8 bytes, documents held
 *                "bulk-load"                           first and end handle, 8 bytes each: a bulk
 *                                                      load is being ingested (BulkLoader)
 * keys           document key, UTF-8                   handle, 8 bytes
 * ids            handle, 8 bytes                       document key, UTF-8
 * signatures     handle, 8 bytes                       n values, 4 bytes each, little-endian
 * sets           handle, 8 bytes                       shingle set (ShingleSetFormat)
 * texts          handle, 8 bytes                       raw text, UTF-8 (only when texts are kept)
 * buckets        bucket key, 8 bytes                   its members' handles, 8 bytes each
 * containment-lists sampled shingle hash, 8 bytes      its members' handles, ascending   only with containment sampling
 * </pre>
 *
 * The containment family exists only in indexes whose settings ({@code IndexSettingsFormat} version
 * 2) ask for containment, so that an index without it is laid out exactly as before; adds append to
 * its lists by merges (see {@link SearchBuckets}). An index with a top-k floor keeps nothing of it
 * in RocksDB: its floor buckets are made off the heap from the signatures ({@code FloorCache}). An
 * index with any other family (a pre-release layout) is refused when opened.
 *
 * <p>Handles are given out in increasing order and never reused, so ascending handles are insertion
 * order. A bucket is one key, so that the b buckets of a query are one multiGet of point lookups
 * (which Bloom filters answer without reading a block when, as for most, the bucket does not
 * exist). Stateless.
 */
final class RocksLayout {
  static final byte[] SETTINGS = ascii("settings");
  static final byte[] NEXT_HANDLE = ascii("next-handle");
  static final byte[] COUNT = ascii("count");

  /** Present only while a bulk load's tables are ingested: opening the index undoes such a load. */
  static final byte[] BULK_LOAD = ascii("bulk-load");

  static final String KEYS = "keys";
  static final String IDS = "ids";
  static final String SIGNATURES = "signatures";
  static final String SETS = "sets";
  static final String TEXTS = "texts";
  static final String BUCKETS = "buckets";

  static final String CONTAINMENT = "containment-lists";

  /** The column families after the default one every index has, in the order they are opened. */
  static final List<String> FAMILIES = List.of(KEYS, IDS, SIGNATURES, SETS, TEXTS, BUCKETS);

  /**
   * The column families of the queries beyond the threshold, opened after {@link #FAMILIES} when
   * present.
   */
  static final List<String> SEARCH_FAMILIES = List.of(CONTAINMENT);

  private RocksLayout() {}

  static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  static byte[] handle(long handle) {
    byte[] bytes = new byte[8];
    putLong(bytes, 0, handle);
    return bytes;
  }

  static long handle(byte[] bytes) {
    return getLong(bytes, 0);
  }

  /** A signature's value: its n values, 4 bytes each, little-endian. */
  static byte[] signature(int[] signature) {
    ByteBuffer bytes = ByteBuffer.allocate(4 * signature.length).order(ByteOrder.LITTLE_ENDIAN);
    bytes.asIntBuffer().put(signature);
    return bytes.array();
  }

  /** The signature a {@link #signature(int[])} value holds. */
  static int[] signature(byte[] value) {
    int[] signature = new int[value.length / 4];
    ByteBuffer.wrap(value).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(signature);
    return signature;
  }

  /** A bucket's value: its members' handles, 8 bytes each. */
  static byte[] handles(long[] handles) {
    byte[] bytes = new byte[8 * handles.length];
    for (int i = 0; i < handles.length; i++) {
      putLong(bytes, 8 * i, handles[i]);
    }
    return bytes;
  }

  /** The handles of a bucket's value. */
  static long[] handles(byte[] value) {
    long[] handles = new long[value.length / 8];
    for (int i = 0; i < handles.length; i++) {
      handles[i] = getLong(value, 8 * i);
    }
    return handles;
  }

  /**
   * Whether an ascending list's value (a search family's) holds {@code handle}: a binary search of
   * its bytes, without decoding the list.
   */
  static boolean holds(byte[] ascendingValue, long handle) {
    int low = 0;
    int high = ascendingValue.length / 8 - 1;
    while (low <= high) {
      int middle = (low + high) >>> 1;
      long value = getLong(ascendingValue, 8 * middle);
      if (value < handle) {
        low = middle + 1;
      } else if (value > handle) {
        high = middle - 1;
      } else {
        return true;
      }
    }
    return false;
  }

  static void putLong(byte[] bytes, int offset, long value) {
    for (int i = 7; i >= 0; i--) {
      bytes[offset + i] = (byte) value;
      value >>>= 8;
    }
  }

  static long getLong(byte[] bytes, int offset) {
    long value = 0;
    for (int i = 0; i < 8; i++) {
      value = (value << 8) | (bytes[offset + i] & 0xFF);
    }
    return value;
  }
}
