package org.neardup.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.config.PipelineConfig;
import org.neardup.error.NearDupException;
import org.neardup.index.BucketSpace;
import org.neardup.index.BucketStore;
import org.neardup.index.IndexSettings;
import org.neardup.index.IndexWrite;
import org.neardup.index.Match;
import org.neardup.index.NearDupIndex;
import org.neardup.index.SearchSettings;
import org.neardup.index.SetHead;
import org.neardup.index.WriteResult;
import org.neardup.search.ContainmentSample;
import org.neardup.shingle.ShingleConfig;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.DBOptions;
import org.rocksdb.RocksDB;

class IndexDirectoryTest {
  private static final PipelineConfig CONFIG = PipelineConfig.builder().threads(2).build();
  private static final IndexSettings SETTINGS = IndexSettings.of(CONFIG, true);
  private static final GeneratedCorpus CORPUS =
      new CorpusGenerator(1500, 0.4, 3, 0.25, 10, 60, 31).generate();

  /**
   * Top-k (floor 0.3) and containment (1 in 4) besides the threshold: the search tests' settings.
   */
  private static final SearchSettings SEARCH = new SearchSettings(0.3, 4);

  private static final IndexSettings SEARCH_SETTINGS = IndexSettings.of(CONFIG, false, SEARCH);

  @TempDir Path dir;

  private static IndexDirectory create(Path path) {
    return IndexDirectory.open(
        path, new IndexDirectory.Options(SETTINGS, true, true, 16L << 20, 2));
  }

  private static IndexDirectory openForSearch(Path path) {
    return IndexDirectory.open(
        path, new IndexDirectory.Options(SEARCH_SETTINGS, true, true, 16L << 20, 2));
  }

  /** Adds every document of {@code corpus} to both indexes. */
  private static void addAll(
      GeneratedCorpus corpus, NearDupIndex<String> index, NearDupIndex<String> memory) {
    for (int i = 0; i < corpus.size(); i++) {
      index.add(corpus.ids().get(i), corpus.texts().get(i));
      memory.add(corpus.ids().get(i), corpus.texts().get(i));
    }
  }

  /** A generated corpus with copies and planted excerpts, for top-k and containment. */
  private static GeneratedCorpus searchCorpus(int documents, long seed) {
    return new CorpusGenerator(documents, 0.4, 6, 0.5, 15, 80, seed)
        .withExcerpts(0.3, 0.05)
        .generate();
  }

  /**
   * The disk figure walks the directory while RocksDB removes files (compactions): a file listed
   * and gone before it is measured is not an error. Files appear and vanish under the walk here, as
   * fast as a thread can make them, for a bounded number of walks.
   */
  @Test
  void diskBytesToleratesFilesRemovedDuringTheWalk() throws Exception {
    try (IndexDirectory directory = create(dir.resolve("churn"))) {
      java.util.concurrent.atomic.AtomicBoolean stop =
          new java.util.concurrent.atomic.AtomicBoolean();
      Thread churn =
          new Thread(
              () -> {
                for (int i = 0; !stop.get(); i++) {
                  Path file = dir.resolve("churn").resolve("vanishing-" + (i % 64) + ".sst");
                  try {
                    Files.write(file, new byte[16]);
                    Files.deleteIfExists(file);
                  } catch (IOException e) {
                    return;
                  }
                }
              });
      churn.start();
      try {
        for (int walk = 0; walk < 2_000; walk++) {
          assertThat(directory.diskBytes()).isPositive();
        }
      } finally {
        stop.set(true);
        churn.join();
      }
    }
  }

