package org.neardup.streams.wire;

import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;

/**
 * A document a shard holds, under its id: its position in the order, whether the decider has kept
 * it (until then it is held on the chance it is kept), its signature and its sorted shingle set
 * (null in estimate mode). {@link #SERDE} owns its bytes: a format version (1), seq, kept, then the
 * arrays as {@link ByteWriter} writes them.
 */
// Shares its arrays (no copy: what a shard's store holds, read and written whole); equals and
// hashCode compare them by identity, which no caller relies on.
@SuppressWarnings("ArrayRecordComponent")
public record StoredDocument(long seq, boolean kept, int[] signature, long[] set) {
  private static final int VERSION = 1;

  /** The bytes of a stored document, in the shard's store and its changelog. */
  public static final Serde<StoredDocument> SERDE =
      Serdes.serdeFrom(StoredDocument::write, StoredDocument::read);

  /** This document, kept. */
  public StoredDocument asKept() {
    return new StoredDocument(seq, true, signature, set);
  }

  private static byte[] write(String topic, StoredDocument document) {
    if (document == null) {
      return null;
    }
    int length =
        32 + 4 * document.signature.length + (document.set == null ? 0 : 8 * document.set.length);
    return new ByteWriter(length)
        .writeByte(VERSION)
        .writeLong(document.seq)
        .writeByte(document.kept ? 1 : 0)
        .writeInts(document.signature)
        .writeLongs(document.set)
        .toByteArray();
  }

  private static StoredDocument read(String topic, byte[] bytes) {
    if (bytes == null) {
      return null;
    }
    ByteReader in = new ByteReader(bytes);
    int version = in.readByte();
    if (version != VERSION) {
      throw new org.apache.kafka.common.errors.SerializationException(
          "stored document of format version " + version + " (this build reads 1)");
    }
    return new StoredDocument(in.readLong(), in.readByte() == 1, in.readInts(), in.readLongs());
  }
}
