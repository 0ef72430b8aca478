package org.neardup.server.store;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rocksdb.ColumnFamilyOptions;

/**
 * The {@link RocksLayout#KEYS} entries of a bulk load (document key → handle), which arrive in
 * input order and must be written in key order: they collect on the heap up to a budget, then are
 * sorted (unsigned bytes, RocksDB's order) and written as one table, a sorted run. The runs overlap
 * one another, so each is ingested on its own; their keys are distinct (the loader admits a key
 * once), so the order of ingestion does not matter. Not thread-safe; close it.
 */
final class KeyRuns implements AutoCloseable {
  /** Heap an entry costs besides its key's bytes (the array, its reference, the handle). */
  private static final int OVERHEAD = 40;

  private final Path directory;
  private final ColumnFamilyOptions family;
  private final long budgetBytes;
  private final List<Entry> buffer = new ArrayList<>();
  private long bufferBytes;
  private final List<SstTable> runs = new ArrayList<>();

  // Shares its arrays (no copy: a carrier inside this class); equals and hashCode compare them
  // by identity, which nothing here relies on.
  @SuppressWarnings("ArrayRecordComponent")
  private record Entry(byte[] key, long handle) {}

  /**
   * @param budgetBytes heap for the entries waiting to be sorted
   */
  KeyRuns(Path directory, ColumnFamilyOptions family, long budgetBytes) {
    this.directory = directory;
    this.family = family;
    this.budgetBytes = budgetBytes;
  }

  void add(byte[] key, long handle) {
    buffer.add(new Entry(key, handle));
    bufferBytes += key.length + OVERHEAD;
    if (bufferBytes >= budgetBytes) {
      spill();
    }
  }

  private void spill() {
    if (buffer.isEmpty()) {
      return;
    }
    Entry[] entries = buffer.toArray(Entry[]::new);
    buffer.clear();
    bufferBytes = 0;
    Arrays.sort(entries, (a, b) -> Arrays.compareUnsigned(a.key(), b.key()));
    SstTable run = new SstTable(directory.resolve("keys-" + runs.size() + ".sst"), family);
    runs.add(run);
    for (Entry entry : entries) {
      run.put(entry.key(), RocksLayout.handle(entry.handle()));
    }
    run.finish();
  }

  /** Writes what waits; the finished runs, each a table to ingest on its own. */
  List<SstTable> finish() {
    spill();
    return runs;
  }

  @Override
  public void close() {
    buffer.clear();
    runs.forEach(SstTable::close);
  }
}
