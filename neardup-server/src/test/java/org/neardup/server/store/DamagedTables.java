package org.neardup.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.rocksdb.FlushOptions;
import org.rocksdb.LiveFileMetaData;
import org.rocksdb.RocksDBException;

/** Damages the table files of an index, as a failing disk would, for tests of what reads them. */
public final class DamagedTables {
  private DamagedTables() {}

  /** Writes every family's memtable to a table, so that what is held is in table files. */
  public static void flush(IndexDirectory directory) throws RocksDBException {
    try (FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
      for (String family : RocksLayout.FAMILIES) {
        directory.db().flush(flush, directory.family(family));
      }
    }
  }

  /** {@link #damage} of the signatures' tables: every write or query that verifies fails. */
  public static void damageSignatures(Path data) throws IOException, RocksDBException {
    damage(data, RocksLayout.SIGNATURES);
  }

  /**
   * Overwrites bytes at the start of every table file of {@code family} (its first data block) of
   * the closed index in {@code data}, so that reading a value there fails its checksum while the
   * index still opens.
   */
  static void damage(Path data, String family) throws IOException, RocksDBException {
    List<String> files;
    try (IndexDirectory directory = IndexDirectory.openReadOnly(data)) {
      files =
          directory.db().getLiveFilesMetaData().stream()
              .filter(
                  file ->
                      new String(file.columnFamilyName(), StandardCharsets.US_ASCII).equals(family))
              .map(LiveFileMetaData::fileName)
              .toList();
    }
    assertThat(files).as("tables of " + family).isNotEmpty();
    for (String file : files) {
      try (RandomAccessFile table =
          new RandomAccessFile(data.resolve(file.replaceFirst("^/", "")).toFile(), "rw")) {
        table.seek(8);
        table.write(new byte[] {0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a});
      }
    }
  }
}
