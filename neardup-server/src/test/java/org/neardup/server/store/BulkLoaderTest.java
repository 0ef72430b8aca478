package org.neardup.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.config.PipelineConfig;
import org.neardup.index.IndexSettings;
import org.neardup.index.NearDupIndex;
import org.neardup.index.SearchSettings;
import org.neardup.index.WriteResult;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksIterator;

/**
 * A bulk load writes, byte for byte, what adding the documents one by one writes — every family,
 * with the sorts spilling to disk — and a failed ingestion is taken out again.
 */
class BulkLoaderTest {
  private static final PipelineConfig CONFIG = PipelineConfig.builder().threads(2).build();
  private static final IndexSettings SETTINGS =
      IndexSettings.of(CONFIG, true, new SearchSettings(0.3, 4));

  /**
   * 6,000 documents: with 1 MiB to sort in (a quarter for keys, about 46 bytes a key) the list and
   * key sorts each spill runs.
   */
  private static final GeneratedCorpus CORPUS =
      new CorpusGenerator(6000, 0.4, 3, 0.25, 10, 60, 77).generate();

  /** Documents held before the ingestions that fail. */
  private static final int HELD = 500;

  @TempDir Path dir;

  /**
   * What adding every document one by one writes, which both loads are compared with: built once
   * for the class (no test writes to it).
   */
  private static Map<String, List<String>> oneByOne;

  @BeforeAll
  static void addEveryDocumentOneByOne(@TempDir Path shared) {
    try (IndexDirectory directory = open(shared.resolve("one-by-one"))) {
      addOneByOne(directory.index(), 0, CORPUS.size());
      oneByOne = contents(directory);
    }
  }

  private static IndexDirectory open(Path path) {
    return IndexDirectory.open(
        path, new IndexDirectory.Options(SETTINGS, true, true, 16L << 20, 2));
  }

  /** Every entry of every family, as hex, by family (merges resolved, as a read sees them). */
  private static Map<String, List<String>> contents(IndexDirectory directory) {
    Map<String, List<String>> contents = new LinkedHashMap<>();
    List<String> families = new ArrayList<>(RocksLayout.FAMILIES);
    families.add(RocksLayout.CONTAINMENT);
    families.add("default");
    HexFormat hex = HexFormat.of();
    for (String family : families) {
      List<String> entries = new ArrayList<>();
      try (ReadOptions reads = new ReadOptions().setTotalOrderSeek(true);
          RocksIterator it = directory.db().newIterator(directory.family(family), reads)) {
        for (it.seekToFirst(); it.isValid(); it.next()) {
          entries.add(hex.formatHex(it.key()) + "=" + hex.formatHex(it.value()));
        }
      }
      contents.put(family, entries);
    }
    return contents;
  }

  private static void addOneByOne(NearDupIndex<String> index, int from, int to) {
    for (int i = from; i < to; i++) {
      index.add(CORPUS.ids().get(i), CORPUS.texts().get(i));
    }
  }

  private static void bulkLoad(IndexDirectory directory, int from, int to) {
    NearDupIndex<String> index = directory.index();
    try (BulkLoader loader = BulkLoader.start(directory, 1 << 20)) {
      for (int i = from; i < to; i++) {
        String text = CORPUS.texts().get(i);
        assertThat(loader.add(CORPUS.ids().get(i), index.sketcher().sketch(text), text))
            .isEqualTo(WriteResult.Status.ADDED);
      }
      loader.finish();
    }
  }

  @Test
  void aLoadWritesWhatAddingOneByOneWrites() {
    try (IndexDirectory bulk = open(dir.resolve("bulk"))) {
      bulkLoad(bulk, 0, CORPUS.size());
      assertThat(bulk.index().size()).isEqualTo(CORPUS.size());
      assertThat(contents(bulk)).isEqualTo(oneByOne);
      assertThat(bulk.check().ok()).isTrue();
    }
  }

  @Test
  void aLoadIntoAnIndexThatHoldsDocumentsAppendsAsAddingOneByOne() {
    int half = CORPUS.size() / 2;
    try (IndexDirectory bulk = open(dir.resolve("bulk"))) {
      addOneByOne(bulk.index(), 0, half);
      bulkLoad(bulk, half, CORPUS.size());
      assertThat(contents(bulk)).isEqualTo(oneByOne);
      assertThat(bulk.check().ok()).isTrue();

      // held keys are skipped, and a loader closed without finishing leaves nothing
      try (BulkLoader loader = BulkLoader.start(bulk, 1 << 20)) {
        String text = CORPUS.texts().get(0);
        assertThat(loader.add(CORPUS.ids().get(0), bulk.index().sketcher().sketch(text), text))
            .isEqualTo(WriteResult.Status.ALREADY_PRESENT);
        assertThat(loader.add("new", bulk.index().sketcher().sketch(text), text))
            .isEqualTo(WriteResult.Status.ADDED);
      }
      assertThat(contents(bulk)).isEqualTo(oneByOne);
    }
  }

