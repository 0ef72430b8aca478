package org.neardup.server.store;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.neardup.format.ShingleSetFormat;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;

/**
 * Reads every document of an index, in handle order (the order they were added), from a snapshot:
 * consistent while writes go on, as {@link IndexCheck}. Stateless.
 */
final class StoredDocuments {
  private StoredDocuments() {}

  /**
   * Visits every document.
   *
   * @param families the column families in {@link RocksLayout#FAMILIES} order, the default one
   *     first
   * @param secondary whether {@code db} is a secondary instance (read without a snapshot: it does
   *     not move)
   */
  static long scan(
      RocksDB db,
      List<ColumnFamilyHandle> families,
      boolean secondary,
      IndexDirectory.DocumentVisitor visitor) {
    long documents = 0;
    try (RocksSnapshot snapshot = new RocksSnapshot(db, secondary);
        RocksIterator ids = snapshot.iterator(family(families, RocksLayout.IDS))) {
      for (ids.seekToFirst(); ids.isValid(); ids.next()) {
        byte[] handle = ids.key();
        String key = new String(ids.value(), StandardCharsets.UTF_8);
        byte[] signature = snapshot.get(family(families, RocksLayout.SIGNATURES), handle);
        if (signature == null) {
          throw new StoreException(
              "index inconsistent: no signature for '" + key + "' (neardup index check)", null);
        }
        byte[] set = snapshot.get(family(families, RocksLayout.SETS), handle);
        byte[] text = snapshot.get(family(families, RocksLayout.TEXTS), handle);
        visitor.document(
            key,
            RocksLayout.signature(signature),
            set == null ? null : ShingleSetFormat.decode(set),
            text == null ? null : new String(text, StandardCharsets.UTF_8));
        documents++;
      }
      try {
        ids.status(); // an iterator that stopped on a damaged file, not at the end, fails the scan
      } catch (RocksDBException e) {
        throw new StoreException("cannot read the index: " + e.getMessage(), e);
      }
    }
    return documents;
  }

  private static ColumnFamilyHandle family(List<ColumnFamilyHandle> families, String name) {
    return families.get(1 + RocksLayout.FAMILIES.indexOf(name));
  }
}
