package org.neardup.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.config.PipelineConfig;
import org.neardup.index.IndexSettings;
import org.neardup.index.IndexWrite;
import org.neardup.index.NearDupIndex;
import org.neardup.index.WriteResult;

/**
 * A batch of writes that fails midway (a read of a damaged table) leaves nothing of itself: its
 * earlier writes are neither readable nor written by the next commit, nor there after a restart.
 */
class FailedBatchTest {
  private static final PipelineConfig CONFIG = PipelineConfig.builder().threads(2).build();
  private static final IndexSettings SETTINGS = IndexSettings.of(CONFIG, true);
  private static final String HELD =
      "Sunny two-room flat near Termini station, 800 euro a month, furnished, second floor";

  @TempDir Path dir;

  private static IndexDirectory open(Path path) {
    return IndexDirectory.open(
        path, new IndexDirectory.Options(SETTINGS, true, true, 16L << 20, 2));
  }

  @Test
  void aBatchThatFailsMidwayStoresNothingAndLeavesNothingReadable() throws Exception {
    Path data = dir.resolve("idx");
    try (IndexDirectory directory = open(data)) {
      directory.index().add("held", HELD);
      DamagedTables.flush(directory);
    }
    DamagedTables.damageSignatures(data);

    try (IndexDirectory directory = open(data)) {
      NearDupIndex<String> index = directory.index();
      List<IndexWrite<String>> batch =
          List.of(
              IndexWrite.add(
                  "clean",
                  index.sketcher().sketch("a quiet garden flat"),
                  "a quiet garden flat",
                  true),
              // its candidate is the held document, whose signature is in the damaged table
              IndexWrite.add("copy", index.sketcher().sketch(HELD), HELD, true));
      assertThatThrownBy(() -> index.writeAll(batch)).isInstanceOf(StoreException.class);

      assertThat(index.contains("clean")).as("the failed batch's first write").isFalse();
      assertThat(index.text("clean")).isEmpty();
      assertThat(index.size()).isEqualTo(1);
      List<WriteResult<String>> next =
          index.writeAll(
              List.of(
                  IndexWrite.add(
                      "next", index.sketcher().sketch("a bright room"), "a bright room", false)));
      assertThat(next.get(0).status()).isEqualTo(WriteResult.Status.ADDED);
      assertThat(index.contains("clean")).as("not written by the next commit").isFalse();
      assertThat(index.size()).isEqualTo(2);
      List<WriteResult<String>> again =
          index.writeAll(
              List.of(
                  IndexWrite.add(
                      "clean",
                      index.sketcher().sketch("a quiet garden flat"),
                      "a quiet garden flat",
                      true)));
      assertThat(again.get(0).status())
          .as("a retry is no conflict")
          .isEqualTo(WriteResult.Status.ADDED);
    }
    try (IndexDirectory reopened = open(data)) {
      assertThat(reopened.index().contains("next")).isTrue();
      assertThat(reopened.index().text("clean")).contains("a quiet garden flat");
      assertThat(reopened.index().size()).isEqualTo(3);
    }
  }
}