  @Test
  void aFailedIngestionLeavesTheIndexAsItWas() {
    try (IndexDirectory directory = open(dir.resolve("index"))) {
      addOneByOne(directory.index(), 0, HELD);
      Map<String, List<String>> before = contents(directory);
      long first = directory.store().nextHandle();
      List<Ingestion.Step> steps =
          new ArrayList<>(twoDocuments(directory, dir.resolve("staging"), first));
      steps.add(
          new Ingestion.Step(
              RocksLayout.TEXTS, List.of(new SstTable(dir.resolve("missing.sst"), null))));

      assertThatThrownBy(() -> new Ingestion(directory, first, first + 2).run(steps, () -> {}))
          .isInstanceOf(StoreException.class)
          .hasMessageContaining("cannot ingest the bulk load");
      assertThat(contents(directory)).isEqualTo(before);
      assertThat(directory.check().ok()).isTrue();

      // every table ingested, then the write of the count fails
      List<Ingestion.Step> all = twoDocuments(directory, dir.resolve("staging-2"), first);
      assertThatThrownBy(
              () ->
                  new Ingestion(directory, first, first + 2)
                      .run(
                          all,
                          () -> {
                            throw new StoreException("cannot write the index: test", null);
                          }))
          .hasMessage("cannot write the index: test");
      assertThat(contents(directory)).isEqualTo(before);
      assertThat(directory.check().ok()).isTrue();
    }
  }

  @Test
  void anIngestionThatDidNotFinishIsUndoneWhenTheIndexOpens() throws IOException {
    Path data = dir.resolve("index");
    Map<String, List<String>> before;
    try (IndexDirectory directory = open(data)) {
      addOneByOne(directory.index(), 0, HELD);
      before = contents(directory);
      long first = directory.store().nextHandle();
      // every table ingested, the process gone before the count is written
      new Ingestion(directory, first, first + 2)
          .run(twoDocuments(directory, dir.resolve("staging"), first), () -> {});
      assertThat(contents(directory)).isNotEqualTo(before);
    }
    Path leftover =
        data.resolve("bulk-load.tmp").resolve("keys-0.sst"); // a staged table of the dead load
    Files.createDirectories(leftover.getParent());
    Files.write(leftover, new byte[] {1, 2, 3});
    try (IndexDirectory reopened = open(data)) {
      assertThat(leftover.getParent()).doesNotExist();
      assertThat(contents(reopened)).isEqualTo(before);
      assertThat(reopened.check().ok()).isTrue();
      assertThat(reopened.index().size()).isEqualTo(HELD);
    }
  }

  /** The tables of two new documents, x and y, one appended to a list the index holds. */
  private static List<Ingestion.Step> twoDocuments(
      IndexDirectory directory, Path staging, long first) {
    byte[] h0 = RocksLayout.handle(first);
    byte[] h1 = RocksLayout.handle(first + 1);
    SstTable ids = table(directory, staging, RocksLayout.IDS);
    ids.put(h0, "x".getBytes(StandardCharsets.UTF_8));
    ids.put(h1, "y".getBytes(StandardCharsets.UTF_8));
    SstTable signatures = table(directory, staging, RocksLayout.SIGNATURES);
    signatures.put(h0, new byte[4]);
    signatures.put(h1, new byte[4]);
    SstTable keys = table(directory, staging, RocksLayout.KEYS);
    keys.put("x".getBytes(StandardCharsets.UTF_8), h0);
    keys.put("y".getBytes(StandardCharsets.UTF_8), h1);
    long held = firstBucket(directory);
    SstTable buckets = table(directory, staging, RocksLayout.BUCKETS);
    buckets.put(RocksLayout.handle(0), RocksLayout.handles(new long[] {first}));
    buckets.merge(RocksLayout.handle(held), RocksLayout.handles(new long[] {first, first + 1}));
    for (SstTable table : List.of(ids, signatures, keys, buckets)) {
      table.finish();
    }
    return List.of(
        new Ingestion.Step(RocksLayout.IDS, List.of(ids)),
        new Ingestion.Step(RocksLayout.SIGNATURES, List.of(signatures)),
        new Ingestion.Step(RocksLayout.KEYS, List.of(keys)),
        new Ingestion.Step(RocksLayout.BUCKETS, List.of(buckets)));
  }

  private static SstTable table(IndexDirectory directory, Path staging, String family) {
    try {
      java.nio.file.Files.createDirectories(staging);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return new SstTable(staging.resolve(family + ".sst"), directory.familyOptions(family));
  }

  private static long firstBucket(IndexDirectory directory) {
    try (ReadOptions reads = new ReadOptions().setTotalOrderSeek(true);
        RocksIterator it =
            directory.db().newIterator(directory.family(RocksLayout.BUCKETS), reads)) {
      it.seekToFirst();
      return RocksLayout.handle(it.key());
    }
  }
}
