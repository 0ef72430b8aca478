package org.neardup.server.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.neardup.config.PipelineConfig;
import org.neardup.format.ShingleSetFormat;
import org.neardup.index.WriteResult;
import org.neardup.lsh.Banding;
import org.neardup.search.ContainmentPlan;
import org.neardup.sketch.Sketch;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;

/**
 * Loads documents into a persistent index without its per-document write path: each document's
 * entries go to table files ({@link SstTable}) sorted as RocksDB keeps them, which {@link
 * #finish()} ingests ({@code ingestExternalFile}), into a new index or one that holds documents.
 *
 * <ul>
 *   <li>The families keyed by handle (ids, signatures, sets, texts) are written as the documents
 *       come: handles are given out in input order, ascending, above every handle the index holds.
 *   <li>Keys are sorted in runs on the heap ({@link KeyRuns}).
 *   <li>The bucket and containment lists are sorted externally ({@link ListRuns}); into an index
 *       that holds documents they are merge operands that append to its lists.
 * </ul>
 *
 * The index ends up as if the same documents had been added one by one, in the same order: the same
 * handles, the same lists. A document whose key the index holds is skipped ({@link
 * WriteResult.Status#ALREADY_PRESENT}), as is an empty one; keys twice in the input are the
 * caller's to refuse. Nothing is in the index before {@link #finish()}: a load that fails before,
 * or is closed without it, leaves the index as it was. Ingestion goes family by family,
 * handle-keyed families first and the count last; if one fails, what was ingested is taken out
 * again.
 *
 * <p>The tables and spill runs are staged in a directory inside the index's (so ingestion moves
 * files, copying nothing), removed by {@link #close()}. The index must not be written otherwise
 * meanwhile, nor queried before (as {@code index build} opens it: top-k and containment make heap
 * state on their first query that would miss the load). Not thread-safe: feed it from one thread.
 */
public final class BulkLoader implements AutoCloseable {
  private static final String STAGING = "bulk-load.tmp";

  private final IndexDirectory directory;
  private final RocksDB db;
  private final RocksIndexStore store;
  private final Path staging;
  private final Banding banding;
  private final ContainmentPlan containmentPlan; // null without containment
  private final boolean keepSets;
  private final boolean keepTexts;
  private final boolean append; // the index holds documents (or did): lists are appended to
  private final long firstHandle;
  private final long countBefore;
  private final ColumnFamilyHandle keysFamily;
  private final SstTable ids;
  private final SstTable signatures;
  private final SstTable sets;
  private final SstTable texts;
  private final KeyRuns keys;
  private final ListRuns buckets;
  private final ListRuns containment; // null without containment
  private long nextHandle;
  private long added;
  private boolean finished;

  /**
   * Starts a load into {@code directory}'s index.
   *
   * @param sortBytes heap for sorting the keys and lists; more is written to disk in sorted runs
   */
  public static BulkLoader start(IndexDirectory directory, long sortBytes) {
    return new BulkLoader(Objects.requireNonNull(directory, "directory"), sortBytes);
  }

  private BulkLoader(IndexDirectory directory, long sortBytes) {
    if (sortBytes < 1 << 20) {
      throw new IllegalArgumentException("sort memory must be at least 1 MiB, got " + sortBytes);
    }
    this.directory = directory;
    this.db = directory.db();
    this.store = directory.store();
    PipelineConfig config = directory.index().config();
    this.banding = new Banding(config.lshParams());
    this.containmentPlan =
        directory
            .settings()
            .search()
            .containmentPlan(config.threshold(), config.targetRecall())
            .orElse(null);
    this.keepSets = config.verifier().needsSets();
    this.keepTexts = directory.settings().keepTexts();
    this.firstHandle = this.nextHandle = store.nextHandle();
    this.countBefore = store.sketches().size();
    this.append = firstHandle > 0 || countBefore > 0;
    this.keysFamily = directory.family(RocksLayout.KEYS);
    this.staging = directory.directory().resolve(STAGING);
    removeStaging(staging);
    try {
      Files.createDirectories(staging);
    } catch (IOException e) {
      throw new UncheckedIOException(staging + ": cannot create: " + e.getMessage(), e);
    }
    this.ids = table(RocksLayout.IDS);
    this.signatures = table(RocksLayout.SIGNATURES);
    this.sets = table(RocksLayout.SETS);
    this.texts = table(RocksLayout.TEXTS);
    long listBytes = sortBytes / 4 * 3;
    this.keys =
        new KeyRuns(staging, directory.familyOptions(RocksLayout.KEYS), sortBytes - listBytes);
    int listFamilies = containmentPlan == null ? 1 : 2;
    int entries = (int) Math.min(1 << 28, Math.max(1024, listBytes / listFamilies / 12));
    this.buckets = new ListRuns(entries, staging, firstHandle);
    this.containment = containmentPlan == null ? null : new ListRuns(entries, staging, firstHandle);
  }

