package org.neardup.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.neardup.config.PipelineConfig;

/**
 * A batch that fails midway is rolled back by its storage; a storage that cannot undo writes leaves
 * an index that refuses further writes rather than one holding half a batch unsaid.
 */
class FailedBatchRollbackTest {
  private static final PipelineConfig CONFIG = PipelineConfig.builder().build();

  /** The in-memory storage whose commit fails once, and which can undo or not. */
  private static final class FailingStorage implements IndexStorage<String> {
    final InMemoryStorage<String> memory = new InMemoryStorage<>(16, CONFIG.lshParams().bands());
    final boolean canUndo;
    boolean failNext = true;
    int rollbacks;

    FailingStorage(boolean canUndo) {
      this.canUndo = canUndo;
    }

    @Override
    public SketchStore<String> sketches() {
      return memory.sketches();
    }

    @Override
    public BucketStore buckets(BucketSpace space) {
      return memory.buckets(space);
    }

    @Override
    public void commit() {
      if (failNext) {
        failNext = false;
        throw new IllegalStateException("the disk went away");
      }
    }

    @Override
    public boolean rollback() {
      rollbacks++;
      return canUndo;
    }

    @Override
    public void close() {}
  }

  private static List<IndexWrite<String>> twoAdds(NearDupIndex<String> index) {
    return List.of(
        IndexWrite.add(
            "a", index.sketcher().sketch("a quiet garden flat near the park"), null, true),
        IndexWrite.add("b", index.sketcher().sketch("a bright room with a view"), null, true));
  }

  @Test
  void aFailedCommitIsRolledBackAndTheNextBatchGoesOn() {
    FailingStorage storage = new FailingStorage(true);
    NearDupIndex<String> index = NearDupIndex.over(CONFIG, storage);
    assertThatThrownBy(() -> index.writeAll(twoAdds(index))).hasMessage("the disk went away");
    assertThat(storage.rollbacks).isEqualTo(1);
    index.writeAll(
        List.of(IndexWrite.add("c", index.sketcher().sketch("another text entirely"), null, true)));
    assertThat(storage.rollbacks).isEqualTo(1);
  }

  @Test
  void aStorageThatCannotUndoLeavesAnIndexThatRefusesWrites() {
    FailingStorage storage = new FailingStorage(false);
    NearDupIndex<String> index = NearDupIndex.over(CONFIG, storage);
    assertThatThrownBy(() -> index.writeAll(twoAdds(index))).hasMessage("the disk went away");
    assertThatThrownBy(
            () -> index.add("c", "another text entirely, which must not be stored after that"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("takes no more writes");
    assertThat(index.contains("c")).isFalse();
  }
}
