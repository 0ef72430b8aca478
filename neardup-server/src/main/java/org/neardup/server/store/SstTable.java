package org.neardup.server.store;

import java.nio.file.Files;
import java.nio.file.Path;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.EnvOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDBException;
import org.rocksdb.SstFileWriter;

/**
 * One table file a bulk load writes for one column family ({@link SstFileWriter}), in the family's
 * own table format (filters, index, compression), entries in ascending key order. Opened on the
 * first entry: a table without entries is no file. Tables are staged in a directory inside the
 * index's, so a full disk is reported for the index's directory. Not thread-safe; close it.
 */
final class SstTable implements AutoCloseable {
  private final Path file;
  private final ColumnFamilyOptions family;
  private DBOptions dbOptions;
  private Options options;
  private EnvOptions env;
  private SstFileWriter writer;
  private long entries;
  private boolean finished;

  SstTable(Path file, ColumnFamilyOptions family) {
    this.file = file;
    this.family = family;
  }

  void put(byte[] key, byte[] value) {
    try {
      open().put(key, value);
    } catch (RocksDBException e) {
      throw failure(e);
    }
    entries++;
  }

  /**
   * A merge operand: appended to what the index holds under {@code key} (the family's operator).
   */
  void merge(byte[] key, byte[] value) {
    try {
      open().merge(key, value);
    } catch (RocksDBException e) {
      throw failure(e);
    }
    entries++;
  }

  long entries() {
    return entries;
  }

  /** Completes the file; true when it has entries (and so is a file to ingest). */
  boolean finish() {
    if (writer != null && !finished) {
      try {
        writer.finish();
      } catch (RocksDBException e) {
        throw failure(e);
      }
      finished = true;
    }
    return entries > 0;
  }

  Path file() {
    return file;
  }

  private SstFileWriter open() {
    if (writer == null) {
      env = new EnvOptions();
      dbOptions = new DBOptions();
      options = new Options(dbOptions, family);
      writer = new SstFileWriter(env, options);
      try {
        writer.open(file.toString());
      } catch (RocksDBException e) {
        throw failure(e);
      }
    }
    return writer;
  }

  private RuntimeException failure(RocksDBException e) {
    if (DiskFullException.isNoSpace(e)) {
      Path staging = file.toAbsolutePath().getParent();
      return new DiskFullException(staging.getParent(), "writing the bulk load's tables", e);
    }
    return new StoreException(file + ": cannot write the bulk load's table: " + e.getMessage(), e);
  }

  /** Releases the writer; a file not finished is deleted. */
  @Override
  public void close() {
    if (writer != null) {
      writer.close();
      options.close();
      dbOptions.close();
      env.close();
      writer = null;
    }
    if (!finished) {
      try {
        Files.deleteIfExists(file);
      } catch (java.io.IOException e) {
        // the staging directory is removed as a whole after
      }
    }
  }
}
