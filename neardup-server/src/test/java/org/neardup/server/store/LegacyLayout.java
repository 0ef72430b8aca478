package org.neardup.server.store;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.StringAppendOperator;

/** Turns a closed index's search lists back into the legacy layout, as indexes made before the lists were. */
final class LegacyLayout {
  private LegacyLayout() {}

  /**
   * Writes every entry of the index's search lists into the legacy families (key bucket ‖ handle,
   * an empty value), then empties the lists but for one bogus list each, as an interrupted rewrite
   * would leave them; adds the families that held the top-k floor lists, a list each. The entries
   * written.
   */
  static long rewriteAsLegacy(Path data) throws RocksDBException {
    RocksDB.loadLibrary();
    List<String> names = families(data);
    long entries = 0;
    try (ColumnFamilyOptions plain = new ColumnFamilyOptions();
        StringAppendOperator concatenate = new StringAppendOperator("");
        ColumnFamilyOptions lists = new ColumnFamilyOptions().setMergeOperator(concatenate);
        DBOptions options = new DBOptions()) {
      List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
      for (String name : names) {
        descriptors.add(new ColumnFamilyDescriptor(name.getBytes(StandardCharsets.US_ASCII),
            RocksLayout.SEARCH_FAMILIES.contains(name) ? lists : plain));
      }
      List<ColumnFamilyHandle> handles = new ArrayList<>();
      try (RocksDB db = RocksDB.open(options, data.toString(), descriptors, handles)) {
        for (int f = 0; f < RocksLayout.SEARCH_FAMILIES.size(); f++) {
          ColumnFamilyHandle current = handles.get(names.indexOf(RocksLayout.SEARCH_FAMILIES.get(f)));
          byte[] legacyName = RocksLayout.LEGACY_SEARCH_FAMILIES.get(f).getBytes(StandardCharsets.US_ASCII);
          List<byte[]> keys = new ArrayList<>();
          try (ColumnFamilyHandle legacy = db.createColumnFamily(new ColumnFamilyDescriptor(legacyName, plain));
              RocksIterator iterator = db.newIterator(current)) {
            for (iterator.seekToFirst(); iterator.isValid(); iterator.next()) {
              keys.add(iterator.key());
              long bucket = RocksLayout.handle(iterator.key());
              for (long handle : RocksLayout.handles(iterator.value())) {
                byte[] entry = new byte[16];
                RocksLayout.putLong(entry, 0, bucket);
                RocksLayout.putLong(entry, 8, handle);
                db.put(legacy, entry, new byte[0]);
                entries++;
              }
            }
          }
          for (byte[] key : keys) {
            db.delete(current, key);
          }
          db.put(current, RocksLayout.handle(42), RocksLayout.handles(new long[] {123_456_789L}));
        }
        for (String former : RocksLayout.FORMER_FLOOR_FAMILIES) { // as the floor lists were kept
          try (ColumnFamilyHandle floor = db.createColumnFamily(
              new ColumnFamilyDescriptor(former.getBytes(StandardCharsets.US_ASCII), plain))) {
            db.put(floor, RocksLayout.handle(7), RocksLayout.handles(new long[] {1, 2}));
          }
        }
        handles.forEach(ColumnFamilyHandle::close);
      }
    }
    return entries;
  }

  /** The names of the index's column families. */
  static List<String> families(Path data) throws RocksDBException {
    List<String> names = new ArrayList<>();
    try (Options options = new Options()) {
      for (byte[] name : RocksDB.listColumnFamilies(options, data.toString())) {
        names.add(new String(name, StandardCharsets.US_ASCII));
      }
    }
    return names;
  }
}
