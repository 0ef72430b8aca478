package org.neardup.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.config.PipelineConfig;
import org.neardup.error.NearDupException;
import org.neardup.index.IndexSettings;
import org.neardup.index.NearDupIndex;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.FlushOptions;

/**
 * An index opened to search ({@link IndexDirectory#openToSearch}, RocksDB's secondary instance)
 * beside the process that writes it: it sees the index as it was when opened, keeps answering while
 * the writer adds, flushes and compacts (which deletes the table files it had opened), and refuses
 * an index a bulk load is being ingested into.
 */
class SearchBesideWriterTest {
  private static final GeneratedCorpus CORPUS =
      new CorpusGenerator(1_200, 0.4, 3, 0.2, 10, 60, 4549).generate();

  @TempDir Path dir;

  @Test
  void aSearchSeesTheIndexAsOpenedWhileTheWriterGoesOn() throws Exception {
    IndexSettings settings = IndexSettings.of(PipelineConfig.builder().threads(2).build(), true);
    try (IndexDirectory writer =
        IndexDirectory.open(dir, new IndexDirectory.Options(settings, true, true, 16L << 20, 2))) {
      NearDupIndex<String> written = writer.index();
      for (int i = 0; i < 600; i++) {
        written.add(CORPUS.ids().get(i), CORPUS.texts().get(i));
      }
      flushAndCompact(writer);
      try (IndexDirectory search = IndexDirectory.openToSearch(dir)) {
        NearDupIndex<String> searched = search.index();
        assertThat(searched.size()).isEqualTo(600);
        // the writer goes on: more documents, flushed and compacted into new table files
        for (int i = 600; i < CORPUS.size(); i++) {
          written.add(CORPUS.ids().get(i), CORPUS.texts().get(i));
        }
        flushAndCompact(writer);
        assertThat(written.size()).isEqualTo(CORPUS.size());
        // the search still answers, from the index as it was: each document held finds itself
        for (int i = 0; i < CORPUS.size(); i += 7) {
          String id = CORPUS.ids().get(i);
          boolean found =
              searched.query(CORPUS.texts().get(i)).stream()
                  .anyMatch(m -> m.key().equals(id) && m.similarity() == 1.0);
          assertThat(found).as("%s (held: %s)", id, i < 600).isEqualTo(i < 600);
          if (i < 600) {
            assertThat(searched.query(CORPUS.texts().get(i)))
                .isEqualTo(
                    written.query(CORPUS.texts().get(i)).stream()
                        .filter(m -> CORPUS.ids().indexOf(m.key()) < 600)
                        .toList());
          }
        }
      }
      // a bulk load under way (its handle range recorded) is refused
      writer.db().put(RocksLayout.BULK_LOAD, new byte[16]);
      assertThatThrownBy(() -> IndexDirectory.openToSearch(dir))
          .isInstanceOf(NearDupException.class)
          .hasMessageContaining("a bulk load is being ingested into the index");
      writer.db().delete(RocksLayout.BULK_LOAD);
    }
  }

  private static void flushAndCompact(IndexDirectory directory) throws Exception {
    try (FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
      for (String family : RocksLayout.FAMILIES) {
        ColumnFamilyHandle handle = directory.family(family);
        directory.db().flush(flush, handle);
        directory.db().compactRange(handle);
      }
    }
  }
}