  @Test
  void findsWhatTheInMemoryIndexFindsAndKeepsItAcrossReopen() {
    Path data = dir.resolve("index");
    NearDupIndex<String> memory = NearDupIndex.inMemory(CONFIG);
    Map<String, List<Match<String>>> expected = new HashMap<>();
    try (IndexDirectory directory = create(data)) {
      NearDupIndex<String> index = directory.index();
      for (int i = 0; i < CORPUS.size(); i++) {
        String id = CORPUS.ids().get(i);
        String text = CORPUS.texts().get(i);
        List<Match<String>> found = index.addAndQuery(id, text);
        assertThat(found).isEqualTo(memory.addAndQuery(id, text));
      }
      for (int i = 0; i < CORPUS.size(); i += 3) {
        expected.put(CORPUS.ids().get(i), memory.query(CORPUS.texts().get(i)));
      }
      assertThat(index.size()).isEqualTo(CORPUS.size());
    }
    try (IndexDirectory reopened = IndexDirectory.open(data, IndexDirectory.Options.existing())) {
      NearDupIndex<String> index = reopened.index();
      assertThat(reopened.settings()).isEqualTo(SETTINGS);
      assertThat(index.size()).isEqualTo(CORPUS.size());
      int nonTrivial = 0;
      for (int i = 0; i < CORPUS.size(); i += 3) {
        List<Match<String>> found = index.query(CORPUS.texts().get(i));
        assertThat(found).isEqualTo(expected.get(CORPUS.ids().get(i)));
        nonTrivial += found.size() > 1 ? 1 : 0;
      }
      assertThat(nonTrivial).isGreaterThan(50);
      assertThat(index.text(CORPUS.ids().get(7))).contains(CORPUS.texts().get(7));
      IndexCheck.Report report = reopened.check();
      assertThat(report.problems()).isEmpty();
      assertThat(report.documents()).isEqualTo(CORPUS.size());
      assertThat(report.bucketEntries())
          .isEqualTo((long) CORPUS.size() * SETTINGS.banding().bands());
    }
  }

  @Test
  void removalsUpsertsAndRefusedWritesPersist() {
    Path data = dir.resolve("index");
    try (IndexDirectory directory = create(data)) {
      NearDupIndex<String> index = directory.index();
      index.add("a", "the same listing, posted twice on the same day");
      index.add("b", "a different listing altogether about a house");
      List<WriteResult<String>> results =
          index.writeAll(
              List.of(
                  IndexWrite.add("a", index.sketcher().sketch("x y z"), "x y z", true),
                  IndexWrite.remove("b"),
                  IndexWrite.remove("missing"),
                  IndexWrite.upsert(
                      "c",
                      index.sketcher().sketch("the same listing, posted twice on the same day!"),
                      "the same listing, posted twice on the same day!",
                      true)));
      assertThat(results)
          .extracting(WriteResult::status)
          .containsExactly(
              WriteResult.Status.ALREADY_PRESENT,
              WriteResult.Status.REMOVED,
              WriteResult.Status.NOT_FOUND,
              WriteResult.Status.ADDED);
      assertThat(results.get(3).matches()).extracting(Match::key).containsExactly("a");
    }
    try (IndexDirectory reopened = IndexDirectory.open(data, IndexDirectory.Options.existing())) {
      NearDupIndex<String> index = reopened.index();
      assertThat(index.contains("a")).isTrue();
      assertThat(index.contains("b")).isFalse();
      assertThat(index.contains("c")).isTrue();
      assertThat(index.size()).isEqualTo(2);
      assertThat(reopened.check().ok()).isTrue();
    }
  }

  @Test
  void otherSettingsAreAClearErrorAndNotGarbage() {
    Path data = dir.resolve("index");
    create(data).close();
    IndexSettings other =
        IndexSettings.of(CONFIG.toBuilder().shingle(ShingleConfig.chars(9)).build(), true);
    assertThatThrownBy(
            () ->
                IndexDirectory.open(
                    data, new IndexDirectory.Options(other, true, true, 1 << 20, 1)))
        .isInstanceOf(NearDupException.class)
        .hasMessageContaining("built with other settings")
        .hasMessageContaining("char:5")
        .hasMessageContaining("char:9");
    // not checked when the caller did not ask for particular settings: the stored ones are used
    try (IndexDirectory opened =
        IndexDirectory.open(data, new IndexDirectory.Options(other, false, true, 1 << 20, 1))) {
      assertThat(opened.settings()).isEqualTo(SETTINGS);
    }
  }

  @Test
  void directoriesThatAreNotIndexesAreRefused() throws IOException {
    Path file = Files.writeString(dir.resolve("file"), "x");
    assertThatThrownBy(() -> create(file)).hasMessageContaining("is a file");
    Path full = Files.createDirectories(dir.resolve("full"));
    Files.writeString(full.resolve("something.txt"), "mine");
    assertThatThrownBy(() -> create(full))
        .hasMessageContaining("not a neardup index, and not empty");
    assertThatThrownBy(
            () -> IndexDirectory.open(dir.resolve("none"), IndexDirectory.Options.existing()))
        .hasMessageContaining("no index there");
    try (IndexDirectory open = create(dir.resolve("index"))) {
      assertThatThrownBy(() -> create(dir.resolve("index")))
          .hasMessageContaining("in use by another process");
    }
  }

