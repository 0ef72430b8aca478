package org.neardup.server.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.IngestExternalFileOptions;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * Ingests a bulk load's tables into the index, a step at a time (RocksDB ingests atomically into
 * one family per call), moving the files. Before the first step the load's handle range is recorded
 * durably ({@link RocksLayout#BULK_LOAD}), and {@link RocksIndexStore#bulkLoaded} removes the
 * record with the write that makes the documents the index's. If a step fails, the steps done are
 * undone before the failure is thrown; if the process dies in between, opening the index undoes
 * them all ({@link #recover}). Either way the index is as before the load:
 *
 * <ul>
 *   <li>the handle-keyed families lose the load's handle range (a range deletion);
 *   <li>the keys lose the keys of the load's handles (read from the ids ingested first);
 *   <li>a list family has every list that holds a handle of the load put back without them (a scan
 *       of the family: slow, and only on this path).
 * </ul>
 */
final class Ingestion {
  /** The tables to ingest into one family, in one call. */
  record Step(String family, List<SstTable> tables) {}

  private final IndexDirectory directory;
  private final RocksDB db;
  private final long firstHandle;
  private final long endHandle;

  /**
   * @param firstHandle the load's first handle; {@code endHandle} the one after its last
   */
  Ingestion(IndexDirectory directory, long firstHandle, long endHandle) {
    this.directory = directory;
    this.db = directory.db();
    this.firstHandle = firstHandle;
    this.endHandle = endHandle;
  }

  /**
   * Undoes the load that was being ingested when the process that ran it died, if there was one:
   * its handle range is recorded; and removes the files a dead load left staged. Called when the
   * index is opened to write, before anything else.
   */
  static void recover(IndexDirectory directory) {
    BulkLoader.removeLeftovers(directory.directory());
    RocksDB db = directory.db();
    try {
      byte[] range = db.get(RocksLayout.BULK_LOAD);
      if (range == null) {
        return;
      }
      Ingestion ingestion =
          new Ingestion(directory, RocksLayout.getLong(range, 0), RocksLayout.getLong(range, 8));
      List<String> all = new ArrayList<>(RocksLayout.FAMILIES);
      if (directory.family(RocksLayout.CONTAINMENT) != null) {
        all.add(RocksLayout.CONTAINMENT);
      }
      ingestion.undo(all);
    } catch (RocksDBException e) {
      throw new StoreException(
          directory.directory() + ": cannot undo an unfinished bulk load: " + e.getMessage(), e);
    }
  }

  /**
   * Ingests the steps in order, then runs {@code commit} (which makes the documents the index's);
   * if a step or the commit fails, undoes what was ingested and throws the failure.
   */
  void run(List<Step> steps, Runnable commit) {
    List<String> done = new ArrayList<>();
    try {
      byte[] range = new byte[16];
      RocksLayout.putLong(range, 0, firstHandle);
      RocksLayout.putLong(range, 8, endHandle);
      try (WriteOptions synced = new WriteOptions().setSync(true)) {
        db.put(synced, RocksLayout.BULK_LOAD, range);
      }
    } catch (RocksDBException e) {
      throw DiskFullException.isNoSpace(e)
          ? new DiskFullException(directory.directory(), "starting the bulk load", e)
          : new StoreException("cannot start the bulk load: " + e.getMessage(), e);
    }
    try (IngestExternalFileOptions options =
        new IngestExternalFileOptions()
            .setMoveFiles(true)
            .setAllowGlobalSeqNo(true)
            .setAllowBlockingFlush(true)) {
      for (Step step : steps) {
        List<String> files = step.tables().stream().map(table -> table.file().toString()).toList();
        db.ingestExternalFile(directory.family(step.family()), files, options);
        if (!done.contains(step.family())) {
          done.add(step.family());
        }
      }
      commit.run();
    } catch (RuntimeException e) {
      try {
        undo(done);
      } catch (RuntimeException | RocksDBException undo) {
        e.addSuppressed(undo);
      }
      throw e;
    } catch (RocksDBException e) {
      RuntimeException failure =
          DiskFullException.isNoSpace(e)
              ? new DiskFullException(directory.directory(), "ingesting the bulk load", e)
              : new StoreException("cannot ingest the bulk load: " + e.getMessage(), e);
      try {
        undo(done);
      } catch (RuntimeException | RocksDBException undo) {
        failure.addSuppressed(undo);
      }
      throw failure;
    }
  }

  /** Takes the load's entries out of the families {@code done}, then its record. */
  private void undo(List<String> done) throws RocksDBException {
    try (WriteOptions synced = new WriteOptions().setSync(true)) {
      if (done.contains(RocksLayout.KEYS)) {
        undoKeys(synced);
      }
      for (String family : List.of(RocksLayout.CONTAINMENT, RocksLayout.BUCKETS)) {
        if (done.contains(family)) {
          undoLists(directory.family(family), synced);
        }
      }
      for (String family :
          List.of(RocksLayout.IDS, RocksLayout.SIGNATURES, RocksLayout.SETS, RocksLayout.TEXTS)) {
        if (done.contains(family)) {
          db.deleteRange(
              directory.family(family),
              synced,
              RocksLayout.handle(firstHandle),
              RocksLayout.handle(endHandle));
        }
      }
      db.delete(synced, RocksLayout.BULK_LOAD);
    }
  }

  private void undoKeys(WriteOptions synced) throws RocksDBException {
    ColumnFamilyHandle keys = directory.family(RocksLayout.KEYS);
    try (ReadOptions reads = new ReadOptions();
        RocksIterator ids = db.newIterator(directory.family(RocksLayout.IDS), reads);
        WriteBatch batch = new WriteBatch()) {
      for (ids.seek(RocksLayout.handle(firstHandle)); ids.isValid(); ids.next()) {
        if (RocksLayout.handle(ids.key()) >= endHandle) {
          break;
        }
        batch.delete(keys, ids.value());
      }
      db.write(synced, batch);
    }
  }

  private void undoLists(ColumnFamilyHandle family, WriteOptions synced) throws RocksDBException {
    try (ReadOptions reads = new ReadOptions().setTotalOrderSeek(true);
        RocksIterator lists = db.newIterator(family, reads);
        WriteBatch batch = new WriteBatch()) {
      for (lists.seekToFirst(); lists.isValid(); lists.next()) {
        long[] handles = RocksLayout.handles(lists.value());
        int kept = 0;
        while (kept < handles.length && handles[kept] < firstHandle) {
          kept++; // ascending: the load's handles are at the end
        }
        if (kept == handles.length) {
          continue;
        }
        if (kept == 0) {
          batch.delete(family, lists.key());
        } else {
          batch.put(family, lists.key(), RocksLayout.handles(Arrays.copyOf(handles, kept)));
        }
        if (batch.count() >= 10_000) {
          db.write(synced, batch);
          batch.clear();
        }
      }
      db.write(synced, batch);
    }
  }
}