  private SstTable table(String family) {
    return new SstTable(staging.resolve(family + ".sst"), directory.familyOptions(family));
  }

  /**
   * Adds a document sketched with the index's sketcher: {@link WriteResult.Status#ADDED}, or {@link
   * WriteResult.Status#ALREADY_PRESENT} when the index holds its key (nothing written), or {@link
   * WriteResult.Status#EMPTY_DOCUMENT} when the sketch is empty.
   *
   * @param text the raw text, kept when the index keeps texts; null for none
   */
  public WriteResult.Status add(String key, Sketch sketch, String text) {
    if (finished) {
      throw new IllegalStateException("the load is finished");
    }
    if (sketch == null || sketch.isEmpty()) {
      return WriteResult.Status.EMPTY_DOCUMENT;
    }
    byte[] keyBytes = key.getBytes(StandardCharsets.UTF_8);
    if (countBefore > 0 && held(keyBytes)) {
      return WriteResult.Status.ALREADY_PRESENT;
    }
    long handle = nextHandle++;
    byte[] h = RocksLayout.handle(handle);
    int[] signature = sketch.signature();
    long[] set = keepSets ? sketch.shingleSet() : null;
    ids.put(h, keyBytes);
    signatures.put(h, RocksLayout.signature(signature));
    if (set != null) {
      sets.put(h, ShingleSetFormat.encode(set));
    }
    if (keepTexts && text != null) {
      texts.put(h, text.getBytes(StandardCharsets.UTF_8));
    }
    keys.add(keyBytes, handle);
    buckets.add(banding.bucketKeys(signature), handle);
    if (containment != null) {
      containment.add(containmentPlan.sample().of(set), handle);
    }
    added++;
    return WriteResult.Status.ADDED;
  }

  private boolean held(byte[] key) {
    try {
      return db.get(keysFamily, key) != null;
    } catch (RocksDBException e) {
      throw new StoreException("cannot read the index: " + e.getMessage(), e);
    }
  }

  /** Documents added so far. */
  public long added() {
    return added;
  }

  /**
   * Sorts what is left, writes the last tables and ingests them all, then records the new count
   * durably: the documents added are in the index. Once.
   */
  public void finish() {
    if (finished) {
      throw new IllegalStateException("the load is finished");
    }
    finished = true;
    if (added == 0) {
      return;
    }
    List<Ingestion.Step> steps = new ArrayList<>();
    handleStep(steps, RocksLayout.IDS, ids);
    handleStep(steps, RocksLayout.SIGNATURES, signatures);
    handleStep(steps, RocksLayout.SETS, sets);
    handleStep(steps, RocksLayout.TEXTS, texts);
    for (SstTable run : keys.finish()) {
      steps.add(new Ingestion.Step(RocksLayout.KEYS, List.of(run)));
    }
    if (containment != null) {
      steps.add(listStep(RocksLayout.CONTAINMENT, containment));
    }
    steps.add(listStep(RocksLayout.BUCKETS, buckets));
    new Ingestion(directory, firstHandle, nextHandle)
        .run(steps, () -> store.bulkLoaded(nextHandle, countBefore + added));
  }

  private static void handleStep(List<Ingestion.Step> steps, String family, SstTable table) {
    if (table.finish()) {
      steps.add(new Ingestion.Step(family, List.of(table)));
    }
  }

  private Ingestion.Step listStep(String family, ListRuns runs) {
    SstTable table =
        new SstTable(staging.resolve(family + ".sst"), directory.familyOptions(family));
    runs.writeTo(table, append);
    runs.close();
    table.finish();
    return new Ingestion.Step(family, List.of(table));
  }

  /**
   * Frees the sorters and removes the staged files; a load not finished leaves the index as it was.
   */
  @Override
  public void close() {
    for (AutoCloseable part :
        new AutoCloseable[] {ids, signatures, sets, texts, keys, buckets, containment}) {
      try {
        if (part != null) {
          part.close();
        }
      } catch (Exception e) {
        // staged files only: removed with the directory below
      }
    }
    removeStaging(staging);
  }

  /** Removes what a load whose process died left staged in the index directory {@code index}. */
  static void removeLeftovers(Path index) {
    removeStaging(index.resolve(STAGING));
  }

  private static void removeStaging(Path staging) {
    if (!Files.exists(staging)) {
      return;
    }
    try (Stream<Path> files = Files.walk(staging)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(file);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(staging + ": cannot remove: " + e.getMessage(), e);
    }
  }
}