  @Test
  void aCheckpointIsAWholeIndexTakenWhileWriting() {
    Path data = dir.resolve("index");
    Path backup = dir.resolve("backup");
    List<String> added = new ArrayList<>();
    try (IndexDirectory directory = create(data)) {
      for (int i = 0; i < 200; i++) {
        directory.index().add(CORPUS.ids().get(i), CORPUS.texts().get(i));
        added.add(CORPUS.ids().get(i));
      }
      directory.checkpoint(backup);
      directory.index().add(CORPUS.ids().get(500), CORPUS.texts().get(500));
      assertThatThrownBy(() -> directory.checkpoint(backup)).hasMessageContaining("already exists");
    }
    try (IndexDirectory copy = IndexDirectory.open(backup, IndexDirectory.Options.existing())) {
      assertThat(copy.index().size()).isEqualTo(200);
      assertThat(added).allMatch(copy.index()::contains);
      assertThat(copy.check().ok()).isTrue();
    }
  }

  /**
   * RocksDB's checkpoint empties {@code TARGET.tmp} first, following links: a backup to {@code D}
   * of an index living in {@code D.tmp}, through a link named {@code D.tmp}, or beside a user's own
   * {@code D.tmp} deletes nothing, and the live index keeps every acknowledged write.
   */
  @Test
  void aBackupDeletesNothingItDidNotCreate() throws IOException {
    Path live = dir.resolve("live.tmp");
    try (IndexDirectory directory = create(live)) {
      for (int i = 0; i < 50; i++) {
        directory.index().add(CORPUS.ids().get(i), CORPUS.texts().get(i));
      }
      Path marker = Files.writeString(live.resolve("marker"), "the live index's directory");
      directory.checkpoint(dir.resolve("live"));
      assertThat(live.resolve("CURRENT")).exists();
      assertThat(marker).exists();

      Path link = dir.resolve("linked.tmp");
      Files.createSymbolicLink(link, live);
      directory.checkpoint(dir.resolve("linked"));
      assertThat(live.resolve("CURRENT")).exists();
      assertThat(marker).exists();

      Path own = Files.createDirectory(dir.resolve("mine.tmp"));
      Files.writeString(own.resolve("notes.txt"), "keep me");
      directory.checkpoint(dir.resolve("mine"));
      assertThat(Files.readString(own.resolve("notes.txt"))).isEqualTo("keep me");

      directory.index().add(CORPUS.ids().get(60), CORPUS.texts().get(60));
    }
    try (IndexDirectory reopened = IndexDirectory.open(live, IndexDirectory.Options.existing())) {
      assertThat(reopened.index().size()).isEqualTo(51);
      assertThat(reopened.check().ok()).isTrue();
    }
    for (String backup : List.of("live", "linked", "mine")) {
      try (IndexDirectory copy =
          IndexDirectory.open(dir.resolve(backup), IndexDirectory.Options.existing())) {
        assertThat(copy.index().size()).as(backup).isEqualTo(50);
      }
    }
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(f -> f.getFileName().toString()))
          .noneMatch(name -> name.startsWith(".neardup-backup-"));
    }
  }

  /**
   * An index built for top-k and containment answers them as the in-memory index does, before and
   * after reopening and after removals, its search entries check out, and a plain index keeps the
   * column families of before.
   */
  @Test
  void topKAndContainmentAnswerAsInMemoryAcrossReopenAndRemoval() throws IOException {
    GeneratedCorpus corpus = searchCorpus(600, 5);
    NearDupIndex<String> memory = NearDupIndex.inMemory(CONFIG, SEARCH);
    Path data = dir.resolve("search");
    try (IndexDirectory directory = openForSearch(data)) {
      addAll(corpus, directory.index(), memory);
      for (int i = 1; i < corpus.size(); i += 25) { // loads the low bytes of the floor candidates
        assertThat(directory.index().top(corpus.texts().get(i), 8))
            .isEqualTo(memory.top(corpus.texts().get(i), 8));
      }
      for (int i = 0; i < corpus.size(); i += 4) {
        assertThat(directory.index().remove(corpus.ids().get(i))).isTrue();
        memory.remove(corpus.ids().get(i));
      }
      for (int i = 0; i < 40; i++) { // new documents after the load, copies of old ones
        directory.index().add("again-" + i, corpus.texts().get(3 * i + 1));
        memory.add("again-" + i, corpus.texts().get(3 * i + 1));
      }
      for (int i = 1; i < corpus.size(); i += 5) {
        String text = corpus.texts().get(i);
        assertThat(directory.index().top(text, 8)).isEqualTo(memory.top(text, 8));
      }
    }
    try (IndexDirectory reopened = IndexDirectory.open(data, IndexDirectory.Options.existing())) {
      assertThat(reopened.settings()).isEqualTo(SEARCH_SETTINGS);
      assertThat(reopened.check().ok()).as(reopened.check().problems().toString()).isTrue();
      for (int i = 1; i < corpus.size(); i += 5) {
        String text = corpus.texts().get(i);
        assertThat(reopened.index().top(text, 8)).isEqualTo(memory.top(text, 8));
        assertThat(reopened.index().containing(text, 50)).isEqualTo(memory.containing(text, 50));
      }
    }
    Path plain = dir.resolve("plain");
    create(plain).close();
    try (org.rocksdb.Options options = new org.rocksdb.Options()) {
      List<String> families = new ArrayList<>();
      for (byte[] name : org.rocksdb.RocksDB.listColumnFamilies(options, plain.toString())) {
        families.add(new String(name, java.nio.charset.StandardCharsets.US_ASCII));
      }
      assertThat(families)
          .doesNotContainAnyElementsOf(RocksLayout.SEARCH_FAMILIES)
          .contains(RocksLayout.BUCKETS);
    } catch (org.rocksdb.RocksDBException e) {
      throw new IOException(e);
    }
    assertThatThrownBy(() -> openForSearch(plain))
        .isInstanceOf(NearDupException.class)
        .hasMessageContaining("top-k floor");
  }

  /**
   * prepareTopK loads the floor of a reopened index (as a service does at start); a load
   * interrupted throws CancellationException and leaves nothing loaded, so that the writes that
   * follow and the next load see every document: top-k answers as in memory after it.
   */
  @Test
  void anInterruptedFloorLoadLeavesNothingLoaded() {
    GeneratedCorpus corpus = searchCorpus(300, 23);
    NearDupIndex<String> memory = NearDupIndex.inMemory(CONFIG, SEARCH);
    Path data = dir.resolve("interrupted");
    try (IndexDirectory directory = openForSearch(data)) {
      addAll(corpus, directory.index(), memory);
    }
    try (IndexDirectory reopened = IndexDirectory.open(data, IndexDirectory.Options.existing())) {
      NearDupIndex<String> index = reopened.index();
      Thread.currentThread().interrupt();
      try {
        assertThatThrownBy(index::prepareTopK)
            .isInstanceOf(java.util.concurrent.CancellationException.class);
      } finally {
        assertThat(Thread.interrupted()).isTrue();
      }
      for (int i = 0; i < corpus.size(); i += 3) {
        index.remove(corpus.ids().get(i));
        memory.remove(corpus.ids().get(i));
      }
      index.prepareTopK();
      index.add("late", corpus.texts().get(4));
      memory.add("late", corpus.texts().get(4));
      for (int i = 1; i < corpus.size(); i += 4) {
        assertSameAnswers(
            index.top(corpus.texts().get(i), 8), memory.top(corpus.texts().get(i), 8), 8);
      }
    }
  }

  /**
   * Batches that add to, remove from and upsert into the same search lists (a removal rewrites a
   * list the batch has appended to, an add follows a removal's rewrite) leave the lists the
   * in-memory index has: the same top-k and containment answers, and a clean check; so do the floor
   * buckets on the heap, loaded after the first batch and kept in step with the others.
   */
  @Test
  void batchesThatAddAndRemoveInTheSameListsAnswerAsInMemory() {
    GeneratedCorpus corpus = searchCorpus(400, 11);
    NearDupIndex<String> memory = NearDupIndex.inMemory(CONFIG, SEARCH);
    Path data = dir.resolve("batches");
    try (IndexDirectory directory = openForSearch(data)) {
      NearDupIndex<String> index = directory.index();
      java.util.SplittableRandom random = new java.util.SplittableRandom(3);
      for (int start = 0; start < corpus.size(); start += 40) {
        List<IndexWrite<String>> writes = new ArrayList<>();
        for (int i = start; i < Math.min(corpus.size(), start + 40); i++) {
          String text = corpus.texts().get(i);
          writes.add(
              IndexWrite.add(corpus.ids().get(i), index.sketcher().sketch(text), text, false));
          if (i > 0
              && random.nextInt(3)
                  == 0) { // a removal of a document of this batch or of an earlier one
            writes.add(IndexWrite.remove(corpus.ids().get(random.nextInt(i))));
          }
          if (random.nextInt(5)
              == 0) { // an upsert of a copy: its lists are the ones just rewritten
            String copied = corpus.texts().get(random.nextInt(i + 1));
            writes.add(
                IndexWrite.upsert(
                    "copy-" + random.nextInt(30), index.sketcher().sketch(copied), copied, false));
          }
        }
        List<WriteResult<String>> results = index.writeAll(writes);
        assertThat(results).isEqualTo(memory.writeAll(writes));
        if (start
            == 0) { // loads the floor buckets on the heap: the later batches' writes are applied to
          // them
          assertSameAnswers(
              index.top(corpus.texts().get(5), 8), memory.top(corpus.texts().get(5), 8), 8);
        }
      }
      for (int i = 0; i < corpus.size(); i += 7) {
        String text = corpus.texts().get(i);
        assertSameAnswers(index.top(text, 8), memory.top(text, 8), 8);
        assertSameAnswers(index.containing(text, 50), memory.containing(text, 50), 50);
      }
      for (int i = 0;
          i < 12;
          i++) { // one shingle each: most have none sampled, so no containment list
        index.add("tiny-" + i, "t" + i);
        memory.add("tiny-" + i, "t" + i);
        assertThat(index.containing("t" + i, 5)).isEqualTo(memory.containing("t" + i, 5));
        assertThat(index.remove("tiny-" + i)).isTrue();
        memory.remove("tiny-" + i);
      }
      IndexCheck.Report report = directory.check();
      assertThat(report.problems()).isEmpty();
      assertThat(index.size()).isEqualTo(memory.size());
    }
  }

  /**
   * A batch of writes reads its documents' keys and buckets ahead in two bulk reads: applying it
   * reads none of them one write at a time, and its writes see each other as before (a copy added
   * after its original in the same batch finds it; a removal then an add of a key in the same
   * batch).
   */
  @Test
  void aBatchReadsItsKeysAndBucketsAheadAndStillSeesItsOwnWrites() {
    try (IndexDirectory directory = create(dir.resolve("prefetch"))) {
      NearDupIndex<String> index = directory.index();
      NearDupIndex<String> memory = NearDupIndex.inMemory(CONFIG);
      List<IndexWrite<String>> first = new ArrayList<>();
      for (int i = 0; i < 300; i++) {
        String text = CORPUS.texts().get(i);
        first.add(IndexWrite.add(CORPUS.ids().get(i), index.sketcher().sketch(text), text, true));
      }
      long before = directory.store().singleReads();
      assertThat(index.writeAll(first)).isEqualTo(memory.writeAll(first));
      assertThat(directory.store().singleReads()).isEqualTo(before);

      List<IndexWrite<String>> second = new ArrayList<>();
      String original = CORPUS.texts().get(300);
      second.add(IndexWrite.add("original", index.sketcher().sketch(original), original, true));
      second.add(IndexWrite.add("copy", index.sketcher().sketch(original), original, true));
      second.add(IndexWrite.remove(CORPUS.ids().get(0)));
      String replacement = CORPUS.texts().get(301);
      second.add(
          IndexWrite.add(
              CORPUS.ids().get(0), index.sketcher().sketch(replacement), replacement, true));
      second.add(
          IndexWrite.add(
              CORPUS.ids().get(1), index.sketcher().sketch(replacement), replacement, true));
      List<WriteResult<String>> results = index.writeAll(second);
      assertThat(results).isEqualTo(memory.writeAll(second));
      assertThat(results.get(1).matches()).extracting(Match::key).contains("original");
      assertThat(results.get(3).status()).isEqualTo(WriteResult.Status.ADDED);
      assertThat(results.get(4).status()).isEqualTo(WriteResult.Status.ALREADY_PRESENT);
      assertThat(directory.check().problems()).isEmpty();
    }
  }

  /**
   * The storage settings, as RocksDB records them: the bucket and list families' memtables hash a
   * list into one of about a million buckets (not RocksDB's default 50,000, whose chains every read
   * and write walked); texts are ZSTD-compressed, the other compressed families ZSTD at their last
   * level; the write-ahead log is bounded.
   */
  @Test
  void storageSettingsAreWhatRocksDbRecords() throws IOException {
    try (IndexDirectory directory = openForSearch(dir.resolve("memtables"))) {
      directory.index().add("a", "a first document");
    }
    Path options;
    try (var files = Files.list(dir.resolve("memtables"))) {
      options =
          files
              .filter(f -> f.getFileName().toString().startsWith("OPTIONS-"))
              .max(Path::compareTo)
              .orElseThrow();
    }
    String text = Files.readString(options);
    List<String> factories =
        text.lines().filter(line -> line.contains("HashLinkListRepFactory")).toList();
    assertThat(factories)
        .hasSize(2) // the threshold buckets and the containment lists
        .allSatisfy(
            line ->
                assertThat(line)
                    .contains("bucket_count=" + RocksOptions.MEMTABLE_HASH_BUCKETS + ";"));
    assertThat(text).contains("max_total_wal_size=" + RocksOptions.MAX_WAL_BYTES + "\n");
    assertThat(familyOptions(text, "texts")).contains("\n  compression=kZSTD\n");
    assertThat(familyOptions(text, "buckets"))
        .contains("\n  compression=kLZ4Compression\n")
        .contains("\n  bottommost_compression=kZSTD\n");
    assertThat(familyOptions(text, "sets")).contains("\n  compression=kNoCompression\n");
  }

  /** The lines of a column family's options in an OPTIONS file. */
  private static String familyOptions(String options, String family) {
    int start = options.indexOf("[CFOptions \"" + family + "\"]");
    assertThat(start).as(family).isNotNegative();
    int end = options.indexOf("\n[", start + 1);
    return options.substring(start, end < 0 ? options.length() : end + 1);
  }

  /**
   * The containment lists' lengths kept on the heap ({@link ListLengths}) are exact for every long
   * list once loaded, follow a commit's appends and removals for the lists they know, learn a list
   * that grew long when a query reads it, and are loaded again when the index is reopened; a length
   * given is never wrong (0 means "short or not known").
   */
  @Test
  void containmentListLengthsFollowWritesAndReads() {
    GeneratedCorpus corpus = searchCorpus(500, 23);
    ContainmentSample sample = new ContainmentSample(SEARCH.containmentSampling());
    Path data = dir.resolve("lengths");
    Set<Long> keys = new HashSet<>();
    try (IndexDirectory directory = openForSearch(data)) {
      NearDupIndex<String> index = directory.index();
      BucketStore lists = directory.store().buckets(BucketSpace.CONTAINMENT);
      for (int i = 0; i < 300; i++) {
        index.add(corpus.ids().get(i), corpus.texts().get(i));
      }
      for (String text : corpus.texts()) {
        for (long key : sample.of(index.sketcher().sketch(text).shingleSet())) {
          keys.add(key);
        }
      }
      assertLengths(lists, keys, true); // the first call loads them all
      for (int i = 0; i < 300; i += 3) {
        index.remove(corpus.ids().get(i));
      }
      for (int i = 300; i < corpus.size(); i++) {
        index.add(corpus.ids().get(i), corpus.texts().get(i));
      }
      long known = keys.stream().filter(key -> lists.size(key) > 0).count();
      assertLengths(lists, keys, false); // exact where given; reading every list learns the others
      assertThat(keys.stream().filter(key -> lists.size(key) > 0).count()).isGreaterThan(known);
      assertLengths(lists, keys, true);
    }
    try (IndexDirectory reopened = IndexDirectory.open(data, IndexDirectory.Options.existing())) {
      assertLengths(reopened.store().buckets(BucketSpace.CONTAINMENT), keys, true);
    }
  }

  /** A set's head is read without the rest: its smallest hashes, with the whole set's size. */
  @Test
  void aSetsHeadIsItsSmallestHashesAndItsSize() {
    try (IndexDirectory directory = create(dir.resolve("heads"))) {
      NearDupIndex<String> index = directory.index();
      for (int i = 0; i < 50; i++) {
        index.add(CORPUS.ids().get(i), CORPUS.texts().get(i));
      }
      index.remove(CORPUS.ids().get(7));
      RocksIndexStore store = directory.store();
      for (int i = 0; i < 50; i++) {
        long handle = store.sketches().handleOf(CORPUS.ids().get(i));
        if (i == 7) {
          assertThat(handle).isEqualTo(-1);
          continue;
        }
        long[] set = store.sketches().shingleSet(handle);
        assertThat(set.length).isGreaterThan(16);
        SetHead head = store.sketches().shingleSetHead(handle, 16);
        assertThat(head.hashes()).isEqualTo(Arrays.copyOf(set, 16));
        assertThat(head.size()).isEqualTo(set.length);
        assertThat(head.whole()).isFalse();
        SetHead whole = store.sketches().shingleSetHead(handle, set.length + 5);
        assertThat(whole.hashes()).isEqualTo(set);
        assertThat(whole.whole()).isTrue();
      }
    }
  }

  /**
   * Every length given is the list's (read after the lengths are taken); with {@code complete},
   * every list of {@link ListLengths#TRACKED} handles or more has its length given, and a few do.
   */
  private static void assertLengths(BucketStore lists, Set<Long> keys, boolean complete) {
    Map<Long, Integer> given = new HashMap<>();
    keys.forEach(key -> given.put(key, lists.size(key)));
    int longLists = 0;
    for (long key : keys) {
      int length = lists.candidates(new long[] {key}).length;
      int size = given.get(key);
      if (size > 0 || (complete && length >= ListLengths.TRACKED)) {
        assertThat(size).as("list %d", key).isEqualTo(length);
      }
      if (length >= ListLengths.TRACKED) {
        longLists++;
      }
      if (length < ListLengths.TRACKED) {
        assertThat(size).as("a short list %d", key).isZero();
      }
    }
    assertThat(longLists).isGreaterThan(20);
  }

  /**
   * The same similarities, and the same documents but for the order of equal similarities (broken
   * by handle: the in-memory index reuses the handles of removed documents, the persistent one
   * never does) and for those tied with the last of a full answer.
   */
  private static void assertSameAnswers(
      List<Match<String>> actual, List<Match<String>> expected, int limit) {
    assertThat(actual)
        .extracting(Match::similarity)
        .isEqualTo(expected.stream().map(Match::similarity).toList());
    double tiedOut = expected.size() == limit ? expected.get(limit - 1).similarity() : -1;
    assertThat(actual.stream().filter(m -> m.similarity() > tiedOut).map(Match::key))
        .containsExactlyInAnyOrderElementsOf(
            expected.stream().filter(m -> m.similarity() > tiedOut).map(Match::key).toList());
  }

  /**
   * An index with a column family this version does not make (as indexes of pre-release layouts
   * have) is refused when opened, to write or to read, naming the family and what to do, and is
   * left as it was.
   */
  @Test
  void anIndexWithAFamilyOfAnotherLayoutIsRefusedNamingIt() throws Exception {
    Path data = dir.resolve("other-layout");
    create(data).close();
    List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
    try (org.rocksdb.Options listing = new org.rocksdb.Options()) {
      for (byte[] name : RocksDB.listColumnFamilies(listing, data.toString())) {
        descriptors.add(new ColumnFamilyDescriptor(name));
      }
    }
    List<ColumnFamilyHandle> handles = new ArrayList<>();
    try (DBOptions options = new DBOptions();
        RocksDB db = RocksDB.open(options, data.toString(), descriptors, handles)) {
      db.createColumnFamily(
              new ColumnFamilyDescriptor("containment".getBytes(StandardCharsets.US_ASCII)))
          .close();
      handles.forEach(ColumnFamilyHandle::close);
    }
    assertThatThrownBy(() -> IndexDirectory.open(data, IndexDirectory.Options.existing()))
        .isInstanceOf(NearDupException.class)
        .hasMessageContaining(data.toString())
        .hasMessageContaining("'containment'")
        .hasMessageContaining("neardup index build");
    assertThatThrownBy(() -> IndexDirectory.openReadOnly(data))
        .isInstanceOf(NearDupException.class)
        .hasMessageContaining("'containment'");
    try (org.rocksdb.Options listing = new org.rocksdb.Options()) {
      assertThat(RocksDB.listColumnFamilies(listing, data.toString()))
          .anyMatch(name -> new String(name, StandardCharsets.US_ASCII).equals("containment"));
    }
  }
}
